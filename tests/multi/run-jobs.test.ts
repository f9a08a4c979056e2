// Which server sends a booking's confirmation e-mail. A server that runs jobs writes the e-mail's job claimed by
// itself and sends it once the booking commits (no other server can take it while its lease lasts); a server
// started with RUN_JOBS=0 writes it queued, and a server that runs jobs sends it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, dayFromToday, freshDatabase, query, startServer, type Server } from './servers';

let url: string;
let answering: Server;
let running: Server;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-multi-run-jobs-'));

beforeAll(async () => {
  url = await freshDatabase('parkpilot_run_jobs');
  [answering, running] = await Promise.all([startServer('answering', url, { OUTBOX_DIR: outbox, RUN_JOBS: '0' }), startServer('running', url, { OUTBOX_DIR: outbox })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([answering?.stop(), running?.stop()]);
  fs.rmSync(outbox, { recursive: true, force: true });
});

async function book(server: Server, email: string) {
  const [lot] = await query<{ id: number }>(
    url,
    `select p.id from parking_providers p join locations l on l.id = p.location_id where l.code = 'MCO' and p.published = 1 order by p.id limit 1`,
  );
  const res = await call(
    server,
    '/api/bookings/automated',
    {
      providerId: lot!.id,
      customerInfo: { firstName: 'Jo', lastName: 'Runner', email, phone: '555-010-0142' },
      reservationDetails: { arrivalDate: `${dayFromToday(9)}T09:00`, departureDate: `${dayFromToday(11)}T18:00`, vehicleMake: 'Kia', vehicleModel: 'Rio' },
      paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
    { headers: { 'Idempotency-Key': `run-jobs-${email}` } },
  );
  expect(res.status).toBe(200);
  return res.json.booking.id as number;
}

type JobRow = { status: string; attempts: number; locked_by: string | null };
const confirmationJob = async (bookingId: number) =>
  (await query<JobRow>(url, `select status, attempts, locked_by from jobs where kind = 'mail.booking-confirmation' and (payload->>'bookingId')::int = $1`, [bookingId]))[0];

/** Polls (no fixed sleep) until the booking's confirmation job is done; its row then. */
async function sentJob(bookingId: number) {
  for (let i = 0; i < 200; i++) {
    const job = await confirmationJob(bookingId);
    if (job?.status === 'done') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the confirmation of booking ${bookingId} was not sent: ${JSON.stringify(await confirmationJob(bookingId))}`);
}

const mailsTo = (email: string) =>
  fs
    .readdirSync(outbox)
    .filter((f) => f.includes('-booking-confirmation-'))
    .filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(email));

it('a server that runs jobs sends its own booking’s e-mail, written claimed: one attempt, by the server that booked', async () => {
  const id = await book(running, 'jo-running@example.com');
  const job = await sentJob(id);
  expect(job.attempts).toBe(1);
  expect(job.locked_by).toMatch(new RegExp(`^w-${running.pid}-`));
  expect(mailsTo('jo-running@example.com')).toHaveLength(1);
}, 60_000);

it('a server started with RUN_JOBS=0 queues the e-mail, and a server that runs jobs sends it', async () => {
  const id = await book(answering, 'jo-answering@example.com');
  const job = await sentJob(id);
  expect(job.locked_by).toMatch(new RegExp(`^w-${running.pid}-`));
  expect(mailsTo('jo-answering@example.com')).toHaveLength(1);
}, 60_000);
