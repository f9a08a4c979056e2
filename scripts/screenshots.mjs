// Screenshots of the main screens at 390 px and 1280 px, for a human to look at.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [path ...]
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', out = 'screenshots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/locations', '/how-it-works', '/terms-of-service', '/no/such/page'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = (path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home') + `-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
  }
  await page.close();
}
await browser.close();
