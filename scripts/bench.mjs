// npm run bench: boots the built server on a throwaway database and measures throughput and
// latency of the main routes with autocannon, then the JavaScript a first visit downloads (in Debian's
// Chromium: every script the page loads, at the size the server sends it, gzip and brotli).
// Numbers are printed, not asserted: compare them across changes (tests/e2e/performance.spec.ts keeps
// the home page's 120 KB gzip budget).
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { aPostPath, startBuiltServer } from './built-server.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const { base, stop } = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4399));
const post = await aPostPath(base);

const targets = [
  ['GET /healthz', '/healthz'],
  ['GET /api/locations', '/api/locations'],
  ['GET /api/locations/mco', '/api/locations/MCO'],
  ['GET /api/search (MCO)', '/api/search?location=MCO&arrivalDate=2027-03-03&departureDate=2027-03-07'],
  ['GET /api/search (fuzzy)', '/api/search?location=orlndo%20airport&arrivalDate=2027-03-03&departureDate=2027-03-07'],
  ['SSR /', '/'],
  ['SSR /locations', '/locations'],
  ['SSR /how-it-works', '/how-it-works'],
  ['SSR SEO page (MCO)', '/orlando-fl-mco-airport-parking'],
  ['SSR blog post', post],
  ['SSR /blog', '/blog'],
];

try {
  const rows = [];
  for (const [name, url] of targets) {
    const r = await autocannon({ url: base + url, connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5), headers: { 'accept-encoding': 'gzip' } });
    rows.push({ route: name, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx });
  }
  console.table(rows);

  // The JavaScript a first visit downloads: every script the page requests until the network is idle.
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox'] });
  const weights = {};
  for (const page of ['/', '/orlando-fl-mco-airport-parking', post]) {
    const tab = await browser.newPage();
    const scripts = new Set();
    tab.on('response', (res) => res.request().resourceType() === 'script' && scripts.add(res.url()));
    await tab.goto(base + page, { waitUntil: 'networkidle' });
    await tab.close();
    const size = async (url, encoding) => {
      const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
      await res.arrayBuffer();
      return Number(res.headers.get('content-length'));
    };
    let gzip = 0;
    let br = 0;
    for (const url of scripts) {
      gzip += await size(url, 'gzip');
      br += await size(url, 'br');
    }
    weights[page] = { files: scripts.size, 'kB gzip': Number((gzip / 1024).toFixed(1)), 'kB brotli': Number((br / 1024).toFixed(1)) };
  }
  await browser.close();
  console.log('Initial JavaScript (budget for /: 120 kB gzip)');
  console.table(weights);
} finally {
  stop();
}
