// One rule decides what may happen to a booking, whichever door asks: booking history (REST PATCH .../status and
// tRPC bookings.updateStatus), the manage page (REST POST .../cancel and tRPC bookings.cancelManaged) and the
// support chat. A checked-in booking is never cancelled; moving dates never launders the cancellation policy;
// a booking at an unlisted lot keeps its dates; a replayed checkout after "End all links" mints no link.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChanges, bookingLinks, bookings, jobs, parkingProviders } from '@/server/db/schema';
import { bumpContentVersion } from '@/server/content-version';
import { dayFromToday } from '@/shared/pricing';
import { instantToWallClock, zoneForState } from '@/shared/time-zones';
import { cents } from '@/shared/money';
import { CARD_FIELDS, createBooking, createLot, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

/** A lot of its own for each test: $10 a day, free cancellation up to 24 hours before arrival (createLot's defaults). */
async function freshLot() {
  const lot = await createLot(t);
  /** Lot-local wall-clock time `hours` from now. */
  const inHours = (hours: number) => instantToWallClock(new Date(Date.now() + hours * 3_600_000), zoneForState(lot.state)).slice(0, 16);
  return { id: lot.id, inHours };
}

/** Books and pays; signed in with `cookie`, else as a guest (then the manage token comes back too). */
const book = (lotId: number, arrival: string, departure: string, opts: { cookie?: string; key?: string; email?: string } = {}) =>
  createBooking(t, { lot: lotId, arrival, departure, ...opts, reservation: { licensePlate: 'RULE1' } });

const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const trpc = (path: string, input: object, cookie?: string) => call(t.request, `/api/trpc/${path}`, { json: input }, { cookie });
const history = async (cookie: string) =>
  (await call(t.request, '/api/bookings/history', undefined, { cookie })).json as { id: number; cancellable: boolean; refundIfCancelledNow: { card: number } }[];

describe('a checked-in booking', () => {
  it('is refused cancellation (409) by every door, and history and the manage page offer no Cancel', async () => {
    const lot = await freshLot();
    const { cookie } = await createUser(t, { name: 'Rule Tester' });
    const b = await book(lot.id, lot.inHours(30), lot.inHours(80), { cookie });
    // The car came in early at the gate (check-in opens before the booked time).
    await t.db.update(bookings).set({ checkedInAt: new Date() }).where(eq(bookings.id, b.id));

    const doors = [
      await call(t.request, `/api/bookings/${b.id}/status`, { status: 'cancelled', reason: 'x' }, { method: 'PATCH', cookie }),
      await trpc('bookings.updateStatus', { id: b.id, status: 'cancelled' }, cookie),
      await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, {}, { cookie }),
      await trpc('bookings.cancelManaged', { confirmationNumber: b.confirmationNumber }, cookie),
      await call(t.request, '/api/support/refund', { type: 'cancel', bookingId: b.id, reason: 'x' }, { cookie }),
    ];
    for (const res of doors) expect(res.status, res.text).toBe(409);
    expect(doors[0]!.json.error).toMatch(/checked in at the lot/);

    const after = await row(b.id);
    expect(after.status).toBe('confirmed');
    expect(after.refundedCents).toBe(0);
    const refunds = await t.db.select().from(jobs).where(eq(jobs.kind, 'payments.refund'));
    expect(refunds.filter((j) => JSON.stringify(j.payload).includes(`refund-booking-${b.id}`))).toEqual([]);

    expect((await history(cookie)).find((h) => h.id === b.id)).toMatchObject({ cancellable: false, refundIfCancelledNow: { card: 0 } });
    const managed = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage`, undefined, { cookie });
    expect(managed.json.allowed).toMatchObject({ cancel: false });
    expect(managed.json.refundIfCancelledNow).toBeNull();
    // The support chat explains instead of offering to cancel.
    const chat = await call(t.request, '/api/support/chat', { message: `what about ${b.confirmationNumber}?` }, { cookie });
    expect(chat.json.bookingData).toMatchObject({ cancellable: false });
    expect(chat.json.response).toMatch(/checked in at the lot/);
  });
});

describe('moving dates never launders the cancellation policy', () => {
  it('a free move out of the window, then a cancel, refunds no more than cancelling before the move (both doors)', async () => {
    const lot = await freshLot();
    for (const door of ['history', 'manage'] as const) {
      const { cookie } = await createUser(t, { name: 'Rule Tester' });
      // Arrives in 12 hours: inside the 24-hour window, so cancelling now refunds nothing.
      const b = await book(lot.id, lot.inHours(12), lot.inHours(12 + 72), { cookie });
      const before = (await history(cookie)).find((h) => h.id === b.id)!;
      expect(before.refundIfCancelledNow.card).toBe(0);

      // A move of the same length three weeks out costs nothing...
      const moved = await call(
        t.request,
        `/api/bookings/${b.confirmationNumber}/change`,
        { arrivalDate: `${dayFromToday(21)}T09:00`, departureDate: `${dayFromToday(24)}T09:00` },
        { cookie, headers: { 'Idempotency-Key': `launder-${door}-${b.id}` } },
      );
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.change.charge).toBe(0);
      expect((await row(b.id)).nonRefundableCents).toBe(3000);

      // ...and the parking fee stays as non-refundable as it was when the traveller moved.
      expect((await history(cookie)).find((h) => h.id === b.id)!.refundIfCancelledNow.card).toBe(0);
      const cancel =
        door === 'history'
          ? await call(t.request, `/api/bookings/${b.id}/status`, { status: 'cancelled' }, { method: 'PATCH', cookie })
          : await trpc('bookings.cancelManaged', { confirmationNumber: b.confirmationNumber }, cookie);
      expect(cancel.status, cancel.text).toBe(200);
      const refund = door === 'history' ? cancel.json.refundAmount : cancel.json.result.data.json.refundAmount;
      expect(refund).toBe(0);
      expect((await row(b.id)).refundedCents).toBe(0);
    }
  });

  it('an amount kept by a cheaper change inside the window is stored and never refunded later', async () => {
    const lot = await freshLot();
    const b = await book(lot.id, lot.inHours(12), lot.inHours(12 + 72));
    // Shorter stay inside the window: $30 → $10, the $20 difference is kept under the policy.
    const shorter = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/change`,
      { token: b.viewToken, arrivalDate: lot.inHours(12), departureDate: lot.inHours(12 + 24) },
      { headers: { 'Idempotency-Key': `kept-1-${b.id}` } },
    );
    expect(shorter.status, shorter.text).toBe(200);
    expect(shorter.json.change).toMatchObject({ kept: 20, refundToCard: 0 });
    const [change] = await t.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, b.id), eq(bookingChanges.kind, 'dates')));
    expect(change!.keptCents).toBe(2000);

    // Out of the window at the same length, then cancelled: the $30 stays with the lot.
    const moved = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/change`,
      { token: b.viewToken, arrivalDate: `${dayFromToday(30)}T09:00`, departureDate: `${dayFromToday(31)}T09:00` },
      { headers: { 'Idempotency-Key': `kept-2-${b.id}` } },
    );
    expect(moved.status, moved.text).toBe(200);
    const cancel = await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken });
    expect(cancel.status).toBe(200);
    expect(cancel.json.refundAmount).toBe(0);

    // The receipt lists the cancellation and ends on what was paid net.
    const managed = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${b.viewToken}`);
    expect(managed.json.changes.map((c: { kind: string }) => c.kind)).toEqual(['dates', 'dates', 'cancel']);
    expect(managed.json.netPaid).toBe(31.99);
  });

  it('outside the window a cancel after a move still refunds the parking fee in full', async () => {
    const lot = await freshLot();
    const b = await book(lot.id, `${dayFromToday(20)}T09:00`, `${dayFromToday(23)}T09:00`);
    const moved = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/change`,
      { token: b.viewToken, arrivalDate: `${dayFromToday(25)}T09:00`, departureDate: `${dayFromToday(28)}T09:00` },
      { headers: { 'Idempotency-Key': `free-move-${b.id}` } },
    );
    expect(moved.status, moved.text).toBe(200);
    expect((await row(b.id)).nonRefundableCents).toBe(0);
    const cancel = await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken });
    expect(cancel.json.refundAmount).toBe(30);
    const managed = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${b.viewToken}`);
    expect(managed.json.netPaid).toBe(1.99);
  });
});

describe('a booking at a lot that stopped selling', () => {
  it('cannot be moved or extended (409, a clear message) but its vehicle can change, with an e-mail', async () => {
    const lot = await freshLot();
    const b = await book(lot.id, `${dayFromToday(20)}T09:00`, `${dayFromToday(23)}T09:00`);
    await t.db.update(parkingProviders).set({ published: 0 }).where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db);
    try {
      const dates = { token: b.viewToken, arrivalDate: `${dayFromToday(21)}T09:00`, departureDate: `${dayFromToday(24)}T09:00` };
      const quote = await call(t.request, `/api/bookings/${b.confirmationNumber}/change-quote?${new URLSearchParams(dates as Record<string, string>)}`);
      expect(quote.status).toBe(409);
      expect(quote.json.error).toMatch(/no longer taking bookings/);
      const change = await call(t.request, `/api/bookings/${b.confirmationNumber}/change`, dates, { headers: { 'Idempotency-Key': `unlisted-${b.id}` } });
      expect(change.status).toBe(409);
      expect((await row(b.id)).arrivalDate).toBe(`${dayFromToday(20)}T09:00`);
      const managed = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${b.viewToken}`);
      expect(managed.json.allowed).toMatchObject({ dates: false, extend: false, vehicle: true, cancel: true });

      const vehicle = await call(
        t.request,
        `/api/bookings/${b.confirmationNumber}/vehicle`,
        { token: b.viewToken, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'new 42' },
        { method: 'PATCH' },
      );
      expect(vehicle.status, vehicle.text).toBe(200);
      const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && /vehicle changed/i.test(m.text));
      expect(mail, 'a vehicle change e-mail').toBeDefined();
      expect(mail!.text).toContain('NEW 42');
    } finally {
      await t.db.update(parkingProviders).set({ published: 1 }).where(eq(parkingProviders.id, lot.id));
      await bumpContentVersion(t.db);
    }
  });
});

describe('replaying a checkout after "End all links"', () => {
  it('returns the booking without minting a new manage link', async () => {
    const lot = await freshLot();
    const key = `replay-end-links-${Date.now()}`;
    const email = `rules-replay-${Date.now()}@example.com`;
    const first = await book(lot.id, `${dayFromToday(20)}T09:00`, `${dayFromToday(22)}T09:00`, { key, email });
    expect(first.viewToken).toBeTruthy();
    // Before links are ended, a replay (a lost first answer) still gets a link to see the booking.
    const again = await book(lot.id, `${dayFromToday(20)}T09:00`, `${dayFromToday(22)}T09:00`, { key, email });
    expect(again.confirmationNumber).toBe(first.confirmationNumber);
    expect(again.viewToken).toBeTruthy();
    // The confirmation e-mail (whose job mints the e-mail's own link) is sent before the links are ended.
    await t.drain();

    expect((await call(t.request, `/api/bookings/${first.confirmationNumber}/end-links`, { token: first.viewToken })).status).toBe(200);
    const linksBefore = await t.db.select().from(bookingLinks).where(eq(bookingLinks.bookingId, first.id));
    const replay = await book(lot.id, `${dayFromToday(20)}T09:00`, `${dayFromToday(22)}T09:00`, { key, email });
    expect(replay.confirmationNumber).toBe(first.confirmationNumber);
    expect(replay.viewToken).toBeNull();
    expect(await t.db.select().from(bookingLinks).where(eq(bookingLinks.bookingId, first.id))).toHaveLength(linksBefore.length);
    expect((await call(t.request, `/api/bookings/${first.confirmationNumber}/manage?token=${first.viewToken}`)).status).toBe(404);
  });
});

// An app on a clock moved by hand: every answer about a booking (history, the manage page, cancelling, a link
// sent by e-mail) must read this clock, not the machine's, or they disagree once it moves.
const clock = { ms: Date.now() };
const c = await createTestApp({}, { clock: { now: () => new Date(clock.ms) } });
afterAll(() => c.close());

describe("the app's clock", () => {
  const inHours = (state: string, hours: number) => instantToWallClock(new Date(clock.ms + hours * 3_600_000), zoneForState(state)).slice(0, 16);
  let lot: Awaited<ReturnType<typeof createLot>>;
  beforeAll(async () => {
    lot = await createLot(c, { priceCents: cents(1000), weeklyRateCents: null, cancellationPolicy: 'Free cancellation up to 24 hours before arrival' });
  });
  const checkout = (email: string, arrival: string, departure: string, cookie?: string) =>
    call(
      c.request,
      '/api/bookings/automated',
      {
        providerId: lot.id,
        customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-010-0100' },
        reservationDetails: { arrivalDate: arrival, departureDate: departure, vehicleMake: 'Toyota', vehicleModel: 'Camry', licensePlate: 'CLOCK1' },
        paymentInfo: CARD_FIELDS,
      },
      { cookie },
    );

  it('decides what cancelling gives back in the booking history as cancelling does', async () => {
    const email = 'clock-history@example.com';
    const { cookie } = await createUser(c, { email, name: 'Clock Tester' });
    const booked = await checkout(email, inHours(lot.state, 30), inHours(lot.state, 78), cookie);
    expect(booked.status, booked.text).toBe(200);
    const cn = booked.json.confirmationNumber as string;
    // Ten hours on, the stay starts in 20: inside the policy's 24 hours, cancelling gives nothing back.
    clock.ms += 10 * 3_600_000;
    const page = (await call(c.request, `/api/bookings/${cn}/manage`, undefined, { cookie })).json;
    expect(page.refundIfCancelledNow).toEqual({ card: 0, credit: 0 });
    const mine = (
      (await call(c.request, '/api/bookings/history', undefined, { cookie })).json as { confirmationNumber: string; cancellable: boolean; refundIfCancelledNow: unknown }[]
    ).find((h) => h.confirmationNumber === cn)!;
    expect(mine).toMatchObject({ cancellable: true, refundIfCancelledNow: { card: 0, credit: 0 } });
    expect((await call(c.request, `/api/bookings/${cn}`, undefined, { cookie })).json.refundIfCancelledNow).toEqual({ card: 0, credit: 0 });
    const cancelled = await call(c.request, `/api/bookings/${booked.json.booking.id}/status`, { status: 'cancelled', reason: '' }, { method: 'PATCH', cookie });
    expect(cancelled.json).toMatchObject({ success: true, refundAmount: 0 });
  });

  it('makes a manage link asked for by e-mail last its 7 days from now on that clock', async () => {
    const email = 'clock-link@example.com';
    const booked = await checkout(email, inHours(lot.state, 20 * 24), inHours(lot.state, 22 * 24));
    expect(booked.status, booked.text).toBe(200);
    const cn = booked.json.confirmationNumber as string;
    // Eight days on (the checkout's own link has run out), the traveller asks for a fresh link.
    clock.ms += 8 * 24 * 3_600_000;
    expect((await call(c.request, `/api/bookings/${cn}/manage?token=${booked.json.viewToken}`)).status).toBe(404);
    expect((await call(c.request, '/api/bookings/manage-link', { confirmationNumber: cn, email })).status).toBe(200);
    const mail = (await c.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
    const token = new RegExp(`/manage/${cn}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
    expect((await call(c.request, `/api/bookings/${cn}/manage?token=${token}`)).status).toBe(200);
  });
});
