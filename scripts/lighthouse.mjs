// npm run lighthouse: Lighthouse (mobile settings: emulated phone, simulated slow 4G and CPU slowdown)
// in Debian's Chromium against the built server, for the home page, an SEO location page and a blog
// post. Prints the four category scores per page; exits 1 when a page misses the targets
// (performance >= 95, accessibility 100, best practices >= 95, SEO 100).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { aPostPath, startBuiltServer } from './built-server.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const chromePath = ensureChromium();
const { base, stop } = await startBuiltServer(Number(process.env.LIGHTHOUSE_PORT ?? 4398));
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
let failed = false;
try {
  const pages = ['/', '/orlando-fl-mco-airport-parking', await aPostPath(base)];
  const rows = {};
  for (const page of pages) {
    // A warm-up load, as a returning crawler or visitor would find the server.
    await fetch(base + page);
    const { lhr } = await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    const row = {};
    for (const [id, target] of Object.entries(TARGETS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      row[id] = score;
      if (score < target) failed = true;
    }
    row['LCP ms'] = Math.round(lhr.audits['largest-contentful-paint'].numericValue);
    row['TBT ms'] = Math.round(lhr.audits['total-blocking-time'].numericValue);
    row.CLS = Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3));
    rows[page] = row;
    for (const [id, category] of Object.entries(lhr.categories)) {
      if (category.score < 1) {
        const misses = category.auditRefs.map((ref) => lhr.audits[ref.id]).filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
        if (misses.length) console.log(`${page} ${id}: ${misses.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
      }
    }
  }
  console.table(rows);
  console.log(failed ? `Below target (${JSON.stringify(TARGETS)}).` : 'All pages meet the targets.');
} finally {
  await chrome.kill();
  stop();
}
process.exit(failed ? 1 : 0);
