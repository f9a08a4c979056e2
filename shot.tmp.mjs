import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 390]) {
  const p = await b.newPage({ viewport: { width, height: 900 } });
  const errs = []; p.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); }); p.on('pageerror', (e) => errs.push(String(e)));
  await p.goto('http://localhost:3000/locations/orlando-international-airport?arrivalDate=2027-03-03&departureDate=2027-03-06', { waitUntil: 'networkidle' });
  await p.getByRole('link', { name: 'View Details' }).first().click();
  await p.getByRole('heading', { name: 'Booking summary' }).waitFor();
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/shots/provider-${width}.png`, fullPage: true });
  console.log(width, p.url(), errs);
  await p.close();
}
await b.close();
