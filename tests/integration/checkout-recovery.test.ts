// Checkout when things go wrong (sandbox gateway, in-process): a request that dies after the charge, a
// gateway that does not answer, holds nobody came back for, a hanging mail server, and a declined guest
// whose account another booking uses meanwhile. Never two bookings or two charges, never a lost one.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bookings, idempotencyKeys, jobs, parkingProviders, sandboxIntents, users } from '@/server/db/schema';
import { settleExpiredHolds } from '@/server/modules/bookings/checkout';
import { checkout, checkoutRequest, recordingGateway, stayAt } from '../support/factories';
import { sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

/** Lets a test decide, per charge, to go through, hang forever (a crash), fail like a network, or wait. */
type Behaviour = 'pass' | 'hang-after-charge' | 'network-error' | { before: Promise<void> };
const plan: Behaviour[] = [];
let mailHangs = false;

const payments = recordingGateway({
  around: async (input, charge) => {
    const how = plan.shift() ?? 'pass';
    if (how === 'network-error') throw new Error('socket hang up');
    if (typeof how === 'object') await how.before;
    const intent = await charge(input);
    if (how === 'hang-after-charge') return new Promise<never>(() => undefined); // the process "died" here
    return intent;
  },
});
const t = await createTestApp(
  {},
  {
    payments: payments.payments,
    mailer: { send: () => (mailHangs ? new Promise<never>(() => undefined) : Promise.resolve()) },
  },
);
afterAll(() => t.close());

const providers = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id);
let next = 0;
const freshProvider = () => providers[(next += 5)]!;

/** `email`'s two-day stay from `nights` days ahead (15 unless told). */
const body = (providerId: number, email: string, over: { card?: string; nights?: number } = {}) =>
  checkoutRequest(providerId, { email, card: over.card, arrival: stayAt(over.nights ?? 15), departure: stayAt((over.nights ?? 15) + 2) });
const book = (b: unknown, key?: string, cookie?: string) => checkout(t, b, { key, cookie });
const bookingsOf = (email: string) => t.db.select().from(bookings).where(eq(bookings.email, email)).orderBy(bookings.id);
const chargesOf = async (bookingId: number) => (await t.db.select().from(sandboxIntents)).filter((i) => i.metadata.bookingId === String(bookingId));
/** Polls `check` until it holds (failing the test after 5 s). */
const until = (check: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout: 5_000, interval: 10 },
  );
/** Whether any booking of `email` has been charged. */
const charged = async (email: string) => {
  for (const b of await bookingsOf(email)) if ((await chargesOf(b.id)).length > 0) return true;
  return false;
};
/** As if `ms` had passed since the request started. */
async function age(email: string, ms: number) {
  for (const b of await bookingsOf(email)) {
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: b.holdExpiresAt && new Date(b.holdExpiresAt.getTime() - ms) })
      .where(eq(bookings.id, b.id));
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.bookingId, b.id));
    if (key)
      await t.db
        .update(idempotencyKeys)
        .set({ updatedAt: new Date((key.updatedAt ?? key.createdAt).getTime() - ms) })
        .where(eq(idempotencyKeys.id, key.id));
  }
}

describe('a checkout request that dies after the charge', () => {
  it('retried with the same key 6 minutes later: the same booking, charged once', async () => {
    const email = 'died@example.com';
    const p = freshProvider();
    plan.push('hang-after-charge');
    void book(body(p.id, email), 'died-key-0001');
    await until(() => charged(email));
    const [held] = await bookingsOf(email);
    expect(held!.status).toBe('pending');

    await age(email, 6 * 60_000);
    const retry = await book(body(p.id, email), 'died-key-0001');
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ confirmationNumber: held!.confirmationNumber, booking: { status: 'confirmed' } });
    expect(await bookingsOf(email)).toHaveLength(1);
    expect(await chargesOf(held!.id)).toHaveLength(1);
    expect((await t.outbox()).filter((m) => m.subject.includes(held!.confirmationNumber))).toHaveLength(0); // the quiet mailer
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `booking-confirmation:${held!.id}`)),
    ).toHaveLength(1);
  });

  it('while the first request is still alive, a duplicate waits instead of taking over', async () => {
    const email = 'alive@example.com';
    let release!: () => void;
    plan.push({ before: new Promise<void>((r) => (release = r)) });
    const p = freshProvider();
    const first = book(body(p.id, email), 'alive-key-0001');
    await until(async () => (await bookingsOf(email)).length === 1);
    // The duplicate is waiting once it sleeps between looks at the key (claimKey, idempotency.ts: 50 ms).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const second = book(body(p.id, email), 'alive-key-0001');
    await vi.waitFor(() => expect(timers.mock.calls.some(([, ms]) => ms === 50)).toBe(true), { timeout: 5_000, interval: 10 });
    timers.mockRestore();
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(b.json.confirmationNumber).toBe(a.json.confirmationNumber);
    expect(await chargesOf((await bookingsOf(email))[0]!.id)).toHaveLength(1);
  });
});

describe('a payment gateway that does not answer', () => {
  it('answers 502, keeps the hold, and the retry with the same key settles the same booking once', async () => {
    const email = 'gateway-down@example.com';
    const p = freshProvider();
    plan.push('network-error');
    const down = await book(body(p.id, email), 'down-key-0001');
    expect(down.status).toBe(502);
    expect(down.json.error).toMatch(/could not reach the payment processor/);
    expect(await bookingsOf(email)).toMatchObject([{ status: 'pending' }]);
    const retry = await book(body(p.id, email), 'down-key-0001');
    expect(retry.status).toBe(200);
    expect(await bookingsOf(email)).toMatchObject([{ status: 'confirmed' }]);
    expect(await chargesOf((await bookingsOf(email))[0]!.id)).toHaveLength(1);
  });

  it('for the last space of a lot: the retry settles that hold, which is what fills the lot', async () => {
    const email = 'last-space@example.com';
    const p = freshProvider();
    await t.db.update(parkingProviders).set({ capacity: 1, onlineBuffer: 0 }).where(eq(parkingProviders.id, p.id));
    plan.push('network-error');
    expect((await book(body(p.id, email), 'last-key-0001')).status).toBe(502);
    // Someone else finds the lot full while the hold waits.
    expect((await book(body(p.id, 'someone-else@example.com'), 'other-key-0001')).status).toBe(409);
    const retry = await book(body(p.id, email), 'last-key-0001');
    expect(retry.status).toBe(200);
    expect(await bookingsOf(email)).toMatchObject([{ status: 'confirmed', confirmationNumber: retry.json.confirmationNumber }]);
    expect(await chargesOf((await bookingsOf(email))[0]!.id)).toHaveLength(1);
  });
});

describe('holds nobody came back for', () => {
  it('are confirmed when the gateway has the charge, released when it has none', async () => {
    const paidEmail = 'reaped-paid@example.com';
    const lostEmail = 'reaped-lost@example.com';
    const [paidLot, lostLot] = [freshProvider(), freshProvider()];
    plan.push('hang-after-charge', 'network-error');
    void book(body(paidLot.id, paidEmail), 'reap-key-0001');
    await until(() => charged(paidEmail));
    expect((await book(body(lostLot.id, lostEmail), 'reap-key-0002')).status).toBe(502);
    await age(paidEmail, 11 * 60_000);
    await age(lostEmail, 11 * 60_000);

    const settled = await settleExpiredHolds({ db: t.db, payments: payments.gateway, jobs: t.jobs });
    expect(settled).toMatchObject({ settled: 1, released: 1 });
    expect(await bookingsOf(paidEmail)).toMatchObject([{ status: 'confirmed' }]);
    expect(await bookingsOf(lostEmail)).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.email, lostEmail))).toHaveLength(0);
    // Each key now replays its outcome.
    expect((await book(body(paidLot.id, paidEmail), 'reap-key-0001')).json.booking.status).toBe('confirmed');
    const lost = await book(body(lostLot.id, lostEmail), 'reap-key-0002');
    expect(lost.status).toBe(409);
    expect(lost.json.error).toBe('Your payment took too long and the space was released. You have not been charged. Please try again.');
    expect((await settleExpiredHolds({ db: t.db, payments: payments.gateway, jobs: t.jobs })).settled).toBe(0);
  });
});

describe('mail never decides a booking', () => {
  it('books at once while the mail server hangs; the confirmation waits in the jobs table', async () => {
    mailHangs = true;
    try {
      const email = 'slow-mail@example.com';
      const started = Date.now();
      const res = await book(body(freshProvider().id, email), 'slow-mail-0001');
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      const [job] = await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `booking-confirmation:${res.json.booking.id}`));
      expect(['queued', 'running']).toContain(job!.status);
    } finally {
      mailHangs = false;
    }
  });
});

describe('a declined guest payment removes only what its own attempt made', () => {
  it('leaves another booking with the same e-mail, paid meanwhile, as it is; no account either way', async () => {
    const email = 'shared-guest@example.com';
    let letDeclineFinish!: () => void;
    plan.push({ before: new Promise<void>((r) => (letDeclineFinish = r)) }, 'pass');
    const declined = book(body(freshProvider().id, email, { card: '4000 0000 0000 0002' }), 'shared-key-0001');
    await until(async () => (await bookingsOf(email)).length === 1); // the declining attempt holds
    const paid = await book(body(freshProvider().id, email, { nights: 40 }), 'shared-key-0002');
    expect(paid.status).toBe(200);
    letDeclineFinish();
    expect((await declined).status).toBe(402);

    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await bookingsOf(email)).toMatchObject([{ status: 'confirmed', confirmationNumber: paid.json.confirmationNumber, userId: null }]);
  });

  it('leaves no booking and no account', async () => {
    const email = 'lonely-guest@example.com';
    expect((await book(body(freshProvider().id, email, { card: '4000 0000 0000 0002' }))).status).toBe(402);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.email, email))),
    ).toHaveLength(0);
  });

  it('never signs the guest in', async () => {
    const res = await book(body(freshProvider().id, 'no-session@example.com'));
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });
});
