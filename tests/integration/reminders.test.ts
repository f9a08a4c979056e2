// Trip reminders through HTTP: a booking at a Los Angeles lot plans its two e-mails (its confirmation's job does)
// at 10:00 and 07:00 lot time (daylight saving included); two job runners sharing the database ("two servers"),
// run at that instant, send each once; a late booking gets its arrival reminder at once; changed dates re-plan
// (the old job sends nothing); cancelled bookings and travellers who turned e-mail reminders off get nothing;
// the mails carry the lot's phone, directions, the pass and a manage link that opens.
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '@/server/db/schema';
import { createMailer } from '@/server/integrations/mailer';
import { jobHandlers } from '@/server/jobs/handlers';
import { createJobRunner } from '@/server/jobs/runner';
import { enqueueJob } from '@/server/jobs/queue';
import { arrivalReminderKey } from '@/server/modules/reminders/plan';
import { nextBookableTime } from '@/shared/stay-times';
import { wallClockToInstant } from '@/shared/time-zones';
import { CARD_FIELDS, createBooking, createLot, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const LA = 'America/Los_Angeles';
const PHONE = '(310) 555-0199';
const SHUTTLE = 'Every 10 minutes to all terminals, 24/7';

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

/** An app of its own for each test (a runner moved to a later instant runs every job due by then). */
async function setup() {
  const t = await createTestApp();
  apps.push(t);
  const lot = await createLot(t, { place: 'LAX', phoneNumber: PHONE, shuttleInfo: SHUTTLE });
  return { t, lot };
}

/** A server of its own on the app's database, its clock at `now`: its own job runner and handlers. */
function serverAt(t: TestApp, now: Date) {
  const clock = { now: () => now };
  const services = { db: t.db, env: t.env, mailer: createMailer(t.env, () => undefined), payments: t.payments, blobs: t.blobs, clock };
  return createJobRunner(t.db, jobHandlers(services), console, { now: clock.now });
}

/**
 * Two servers at the same instant draining at once; returns how many jobs each ran. The app's own runner
 * (kicked by each booking) finishes its jobs first: a job it still holds would look abandoned to a server
 * whose clock is days ahead, past the lease, and be sent again.
 */
async function twoServersAt(t: TestApp, now: Date) {
  await t.drain();
  return Promise.all([serverAt(t, now).drain(), serverAt(t, now).drain()]);
}

async function reminderJobs(t: TestApp, bookingId: number) {
  const rows = await t.db.select().from(jobs);
  return rows
    .filter((j) => j.kind.endsWith('-reminder') && (j.payload as { bookingId: number }).bookingId === bookingId)
    .map((j) => ({ kind: j.kind, status: j.status, runAt: j.runAt.toISOString(), key: j.dedupeKey, payload: j.payload }))
    .sort((a, b) => a.runAt.localeCompare(b.runAt));
}

const reminders = async (t: TestApp, email: string) => (await t.outbox()).filter((m) => m.to.includes(email) && m.subject.startsWith('Your parking at'));

/** The first second Sunday of March at least two days away: the day US clocks spring forward. */
function nextSpringForward(now = new Date()): string {
  for (let year = now.getUTCFullYear(); ; year++) {
    const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const day = new Date(Date.UTC(year, 2, 1 + ((7 - first) % 7) + 7));
    if (day.getTime() > now.getTime() + 2 * 86_400_000) return day.toISOString().slice(0, 10);
  }
}
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const later = (iso: string, ms = 1000) => new Date(Date.parse(iso) + ms);

describe('trip reminders', () => {
  it('plans both at the lot’s local time across daylight saving, and two servers send each once at that instant', async () => {
    const { t, lot } = await setup();
    const sunday = nextSpringForward();
    const monday = plusDays(sunday, 1);
    // Arriving on the Monday: the reminder is on the Sunday, already daylight time (10:00 PDT = 17:00 UTC).
    const b = await createBooking(t, { lot, arrival: `${monday}T09:00`, departure: `${plusDays(monday, 2)}T18:00` });
    // Arriving on the Sunday: the reminder is on the Saturday, still standard time (10:00 PST = 18:00 UTC).
    const early = await createBooking(t, { lot, arrival: `${sunday}T12:00`, departure: `${plusDays(sunday, 1)}T09:00` });
    await t.drain();

    const planned = await reminderJobs(t, b.id);
    expect(planned.map((j) => [j.kind, j.runAt, j.status])).toEqual([
      ['mail.arrival-reminder', `${sunday}T17:00:00.000Z`, 'queued'],
      ['mail.departure-reminder', `${plusDays(monday, 2)}T14:00:00.000Z`, 'queued'],
    ]);
    expect(planned[0]!.runAt).toBe(wallClockToInstant(`${sunday}T10:00`, LA)!.toISOString());
    // A 09:00 check-out: 3 hours ahead (06:00 PDT = 13:00 UTC) rather than 07:00.
    expect((await reminderJobs(t, early.id)).map((j) => j.runAt)).toEqual([`${plusDays(sunday, -1)}T18:00:00.000Z`, `${plusDays(sunday, 1)}T13:00:00.000Z`]);

    // Planning again (a replayed settle, another server) writes nothing new.
    await enqueueJob(t.db, 'mail.arrival-reminder', { bookingId: b.id, arrival: `${monday}T09:00` }, { dedupeKey: arrivalReminderKey(b.id, `${monday}T09:00`) });
    expect(await reminderJobs(t, b.id)).toHaveLength(2);

    // A minute early, only the other booking's Saturday reminder is due (one run between the two servers).
    const sum = (ran: number[]) => ran.reduce((a, n) => a + n, 0);
    expect(sum(await twoServersAt(t, later(planned[0]!.runAt, -60_000)))).toBe(1);
    expect(await reminders(t, b.email)).toHaveLength(0);
    expect(await reminders(t, early.email)).toHaveLength(1);
    // At the instant, two servers at once: one job run, one arrival reminder.
    expect(sum(await twoServersAt(t, later(planned[0]!.runAt)))).toBe(1);
    const arrival = await reminders(t, b.email);
    expect(arrival.map((m) => m.subject)).toEqual([`Your parking at ${lot.name} tomorrow`]);
    // Run again later: nothing more.
    await twoServersAt(t, later(planned[0]!.runAt, 3_600_000));
    expect(await reminders(t, b.email)).toHaveLength(1);

    const mail = arrival[0]!;
    expect(mail.text).toContain(`Lot phone: ${PHONE}`);
    expect(mail.text).toContain(`Shuttle: ${SHUTTLE}`);
    expect(mail.text).toContain(`Directions: https://www.google.com/maps/dir/?api=1&destination=${lot.latitude},${lot.longitude}`);
    expect(mail.text).toContain(`Arrival guide: ${t.env.APP_URL}/ar-parking/${lot.slug}`);
    expect(mail.text).toContain(b.confirmationNumber);
    expect(mail.html).toContain('cid:pass');
    expect(mail.attachments).toEqual(['parking-pass.png']);

    await twoServersAt(t, later(planned[1]!.runAt));
    const departure = (await reminders(t, b.email)).filter((m) => m.subject.endsWith('ends today'));
    expect(departure.map((m) => m.subject)).toEqual([`Your parking at ${lot.name} ends today`]);
    expect(departure[0]!.text).toContain(PHONE);
    // What a delay costs is told before it happens: the lot's grace, then the booked daily rate ($10.00 here).
    expect(departure[0]!.text).toContain(
      'Flight delayed? The lot allows up to 2 hours after check-out at no charge; after that, each started day past check-out is $10.00, your booked daily rate, charged when you leave.',
    );
    const link = /Running late\? Extend here: (\S+)/.exec(departure[0]!.text);
    expect(link).not.toBeNull();
    const { pathname, search } = new URL(link![1]!);
    const token = new URLSearchParams(search).get('token')!;
    // The link opens the booking's page, where the dates can be changed.
    const opened = await call(t.request, `/api/bookings/${pathname.split('/').at(-1)}/manage?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.json.allowed.dates).toBe(true);
    expect((await reminderJobs(t, b.id)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('a booking made after the reminder time but before arrival gets its arrival reminder at once', async () => {
    const { t, lot } = await setup();
    const arrivalAt = nextBookableTime(LA, Date.now() + 3 * 3_600_000);
    const before = Date.now();
    const b = await createBooking(t, { lot, arrival: arrivalAt, departure: `${plusDays(arrivalAt.slice(0, 10), 2)}T10:00` });
    // The confirmation's job plans the reminders, then the app's runner (real time) sends the one due now.
    await t.drain();
    const [arrivalJob] = await reminderJobs(t, b.id);
    expect(arrivalJob!.kind).toBe('mail.arrival-reminder');
    expect(Date.parse(arrivalJob!.runAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(arrivalJob!.runAt)).toBeLessThanOrEqual(Date.now());
    const sent = await reminders(t, b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(new RegExp(`^Your parking at ${lot.name} (today|tomorrow)$`));
  });

  it('changed dates re-plan: the old jobs send nothing, the new ones go at the new times', async () => {
    const { t, lot } = await setup();
    const b = await createBooking(t, { lot, arrival: stayAt(20), departure: stayAt(22) });
    await t.drain();
    const old = await reminderJobs(t, b.id);
    // Same length: no payment needed.
    const changed = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/change`,
      { token: b.viewToken, arrivalDate: stayAt(30), departureDate: stayAt(32) },
      { headers: { 'Idempotency-Key': 'remind-change-0001' } },
    );
    expect(changed.status).toBe(200);
    const all = await reminderJobs(t, b.id);
    expect(all).toHaveLength(4);
    const fresh = all.filter((j) => !old.some((o) => o.key === j.key));
    expect(fresh.map((j) => j.payload)).toEqual([
      { bookingId: b.id, arrival: stayAt(30) },
      { bookingId: b.id, departure: stayAt(32) },
    ]);
    expect(fresh[0]!.runAt).toBe(wallClockToInstant(`${stayAt(29).slice(0, 10)}T10:00`, LA)!.toISOString());

    // The old dates' instants pass: their jobs end without sending.
    await twoServersAt(t, later(old[1]!.runAt));
    expect(await reminders(t, b.email)).toHaveLength(0);
    expect((await reminderJobs(t, b.id)).filter((j) => old.some((o) => o.key === j.key)).map((j) => j.status)).toEqual(['done', 'done']);
    // The new arrival instant: one reminder, with the new check-in.
    await twoServersAt(t, later(fresh[0]!.runAt));
    const sent = await reminders(t, b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/Check-in: \w{3} \d{2}, \d{4} at 9:00 AM/);
    expect(sent[0]!.text).toContain(`Check-in: ${formatDay(stayAt(30))}`);

    // A longer stay, paid by card (the change settles after the charge): the new departure is planned too.
    const extended = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/change`,
      { token: b.viewToken, arrivalDate: stayAt(30), departureDate: stayAt(33), paymentInfo: CARD_FIELDS },
      { headers: { 'Idempotency-Key': 'remind-change-0002' } },
    );
    expect(extended.status).toBe(200);
    const departures = (await reminderJobs(t, b.id)).filter((j) => j.kind === 'mail.departure-reminder').map((j) => j.payload);
    expect(departures).toContainEqual({ bookingId: b.id, departure: stayAt(33) });
  });

  it('a cancelled booking sends nothing', async () => {
    const { t, lot } = await setup();
    const b = await createBooking(t, { lot });
    await t.drain();
    const planned = await reminderJobs(t, b.id);
    expect(planned).toHaveLength(2);
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken, reason: 'plans changed' })).status).toBe(200);
    await twoServersAt(t, later(planned[1]!.runAt));
    expect(await reminders(t, b.email)).toHaveLength(0);
    expect((await reminderJobs(t, b.id)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('a traveller who turned e-mail reminders off gets none; confirmations still come; guests always get them', async () => {
    const { t, lot } = await setup();
    const off = await createUser(t, { email: 'reminders-off@example.com' });
    const on = await createUser(t, { email: 'reminders-on@example.com' });
    const put = await call(t.request, '/api/profile/preferences', { emailNotifications: false }, { method: 'PUT', cookie: off.cookie });
    expect(put.status).toBe(200);
    expect(put.json.emailNotifications).toBe(0);
    const quiet = await createBooking(t, { lot, user: off });
    const loud = await createBooking(t, { lot, user: on });
    const guest = await createBooking(t, { lot });
    await t.drain();
    const planned = await reminderJobs(t, quiet.id);
    await twoServersAt(t, later(planned[0]!.runAt));
    await twoServersAt(t, later(planned[1]!.runAt));
    const mail = await t.outbox();
    expect(mail.filter((m) => m.to.includes(off.user.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed/)]);
    expect(mail.filter((m) => m.to.includes(loud.email) && m.subject.startsWith('Your parking at'))).toHaveLength(2);
    expect(mail.filter((m) => m.to.includes(guest.email) && m.subject.startsWith('Your parking at'))).toHaveLength(2);
    // The account's reminder says where to turn it off; the guest's does not speak of settings.
    expect(mail.find((m) => m.to.includes(loud.email) && m.subject.endsWith('ends today'))!.text).toContain('account settings');
    expect(mail.find((m) => m.to.includes(guest.email) && m.subject.endsWith('ends today'))!.text).not.toContain('account settings');
  });
});

/** 'Mar 03, 2027' of a wall-clock time, as the e-mails print it. */
function formatDay(wall: string): string {
  const d = new Date(`${wall}:00Z`);
  return `${d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' })}`;
}
