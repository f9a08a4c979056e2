// npm run bench:mail: the CPU one booking confirmation e-mail costs, alone. On a throwaway SQLite database
// (migrated and seeded), one booking is made through the real checkout; then its job, 'mail.booking-confirmation',
// runs N times through the same handler the job runner calls (booking read, manage link minted, pass QR as PNG,
// .ics, templates, MIME, the .eml written to an outbox folder). Prints this process's CPU (user + system) per
// e-mail after a warm-up: the median and the fastest of a few rounds (on a shared machine, other work slows a
// round). `-- --n 1000 --rounds 8` set N and the rounds; `node --cpu-prof --import tsx scripts/bench-mail.ts`
// shows where the time goes. The 2-core development machine creates a file in 0.02-0.7 ms of kernel time,
// depending on its load: part of what the outbox costs here, none of what SMTP costs in production.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { closeDatabase, migrateDatabase, openDatabase } from '@/server/db/client';
import { seedCatalogue } from '@/server/db/seed';
import { systemClock } from '@/server/deps';
import { loadEnv } from '@/server/env';
import { createLocalBlobStore } from '@/server/integrations/blobs/local';
import { createMailer } from '@/server/integrations/mailer';
import { createPaymentsGateway } from '@/server/integrations/payments';
import { jobHandlers } from '@/server/jobs/handlers';
import type { Job } from '@/server/jobs/queue';
import { createJobRunner } from '@/server/jobs/runner';
import { createBooking } from '../tests/support/factories';
import { TEST_ORIGIN } from '../tests/support/http';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const N = arg('n', 500);
const ROUNDS = arg('rounds', 5);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-bench-mail-'));
try {
  const file = path.join(dir, 'app.db');
  const db = openDatabase(file);
  await migrateDatabase(db);
  await seedCatalogue(db);
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATABASE_PATH: file,
    OUTBOX_DIR: path.join(dir, 'outbox'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    LOG_REQUESTS: '0',
  });
  const services = {
    db,
    env,
    mailer: createMailer(env, () => undefined),
    payments: createPaymentsGateway(env, db),
    blobs: createLocalBlobStore(env.UPLOADS_DIR),
    clock: systemClock,
  };
  const handlers = jobHandlers(services);
  const jobs = createJobRunner(db, handlers);
  const app = createApp({ ...services, jobs });
  const booking = await createBooking({ db, request: (p, init) => app.request(`${TEST_ORIGIN}${p}`, init) });
  await jobs.drain(); // the checkout's own jobs (its confirmation e-mail among them)

  const confirmation = handlers['mail.booking-confirmation'];
  const job = {} as Job; // the handler reads its payload only
  const send = async (n: number) => {
    for (let i = 0; i < n; i++) await confirmation.run({ bookingId: booking.id }, job);
  };
  await send(Math.max(50, N / 5)); // warm-up: compiled code, prepared statements, caches
  const perMail: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    await send(N);
    const used = process.cpuUsage(before);
    perMail.push((used.user + used.system) / 1000 / N);
  }
  const sorted = perMail.toSorted((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const written = fs.readdirSync(env.OUTBOX_DIR).length;
  console.log(
    `Booking confirmation e-mail: ${median.toFixed(3)} ms CPU each (median of ${ROUNDS} rounds of ${N}, fastest ${sorted[0]!.toFixed(3)}; in order ${perMail.map((m) => m.toFixed(3)).join(', ')}); ${written} e-mails written`,
  );
  await jobs.stop(0);
  await closeDatabase(db);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
