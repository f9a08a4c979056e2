// npm run bench: boots the built server on a throwaway database and measures throughput and
// latency of the main routes with autocannon, plus the size of the JavaScript a first visit loads.
// Numbers are printed, not asserted: compare them across changes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'dist/server/index.js'))) {
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const port = Number(process.env.BENCH_PORT ?? 4399);
const base = `http://127.0.0.1:${port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-bench-'));
const server = spawn(process.execPath, ['dist/server/index.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATABASE_PATH: path.join(dir, 'app.db'), APP_URL: base, OUTBOX_DIR: path.join(dir, 'outbox'), UPLOADS_DIR: path.join(dir, 'uploads'), LOG_REQUESTS: 'false' },
});

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

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
  ['SSR blog post', '/blog/parking-at-orlando-international-airport-mco-10-lots-compared'],
  ['SSR /blog', '/blog'],
];

try {
  await waitForHealth();
  const rows = [];
  for (const [name, url] of targets) {
    const r = await autocannon({ url: base + url, connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5), headers: { 'accept-encoding': 'gzip' } });
    rows.push({ route: name, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx });
  }
  console.table(rows);

  // Initial JavaScript of the home page: the entry chunk and its static imports.
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const seen = new Set();
  const walk = (chunk) => {
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imp of chunk.imports ?? []) walk(manifest[imp]);
  };
  walk(entry);
  let raw = 0;
  let gz = 0;
  for (const file of seen) {
    const buf = fs.readFileSync(path.join(root, 'dist/client', file));
    raw += buf.length;
    gz += gzipSync(buf).length;
  }
  console.log(`Initial JavaScript: ${(raw / 1024).toFixed(1)} kB (${(gz / 1024).toFixed(1)} kB gzip) in ${seen.size} file(s)`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
