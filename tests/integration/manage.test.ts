// Managing a booking through HTTP: the e-mail's signed link (any browser; tampered, expired or ended links
// refused), the owner's session (someone else's booking is 404), a fresh link by confirmation number and
// e-mail, changes of dates (price up charged once with an Idempotency-Key, price down refunded by the policy,
// a full or closed day refused with nothing changed, declined cards), extension during the stay, a new
// vehicle, cancelling by link with refunds split over the booking's charges.
import { and, between, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingChanges, bookingLinks, bookingPayments, bookings, jobs, lotDays, sandboxRefunds } from '@/server/db/schema';
import { stayDays } from '@/server/modules/bookings/inventory';
import { dayFromToday } from '@/shared/pricing';
import { CARD_FIELDS, createBooking, createLot, createUser, recordingGateway } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

/** When set, the next charge is made but its answer is lost (a timeout after the bank said yes). */
let loseNextAnswer = false;
const gateway = recordingGateway({
  around: async (input, charge) => {
    const intent = await charge(input);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new Error('socket hang up');
    }
    return intent;
  },
});
const { charges } = gateway;
const t = await createTestApp({}, { payments: gateway.payments });
afterAll(() => t.close());

/** A lot of its own for each test: $10 a day, no weekly rate, free cancellation 24 hours ahead (createLot's defaults). */
const freshLot = () => createLot(t);

const CARD = CARD_FIELDS;
const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' };
const at = (days: number, time = '09:00') => `${dayFromToday(days)}T${time}`;

let guestSeq = 0;
/** A guest books 3 days (days 20 to 23, $30 + $1.99) and gets the e-mail: returns its confirmation and link token. */
async function guestBooking(providerId: number, arrival = at(20), departure = at(23)) {
  const email = `manage-${++guestSeq}@example.com`;
  const booked = await createBooking(t, { lot: providerId, arrival, departure, email, reservation: { licensePlate: 'abc123' } });
  const confirmation = booked.confirmationNumber;
  const mail = (await t.outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))!;
  const link = new RegExp(`/manage/${confirmation}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link, 'the confirmation e-mail carries a manage link').not.toBeNull();
  return { confirmation, token: link![1]!, email, id: booked.id };
}

const manage = (c: string, token?: string, cookie?: string) => call(t.request, `/api/bookings/${c}/manage${token ? `?token=${token}` : ''}`, undefined, { cookie });
const change = (c: string, body: object, key: string, cookie?: string) => call(t.request, `/api/bookings/${c}/change`, body, { headers: { 'Idempotency-Key': key }, cookie });
const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
async function takenOn(providerId: number, arrival: string, departure: string) {
  const [first, last] = stayDays(arrival, departure);
  const rows = await t.db
    .select()
    .from(lotDays)
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last)))
    .orderBy(lotDays.day);
  return rows.map((r) => r.taken);
}

describe('the manage link', () => {
  it('opens the booking in a fresh browser; tampered, expired and ended links are refused', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const ok = await manage(b.confirmation, b.token);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      confirmationNumber: b.confirmation,
      providerName: lot.name,
      totalFee: 31.99,
      via: 'link',
      allowed: { dates: true, vehicle: true, cancel: true },
    });

    const tampered = b.token.slice(0, -2) + (b.token.endsWith('aa') ? 'bb' : 'aa');
    expect((await manage(b.confirmation, tampered)).status).toBe(404);
    expect((await manage(b.confirmation)).status).toBe(404);
    // A live link of one booking does not open another.
    const other = await guestBooking(lot.id);
    expect((await manage(other.confirmation, b.token)).status).toBe(404);
    // Changing through a bad link is refused and changes nothing.
    const refused = await change(b.confirmation, { token: tampered, arrivalDate: at(20), departureDate: at(24), paymentInfo: CARD }, 'tampered-key-1');
    expect(refused.status).toBe(404);
    expect((await bookingRow(b.id)).departureDate).toBe(at(23));

    await t.db
      .update(bookingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingLinks.bookingId, other.id));
    expect((await manage(other.confirmation, other.token)).status).toBe(404);

    expect((await call(t.request, `/api/bookings/${b.confirmation}/end-links`, { token: b.token })).status).toBe(200);
    expect((await manage(b.confirmation, b.token)).status).toBe(404);
  });

  it("is the owner's from history without a link; another user's booking is 404", async () => {
    const lot = await freshLot();
    const { cookie } = await createUser(t, { email: 'manage-owner@example.com', name: 'Owner' });
    const res = await createBooking(t, {
      lot,
      cookie,
      email: 'manage-owner@example.com',
      arrival: at(30),
      departure: at(32),
      reservation: { vehicleMake: 'Kia', vehicleModel: 'Soul', licensePlate: 'K1' },
    });
    const conf = res.confirmationNumber;
    expect((await manage(conf, undefined, cookie)).json).toMatchObject({ confirmationNumber: conf, via: 'owner' });
    const { cookie: stranger } = await createUser(t, { email: 'manage-stranger@example.com', name: 'S' });
    expect((await manage(conf, undefined, stranger)).status).toBe(404);
    expect((await change(conf, { arrivalDate: at(30), departureDate: at(34), paymentInfo: CARD }, 'stranger-key-1', stranger)).status).toBe(404);
    expect((await call(t.request, `/api/bookings/${conf}/vehicle`, { vehicleMake: 'X', vehicleModel: 'Y', licensePlate: 'Z' }, { method: 'PATCH', cookie: stranger })).status).toBe(
      404,
    );
    expect((await bookingRow(res.id)).licensePlate).toBe('K1');
  });

  it('is sent again by confirmation number and e-mail, only to the booking’s e-mail, with the same answer either way', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const before = (await t.outbox()).length;
    const wrong = await call(t.request, '/api/bookings/manage-link', { confirmationNumber: b.confirmation, email: 'someone-else@example.com' });
    const unknown = await call(t.request, '/api/bookings/manage-link', { confirmationNumber: 'PP-NOPE0000', email: b.email });
    const right = await call(t.request, '/api/bookings/manage-link', { confirmationNumber: b.confirmation.toLowerCase(), email: b.email.toUpperCase() });
    expect([wrong.status, unknown.status, right.status]).toEqual([200, 200, 200]);
    expect(wrong.json).toEqual(right.json);
    expect(unknown.json).toEqual(right.json);
    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(b.email);
    const token = new RegExp(`/manage/${b.confirmation}\\?token=([A-Za-z0-9_-]+)`).exec(mails[0]!.text)![1]!;
    expect((await manage(b.confirmation, token)).status).toBe(200);
    expect((await call(t.request, '/api/bookings/manage-link', { confirmationNumber: 'PP-X', email: 'not an email' })).status).toBe(400);
  });
});

describe('changing dates', () => {
  it('extending a 3-day stay by 2 days charges exactly the repriced difference, once', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const quote = await call(t.request, `/api/bookings/${b.confirmation}/change-quote?token=${b.token}&arrivalDate=${at(20)}&departureDate=${at(25)}`);
    expect(quote.status).toBe(200);
    expect(quote.json).toMatchObject({ days: 5, parkingFeeBefore: 30, parkingFeeAfter: 50, difference: 20, charge: 20, refundToCard: 0, totalAfter: 51.99 });

    const before = charges.length;
    const body = { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD };
    const first = await change(b.confirmation, body, 'extend-key-0001');
    expect(first.status).toBe(200);
    expect(first.json.change).toMatchObject({ charge: 20, difference: 20, card: { last4: '4242' } });
    expect(first.json.booking).toMatchObject({ departureDate: at(25), totalFee: 51.99, parkingFee: 50 });
    const retry = await change(b.confirmation, body, 'extend-key-0001');
    expect(retry.status).toBe(200);
    expect(retry.json.change).toEqual(first.json.change);
    const made = charges.slice(before);
    expect(made.map((c) => c.amount)).toEqual([2000]);
    expect(await takenOn(lot.id, at(20), at(25))).toEqual([1, 1, 1, 1, 1, 1]);
    const ledger = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, b.id)).orderBy(bookingPayments.id);
    expect(ledger.map((l) => l.amountCents)).toEqual([3199, 2000]);
    // The same key for other dates is refused; the new pass and link arrive by e-mail.
    expect((await change(b.confirmation, { ...body, departureDate: at(26) }, 'extend-key-0001')).status).toBe(422);
    const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && m.subject.startsWith('Booking changed'))!;
    expect(mail.text).toContain('We charged $20.00');
    expect(mail.text).toMatch(new RegExp(`/manage/${b.confirmation}\\?token=`));
  });

  it('two changes at once (different keys): one wins, the other changes and charges nothing', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const before = charges.length;
    const [x, y] = await Promise.all([
      change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'race-key-one-01'),
      change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(26), paymentInfo: CARD }, 'race-key-two-01'),
    ]);
    // Whichever claims the booking first wins; the other is refused (or, had it started after the first
    // finished, would be a change of the new dates). Either way each success charged once, nothing else.
    const ok = [x, y].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [x, y]) expect([200, 409]).toContain(r.status);
    expect(
      charges
        .slice(before)
        .map((c) => c.amount)
        .sort(),
    ).toEqual(ok.map((r) => r.json.change.charge * 100).sort());
    const row = await bookingRow(b.id);
    expect(row.pendingChangeId).toBeNull();
    expect(ok.map((r) => r.json.change.departure)).toContain(row.departureDate);
    const { recountInventory } = await import('@/server/modules/bookings/inventory');
    expect((await recountInventory(t.db)).drift.filter((d) => d.providerId === lot.id)).toEqual([]);
  });

  it('a cheaper stay more than 24 hours ahead refunds the difference to the card and frees the days', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const res = await change(b.confirmation, { token: b.token, arrivalDate: at(21), departureDate: at(23) }, 'shorten-key-001');
    expect(res.status).toBe(200);
    expect(res.json.change).toMatchObject({ difference: -10, refundToCard: 10, charge: 0, kept: 0 });
    expect(await bookingRow(b.id)).toMatchObject({ arrivalDate: at(21), parkingFeeCents: 2000, totalFeeCents: 2199 });
    await t.drain();
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(sql`${sandboxRefunds.idempotencyKey} like ${`change-refund-%`}`);
    expect(refunds.filter((r) => r.paymentIntentId === charges.find((c) => c.metadata.bookingId === String(b.id))!.id).map((r) => r.amount)).toEqual([1000]);
    expect(await takenOn(lot.id, at(20), at(23))).toEqual([0, 1, 1, 1]);
  });

  it('moving onto a sold-out or closed day is refused and changes nothing', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const [, last] = stayDays(at(20), at(25));
    await t.db
      .insert(lotDays)
      .values({ providerId: lot.id, day: last, capacity: 0, taken: 0, capacitySet: 1 })
      .onConflictDoUpdate({ target: [lotDays.providerId, lotDays.day], set: { capacity: 0 } });
    const before = charges.length;
    const full = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'full-day-key-01');
    expect(full.status).toBe(409);
    expect(full.json.error ?? full.json.message).toMatch(/sold out/);
    expect(charges.length).toBe(before);
    expect(await bookingRow(b.id)).toMatchObject({ departureDate: at(23), totalFeeCents: 3199, pendingChangeId: null });
    // Day 24's row, made by the refused change, was rolled back with it.
    expect(await takenOn(lot.id, at(20), at(25))).toEqual([1, 1, 1, 1, 0]);
    await t.db
      .update(lotDays)
      .set({ capacity: 50, closed: 1 })
      .where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, last)));
    const closed = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'closed-day-key1');
    expect(closed.status).toBe(409);
    expect(closed.json.error ?? closed.json.message).toMatch(/not taking bookings/);
    expect((await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, b.id))).length).toBe(0);
  });

  it('a declined card changes nothing and gives the held days back', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const res = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: DECLINED }, 'declined-key-01');
    expect(res.status).toBe(402);
    expect(await bookingRow(b.id)).toMatchObject({ departureDate: at(23), totalFeeCents: 3199, pendingChangeId: null });
    expect(await takenOn(lot.id, at(20), at(25))).toEqual([1, 1, 1, 1, 0, 0]);
    // Costing more needs a card.
    const noCard = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25) }, 'no-card-key-001');
    expect(noCard.status).toBe(400);
    expect(noCard.json.error ?? noCard.json.message).toBe('Please enter a card to pay the difference.');
  });

  it('past dates, the same dates, cancelled and finished bookings get clear errors', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const past = await change(b.confirmation, { token: b.token, arrivalDate: at(-2), departureDate: at(21), paymentInfo: CARD }, 'past-key-00001');
    expect(past.status).toBe(400);
    expect(past.json.error ?? past.json.message).toBe('Arrival date cannot be in the past');
    const same = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(23) }, 'same-key-00001');
    expect(same.json.error ?? same.json.message).toMatch(/already your dates/);
    const order = await change(b.confirmation, { token: b.token, arrivalDate: at(23), departureDate: at(20) }, 'order-key-0001');
    expect(order.status).toBe(400);

    expect((await call(t.request, `/api/bookings/${b.confirmation}/cancel`, { token: b.token, reason: 'plans changed' })).status).toBe(200);
    const cancelled = await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'cancel-key-0001');
    expect(cancelled.status).toBe(400);
    expect(cancelled.json.error ?? cancelled.json.message).toBe('This booking is cancelled and can no longer be changed.');

    const done = await guestBooking(lot.id);
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, done.id));
    const finished = await change(done.confirmation, { token: done.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'done-key-00001');
    expect(finished.json.error ?? finished.json.message).toBe('This stay is over and can no longer be changed.');
  });

  it('during the stay only a later departure is allowed', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    await t.db
      .update(bookings)
      .set({ arrivalDate: at(-1), departureDate: at(2) })
      .where(eq(bookings.id, b.id));
    const view = await manage(b.confirmation, b.token);
    expect(view.json.allowed).toMatchObject({ dates: false, extend: true, cancel: false, vehicle: true });
    const move = await change(b.confirmation, { token: b.token, arrivalDate: at(1), departureDate: at(3), paymentInfo: CARD }, 'stay-move-key01');
    expect(move.json.error ?? move.json.message).toMatch(/only the departure can change/);
    const extend = await change(b.confirmation, { token: b.token, arrivalDate: at(-1), departureDate: at(3), paymentInfo: CARD }, 'stay-extend-key');
    expect(extend.status).toBe(200);
    expect(extend.json.change.charge).toBe(10);
  });
});

describe('a change whose payment answer was lost', () => {
  it('is finished by the retry with the same key, charging once', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const body = { token: b.token, arrivalDate: at(20), departureDate: at(24), paymentInfo: CARD };
    loseNextAnswer = true;
    const lost = await change(b.confirmation, body, 'lost-answer-key1');
    expect(lost.status).toBe(502);
    expect((await bookingRow(b.id)).pendingChangeId).not.toBeNull();
    // Meanwhile nothing else may change or cancel the booking.
    expect((await call(t.request, `/api/bookings/${b.confirmation}/cancel`, { token: b.token })).status).toBe(409);
    const retry = await change(b.confirmation, body, 'lost-answer-key1');
    expect(retry.status).toBe(200);
    const mine = charges.filter((c) => c.metadata.changeId === String(retry.json.change.changeId));
    expect(new Set(mine.map((c) => c.id)).size).toBe(1);
    expect(await bookingRow(b.id)).toMatchObject({ departureDate: at(24), totalFeeCents: 4199, pendingChangeId: null });
    expect(await takenOn(lot.id, at(20), at(24))).toEqual([1, 1, 1, 1, 1]);
  });

  it('is applied by the reaper when nobody retries', async () => {
    const { settleExpiredChanges } = await import('@/server/modules/bookings/change-dates');
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    loseNextAnswer = true;
    expect((await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(24), paymentInfo: CARD }, 'reaper-key-00001')).status).toBe(502);
    const result = await settleExpiredChanges({ db: t.db, payments: t.payments, jobs: t.jobs }, new Date(Date.now() + 11 * 60_000));
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(b.id)).toMatchObject({ departureDate: at(24), totalFeeCents: 4199, pendingChangeId: null });
  });
});

describe('vehicle and cancellation', () => {
  it('a new vehicle and plate show on the booking until departure', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    const res = await call(
      t.request,
      `/api/bookings/${b.confirmation}/vehicle`,
      { token: b.token, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'new 42' },
      { method: 'PATCH' },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'NEW 42' });
    expect(res.json.changes.at(-1)).toMatchObject({ kind: 'vehicle', fromVehicle: 'Toyota Camry · ABC123', toVehicle: 'Honda Civic · NEW 42' });
    const empty = await call(t.request, `/api/bookings/${b.confirmation}/vehicle`, { token: b.token, vehicleMake: '', vehicleModel: 'Civic' }, { method: 'PATCH' });
    expect(empty.status).toBe(400);
    expect(empty.json.error ?? empty.json.message).toBe('Vehicle make is required');
  });

  it('cancelling after an extension refunds each charge at most what it took', async () => {
    const lot = await freshLot();
    const b = await guestBooking(lot.id);
    expect((await change(b.confirmation, { token: b.token, arrivalDate: at(20), departureDate: at(25), paymentInfo: CARD }, 'split-key-00001')).status).toBe(200);
    const res = await call(t.request, `/api/bookings/${b.confirmation}/cancel`, { token: b.token, reason: '' });
    expect(res.status).toBe(200);
    expect(res.json.refundAmount).toBe(50);
    await t.drain();
    const mine = charges.filter((c) => c.metadata.bookingId === String(b.id));
    const refunds = await t.db.select().from(sandboxRefunds);
    const byIntent = mine.map((c) => refunds.filter((r) => r.paymentIntentId === c.id).reduce((s, r) => s + r.amount, 0));
    expect(byIntent).toEqual([3000, 2000]);
    expect(await takenOn(lot.id, at(20), at(25))).toEqual([0, 0, 0, 0, 0, 0]);
    const dead = await t.db.select().from(jobs).where(eq(jobs.status, 'dead'));
    expect(dead).toEqual([]);
  });
});
