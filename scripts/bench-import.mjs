// npm run bench:import: does a 5,000-row lots CSV stall other requests? Boots the built server on a throwaway
// database, signs in as the administrator, and while the file is checked (dry run) and then applied, keeps
// /healthz busy from 4 connections and reports its latency during each phase (p50, p99, max), next to the
// same figures with no import running; then exports the catalogue and applies 5,000 edits (a new price for each
// lot just made). Exits 1 when /healthz's p99 during any phase reaches 100 ms. The machine must be quiet: with
// other work on its cores, even the idle figures are far off.
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
const admin = { email: 'bench-admin@parkpilot.example', password: 'bench admin password' };
const COLUMNS = [
  'id',
  'location_code',
  'name',
  'address',
  'latitude',
  'longitude',
  'price',
  'weekly_rate',
  'capacity',
  'amenities',
  'features',
  'vehicle_types',
  'shuttle_info',
  'operating_hours',
  'phone',
  'website',
  'cancellation_policy',
  'description',
  'published',
];

const { base, stop } = await startBuiltServer(PORT, { env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
let failed = false;
try {
  const json = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [lat, lon] = [28.4312, -81.3081]; // Orlando International (db/seed/locations.ts)
  const rows = Array.from({ length: ROWS }, (_, i) =>
    [
      '',
      'MCO',
      `Bench Import Parking ${i}`,
      `${i} Bench Way Orlando FL 32809`,
      (lat + 0.01).toFixed(4),
      lon.toFixed(4),
      '9.95',
      '',
      '25',
      'Shuttle|Gated',
      'Free shuttle|Keep your keys',
      'Car|SUV',
      'Every 10 minutes',
      '24/7',
      '(407) 555-0199',
      '',
      'Free cancellation up to 24 hours before arrival',
      'Written by the import bench.',
      'true',
    ].join(','),
  );
  const csv = [COLUMNS.join(','), ...rows].join('\r\n');
  console.log(`CSV: ${ROWS.toLocaleString('en-US')} new lots at MCO, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);

  /** /healthz under load until `work` settles; its latency figures and how long the work took. */
  async function healthzDuring(label, work) {
    const load = autocannon({ url: `${base}/healthz`, connections: 4, duration: 120 });
    const started = performance.now();
    const answer = await work();
    const took = performance.now() - started;
    load.stop();
    const r = await load;
    const figures = {
      'work s': (took / 1000).toFixed(1),
      'healthz req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.non2xx,
    };
    console.log(label.padEnd(28), JSON.stringify(figures), answer ? JSON.stringify(answer).slice(0, 120) : '');
    return r.latency.p99;
  }

  const sleep = (ms) => () => new Promise((resolve) => setTimeout(resolve, ms));
  await healthzDuring('no import (3 s)', sleep(3000));
  const importCsv = (dryRun) => async () =>
    (await fetch(`${base}/api/admin/lots/import`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ csv, dryRun }) })).json();
  const dry = await healthzDuring('dry run (check only)', importCsv(true));
  await healthzDuring('dry run again', importCsv(true));
  const apply = await healthzDuring('apply (one transaction)', importCsv(false));
  let file = '';
  const exported = await healthzDuring('export', async () => {
    file = (await (await fetch(`${base}/api/admin/lots/export`, { headers: { cookie } })).json()).csv;
    return { bytes: file.length };
  });
  // The same 5,000 lots again, each with a new price: 5,000 edits (each its own diff, audit entry and capacity check).
  const [head, ...lines] = file.trim().split('\r\n');
  const priceAt = head.split(',').indexOf('price');
  const edits = [
    head,
    ...lines
      .filter((l) => l.includes('Bench Import Parking'))
      .map((l) =>
        l
          .split(',')
          .map((c, i) => (i === priceAt ? '10.95' : c))
          .join(','),
      ),
  ].join('\r\n');
  const csvOf = (text) => async () =>
    (await fetch(`${base}/api/admin/lots/import`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ csv: text, dryRun: false }) })).json();
  const edited = await healthzDuring('apply 5,000 edits', csvOf(edits));
  for (const [phase, p99] of Object.entries({ dry, apply, exported, edited })) {
    if (p99 >= 100) {
      console.error(`/healthz p99 during ${phase}: ${p99} ms (goal: under 100 ms)`);
      failed = true;
    }
  }
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
