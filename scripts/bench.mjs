// npm run bench: the built server on a throwaway database holding a year of bookings at one airport (MCO, ~70 %
// occupancy, written in seconds by busy-data.mjs), measured with autocannon in one run and reported as ratios to
// the same server's cheapest route (/healthz), since the machine is noisy: search at the busy airport and at an
// empty one, bookings per second by signed-in travellers at 8 concurrent, server-rendered pages at 32
// connections; then each page's first-visit JavaScript in Chromium. Numbers are printed, not asserted.
// `npm run bench -- --postgres` runs the same on PostgreSQL (the data copied with db:copy-to-postgres).
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { fillBusyYear } from './busy-data.mjs';
import { spawnSync } from 'node:child_process';
import { aPostPath, root, startBuiltServer } from './built-server.mjs';
import { createDatabase, startPostgres } from './pg-cluster.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4399);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENGINE = process.argv.includes('--postgres') ? 'postgres' : 'sqlite';
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// 1. A seeded database, then a year of bookings at MCO written into it while no server runs.
const first = await startBuiltServer(PORT);
await first.stop({ keep: true });
const started = performance.now();
const busy = fillBusyYear(`${first.dir}/app.db`, { code: 'MCO' });
console.log(`Busy dataset: ${busy.bookings.toLocaleString('en-US')} bookings at MCO (${busy.lots} lots, ${Math.round(busy.occupancy * 100)} % occupancy) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// 2. On PostgreSQL (npm run bench -- --postgres): the same data copied into a throwaway PostgreSQL 15 cluster
// (fsync on, commits acknowledged before they reach disk, like SQLite's WAL with synchronous=NORMAL).
let serverEnv = {};
let cluster = null;
if (ENGINE === 'postgres') {
  cluster = await startPostgres({ fast: false });
  const url = await createDatabase(cluster.url, 'parkpilot_bench');
  const copyStarted = performance.now();
  const copy = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/copy-to-postgres.ts', '--from', `${first.dir}/app.db`], { cwd: root, env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
  if (copy.status !== 0) throw new Error(`copy to PostgreSQL failed: ${copy.stderr}`);
  console.log(`Copied into PostgreSQL in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`);
  serverEnv = { DATABASE_URL: url };
}
console.log(`Engine: ${ENGINE === 'postgres' ? 'PostgreSQL 15 (node-postgres pool of 10)' : 'SQLite (better-sqlite3, WAL)'}`);

const { base, stop: stopServer, pid } = await startBuiltServer(PORT, { dir: first.dir, env: serverEnv });
/** The server process's CPU time so far (user + system, /proc/<pid>/stat fields 14 and 15), in ms (100 ticks/s). */
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const stop = async () => {
  await stopServer();
  cluster?.stop();
};
const run = (opts) => autocannon({ duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' }, ...opts });
const summary = (r) => ({ 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx });

try {
  const post = await aPostPath(base);
  const stay = `arrivalDate=${day(7)}&departureDate=${day(10)}`;

  // 2. Travellers for the booking run: signed in, booking lots at an airport with room, on spread-out dates.
  const json = { 'content-type': 'application/json', origin: base };
  const cookies = [];
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: `Bench ${i}`, email: `bench-${i}-${Date.now()}@example.com`, password: 'bench password' }) });
    cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }
  const lots = (await (await fetch(`${base}/api/search?location=SEA&${stay}`)).json()).providers.filter((p) => p.capacity >= 100);
  let n = 0;
  const booking = () => {
    const i = n++;
    const lot = lots[i % lots.length];
    const arrival = day(2 + ((i * 7) % 300));
    return {
      method: 'POST',
      path: '/api/bookings/automated',
      headers: { ...json, cookie: cookies[i % cookies.length], 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        providerId: lot.id,
        customerInfo: { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '555-010-0100' },
        reservationDetails: { arrivalDate: `${arrival}T09:00`, departureDate: `${arrival}T18:00`, vehicleMake: 'Kia', vehicleModel: 'Rio' },
        paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '98101' },
      }),
    };
  };

  const targets = [
    ['GET /healthz', { url: `${base}/healthz`, connections: 10 }],
    ['search, busy airport (MCO, a year of bookings)', { url: `${base}/api/search?location=MCO&${stay}`, connections: 10 }],
    ['search, empty airport (SEA)', { url: `${base}/api/search?location=SEA&${stay}`, connections: 10 }],
    ['POST bookings, signed in, 8 concurrent', { url: base, connections: 8, requests: [{ setupRequest: (req) => ({ ...req, ...booking() }) }] }],
    ['SSR SEO page (MCO), anonymous, 32 conn.', { url: `${base}/orlando-fl-mco-airport-parking`, connections: 32 }],
    ['SSR home, anonymous, 32 conn.', { url: `${base}/`, connections: 32 }],
    ['SSR blog post, anonymous, 32 conn.', { url: `${base}${post}`, connections: 32 }],
  ];
  const rows = [];
  let healthz = 1;
  let healthzCpu = 1;
  for (const [name, opts] of targets) {
    const before = cpuMs();
    const result = await run(opts);
    const cpu = (cpuMs() - before) / Math.max(1, result.requests.total);
    const r = summary(result);
    if (name === 'GET /healthz') [healthz, healthzCpu] = [r['req/s'], cpu];
    rows.push({ route: name, ...r, 'ratio to /healthz': Number((r['req/s'] / healthz).toFixed(3)), 'server CPU ms/req': Number(cpu.toFixed(3)), 'CPU x /healthz': Number((cpu / healthzCpu).toFixed(1)) });
  }
  console.table(rows);
  const busyRow = rows[1];
  const emptyRow = rows[2];
  console.log(`Search at the busy airport takes ${(emptyRow['req/s'] / busyRow['req/s']).toFixed(2)}x the empty airport's time (goal: within 1.5x).`);

  // 3. The JavaScript a first visit downloads: every script the page requests until the network is idle
  // (the same on either engine: measured in the SQLite run).
  if (ENGINE === 'sqlite') await measureJavaScript(base, post);
} finally {
  await stop();
}

async function measureJavaScript(base, post) {
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
}
