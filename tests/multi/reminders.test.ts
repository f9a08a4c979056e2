// Trip reminders on two built servers sharing one PostgreSQL database (and, here, one outbox folder): the
// reminder jobs are planned at the lot's local time, and when that moment comes both servers' runners race
// for them and each e-mail goes once; a job planned by a server that has since stopped is sent by the other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClockToInstant } from '../../src/shared/time-zones';
import { call, dayFromToday, freshDatabase, query, startServer, type Server } from './servers';

let url: string;
let a: Server;
let b: Server;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-multi-reminders-'));

beforeAll(async () => {
  url = await freshDatabase('parkpilot_reminders');
  a = await startServer('a', url, { OUTBOX_DIR: outbox });
  b = await startServer('b', url, { OUTBOX_DIR: outbox });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  fs.rmSync(outbox, { recursive: true, force: true });
});

const body = (providerId: number, email: string, arrival: string, departure: string) => ({
  providerId,
  customerInfo: { firstName: 'Remy', lastName: 'Minder', email, phone: '555-010-0199' },
  reservationDetails: { arrivalDate: arrival, departureDate: departure, vehicleMake: 'Kia', vehicleModel: 'Rio' },
  paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
});

type JobRow = { id: number; kind: string; status: string; run_at: Date };
const reminderJobs = (bookingId: number) =>
  query<JobRow>(url, `select id, kind, status, run_at from jobs where kind like 'mail.%-reminder' and (payload->>'bookingId')::int = $1 order by run_at`, [bookingId]);

/** The mails in the shared outbox of one kind to one address. */
const sent = (kind: string, email: string) =>
  fs
    .readdirSync(outbox)
    .filter((f) => f.includes(`-${kind}-`))
    .filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(email));

/** Waits (polling, no fixed sleep) until every reminder job of the booking is done. */
async function allDone(bookingId: number) {
  for (let i = 0; i < 300; i++) {
    const rows = await reminderJobs(bookingId);
    if (rows.length > 0 && rows.every((r) => r.status === 'done')) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`reminder jobs of booking ${bookingId} did not finish: ${JSON.stringify(await reminderJobs(bookingId))}`);
}

async function bookAtLax(server: Server, email: string, arrival: string, departure: string) {
  const [lot] = await query<{ id: number }>(
    url,
    `select p.id from parking_providers p join locations l on l.id = p.location_id where l.code = 'LAX' and p.published = 1 order by p.id limit 1`,
  );
  const res = await call(server, '/api/bookings/automated', body(lot!.id, email, arrival, departure), { headers: { 'Idempotency-Key': `remind-${email}` } });
  expect(res.status).toBe(200);
  return res.json.booking.id as number;
}

/** The moment comes: the planned jobs become due now (as a clock would make them), on both servers at once. */
const dueNow = (bookingId: number) => query(url, `update jobs set run_at = now() where kind like 'mail.%-reminder' and (payload->>'bookingId')::int = $1`, [bookingId]);

describe('reminders across two servers', () => {
  it('plans both at the lot’s local time, and the two servers send each once when it comes', async () => {
    const email = 'remy-two@example.com';
    const arrival = `${dayFromToday(20)}T09:00`;
    const departure = `${dayFromToday(22)}T18:00`;
    const id = await bookAtLax(a, email, arrival, departure);
    const planned = await reminderJobs(id);
    expect(planned.map((j) => [j.kind, new Date(j.run_at).toISOString()])).toEqual([
      ['mail.arrival-reminder', wallClockToInstant(`${dayFromToday(19)}T10:00`, 'America/Los_Angeles')!.toISOString()],
      ['mail.departure-reminder', wallClockToInstant(`${dayFromToday(22)}T07:00`, 'America/Los_Angeles')!.toISOString()],
    ]);
    expect(planned.every((j) => j.status === 'queued')).toBe(true);

    await dueNow(id);
    await allDone(id);
    expect(sent('arrival-reminder', email)).toHaveLength(1);
    expect(sent('departure-reminder', email)).toHaveLength(1);
  });

  it('a reminder planned by a server that has stopped is sent once by the other', async () => {
    const email = 'remy-restart@example.com';
    const id = await bookAtLax(a, email, `${dayFromToday(30)}T09:00`, `${dayFromToday(31)}T18:00`);
    expect(await reminderJobs(id)).toHaveLength(2);
    await a.stop();
    await dueNow(id);
    await allDone(id);
    expect(sent('arrival-reminder', email)).toHaveLength(1);
    expect(sent('departure-reminder', email)).toHaveLength(1);
  });
});
