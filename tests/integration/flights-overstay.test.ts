// Flights and sailings, the lot's delay grace and overstays, through HTTP on the sandbox gateway with a clock moved
// by hand: flight numbers are validated (nothing saved on a bad one), normalised, changed from the manage page and
// shown at the gate; a car checked out 3 hours late at a lot with a 2-hour grace is charged one extra day at the
// booked rate to the card on file, once, however the check-out is retried (same Idempotency-Key) or repeated;
// within the grace nothing is charged; with no card on file the overstay is due, e-mailed with a link and paid
// from the manage page once; and every booking's gateway charges less refunds equal its net, to the cent.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChanges, bookingPayments, bookings, partnerLedger } from '@/server/db/schema';
import { instantAt } from '@/server/modules/bookings/booking-view';
import { DELAY_GRACE_MESSAGE } from '@/shared/schemas/catalogue-admin';
import { FLIGHT_MESSAGE } from '@/shared/schemas/travel';
import { cents } from '@/shared/money';
import { CARD_FIELDS, checkout, checkoutRequest, createBooking, createLot, createUser, recordingGateway, stayAt, type TestLot } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const HOUR = 3_600_000;
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const rec = recordingGateway();
const t = await createTestApp({}, { payments: rec.payments, clock });
afterAll(() => t.close());

type SignedIn = Awaited<ReturnType<typeof createUser>>;
let admin: SignedIn;
let lot: TestLot;

const billing = { name: 'Ada Lovelace', email: 'ada@example.com', address: { line1: '1 Main St', city: 'Orlando', state: 'FL', postal_code: '32801', country: 'US' } };

/** A traveller with a saved card (the card on file). */
async function travellerWithCard(number = '4242 4242 4242 4242') {
  const u = await createUser(t);
  const pm = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: number, expiry: '11/33', cvc: '123' }, { cookie: u.cookie });
  expect(pm.status).toBe(200);
  expect((await call(t.request, '/api/payment-methods', { payment_method_id: pm.json.id, billing_details: billing }, { cookie: u.cookie })).status).toBe(201);
  return u;
}

const gate = (cn: string, step: 'check-in' | 'check-out', key?: string) =>
  call(t.request, `/api/gate/bookings/${cn}/${step}`, { lotId: lot.id }, { cookie: admin.cookie, headers: key ? { 'Idempotency-Key': key } : {} });
const lookup = (cn: string) => call(t.request, `/api/gate/bookings/${cn}?lotId=${lot.id}`, undefined, { cookie: admin.cookie });

/** A booking from tomorrow 09:00 for two days, checked in at its arrival; the clock then stands at its departure. */
async function parked(opts: Parameters<typeof createBooking>[1] = {}) {
  nowMs = Date.now();
  const b = await createBooking(t, { lot, startIn: 1, days: 2, ...opts });
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
  nowMs = instantAt(row!.arrivalDate, lot.state).getTime();
  expect((await gate(b.confirmationNumber, 'check-in')).status).toBe(200);
  const departure = instantAt(row!.departureDate, lot.state).getTime();
  nowMs = departure;
  return { ...b, departure };
}

/** The gateway's succeeded charges less its refunds, for one booking; and the booking's net. */
async function reconcile(bookingId: number) {
  const charged = rec.charges.filter((c) => c.status === 'succeeded' && c.metadata.bookingId === String(bookingId));
  const ids = new Set(charged.map((c) => c.id));
  const refunded = rec.refunds.filter((r) => ids.has(r.paymentIntentId)).reduce((s, r) => s + r.amount, 0);
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const ledger = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
  expect(ledger.reduce((s, p) => s + p.amountCents, 0)).toBe(charged.reduce((s, c) => s + c.amount, 0));
  expect(charged.reduce((s, c) => s + c.amount, 0) - refunded).toBe(b!.totalFeeCents - b!.refundedCents);
  expect(b!.dayPrices!.reduce((s, d) => s + d.cents, 0)).toBe(b!.parkingFeeCents);
  return b!;
}

const overstayCharges = (bookingId: number) => rec.charges.filter((c) => c.metadata.purpose === 'overstay' && c.metadata.bookingId === String(bookingId));

beforeAll(async () => {
  admin = await createUser(t, { role: 'admin' });
  lot = await createLot(t, { priceCents: cents(1295), delayGraceHours: 2 });
  const partner = await call(
    t.request,
    '/api/admin/partners',
    { tradingName: 'Overstay Parking', legalName: 'Overstay Parking LLC', contactName: 'O', contactEmail: 'o@partner.example', commissionPercent: 15, lotIds: [lot.id] },
    { cookie: admin.cookie },
  );
  expect(partner.status).toBe(201);
});

describe('flight numbers', () => {
  it('a bad flight number is refused with how to write one, and nothing is saved', async () => {
    const email = `bad-flight-${Date.now()}@example.com`;
    const res = await checkout(t, { ...checkoutRequest(lot.id, { email, arrival: stayAt(5), departure: stayAt(7) }), travelDetails: { outboundFlight: 'flight one' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(FLIGHT_MESSAGE);
    expect(await t.db.select().from(bookings).where(eq(bookings.email, email))).toEqual([]);
  });

  it('is normalised at checkout, changed from the manage page until departure and shown to the gate', async () => {
    nowMs = Date.now();
    const res = await checkout(t, { ...checkoutRequest(lot.id, { arrival: stayAt(5), departure: stayAt(7) }), travelDetails: { outboundFlight: 'ua1234', returnFlight: 'dl 88' } });
    expect(res.status).toBe(200);
    expect(res.json.booking).toMatchObject({ outboundFlight: 'UA 1234', returnFlight: 'DL 88', shipName: null });
    const cn = res.json.confirmationNumber as string;
    const token = res.json.viewToken as string;
    const confirmation = (await t.outbox()).find((m) => m.subject.includes(cn));
    expect(confirmation?.text).toContain('Flights: UA 1234 out, DL 88 back');

    const bad = await call(t.request, `/api/bookings/${cn}/travel`, { token, outboundFlight: 'UA12345' }, { method: 'PATCH' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(FLIGHT_MESSAGE);
    const changed = await call(t.request, `/api/bookings/${cn}/travel`, { token, outboundFlight: 'b6-57', returnFlight: '' }, { method: 'PATCH' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ outboundFlight: 'B6 57', returnFlight: null });
    // The change is in the booking's history, and the traveller gets the pass again with what changed.
    expect(changed.json.changes.at(-1)).toMatchObject({ kind: 'travel', fromTravel: 'Flights: UA 1234 out, DL 88 back', toTravel: 'Flights: B6 57 out' });
    const mail = (await t.outbox()).filter((m) => m.subject.startsWith('Booking changed') && m.subject.includes(cn));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Your travel details changed (before: Flights: UA 1234 out, DL 88 back; now: Flights: B6 57 out)');
    // The same details again change nothing and e-mail nothing.
    const same = await call(t.request, `/api/bookings/${cn}/travel`, { token, outboundFlight: 'B6 57' }, { method: 'PATCH' });
    expect(same.status).toBe(200);
    expect(same.json.changes.filter((c: { kind: string }) => c.kind === 'travel')).toHaveLength(1);
    expect((await t.outbox()).filter((m) => m.subject.startsWith('Booking changed') && m.subject.includes(cn))).toHaveLength(1);
    // Someone else's booking is not found.
    expect((await call(t.request, `/api/bookings/${cn}/travel`, { outboundFlight: 'UA 1' }, { method: 'PATCH' })).status).toBe(404);

    const seen = await lookup(cn);
    expect(seen.json.booking).toMatchObject({ outboundFlight: 'B6 57', returnFlight: null });
  });

  it('at a cruise port the ship and sailing date are kept, not flights', async () => {
    nowMs = Date.now();
    const port = await createLot(t, { place: 'PCV-PORT' });
    const res = await checkout(t, {
      ...checkoutRequest(port.id, { arrival: stayAt(5), departure: stayAt(9) }),
      travelDetails: { outboundFlight: 'UA 1', shipName: 'Wonder of the Seas', sailingDate: stayAt(5).slice(0, 10) },
    });
    expect(res.status).toBe(200);
    expect(res.json.booking).toMatchObject({ outboundFlight: null, shipName: 'Wonder of the Seas', sailingDate: stayAt(5).slice(0, 10) });
  });
});

describe("the lot's delay grace", () => {
  it('is a whole number of hours from 0 to 24, set in the lot editor (REST: delayGraceHours)', async () => {
    const other = await createLot(t);
    const patch = (body: object) => call(t.request, `/api/admin/lots/${other.id}`, body, { cookie: admin.cookie, method: 'PATCH' });
    expect((await call(t.request, `/api/admin/lots/${other.id}`, undefined, { cookie: admin.cookie })).json.delayGraceHours).toBe(2);
    expect((await patch({ delayGraceHours: 5 })).status).toBe(200);
    expect((await call(t.request, `/api/admin/lots/${other.id}`, undefined, { cookie: admin.cookie })).json.delayGraceHours).toBe(5);
    for (const bad of [25, -1, 1.5]) {
      const refused = await patch({ delayGraceHours: bad });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toBe(DELAY_GRACE_MESSAGE);
    }
  });
});

describe('overstay at check-out', () => {
  it('3 hours late with a 2-hour grace charges one extra day at the booked rate, once, however the check-out is retried', async () => {
    const traveller = await travellerWithCard();
    const b = await parked({ user: traveller });
    nowMs = b.departure + 3 * HOUR;

    const seen = await lookup(b.confirmationNumber);
    expect(seen.json.overstay).toMatchObject({ days: 1, amount: 12.95, graceHours: 2, card: { last4: '4242' } });
    expect(seen.json.overstay.text).toBe('Late by 3 h — 1 extra day, $12.95, charged to the card on file.');

    const first = await gate(b.confirmationNumber, 'check-out', 'check-out-key-1');
    expect(first.status).toBe(200);
    expect(first.json.overstay).toMatchObject({ status: 'paid', days: 1, amount: 12.95, card: { last4: '4242' } });
    // Retried with the same key: the same answer, no second charge.
    const retried = await gate(b.confirmationNumber, 'check-out', 'check-out-key-1');
    expect(retried.status).toBe(200);
    expect(retried.json.overstay).toEqual(first.json.overstay);
    // Repeated with another key: already checked out, nothing charged.
    const repeated = await gate(b.confirmationNumber, 'check-out', 'check-out-key-2');
    expect(repeated.status).toBe(409);

    expect(overstayCharges(b.id).map((c) => [c.status, c.amount])).toEqual([['succeeded', 1295]]);
    const booking = await reconcile(b.id);
    expect(booking.parkingFeeCents).toBe(3 * 1295);
    expect(booking.totalFeeCents).toBe(3 * 1295 + 199);

    // The receipt shows it; the partner's share less commission is recorded once, like any parking revenue.
    const manage = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage`, undefined, { cookie: traveller.cookie });
    expect(manage.json.priceLines).toContainEqual({ label: 'late check-out: 1 extra day × $12.95', amount: 12.95 });
    expect(manage.json.overstayDue).toBeNull();
    const lines = await t.db
      .select()
      .from(partnerLedger)
      .where(and(eq(partnerLedger.bookingId, b.id), eq(partnerLedger.kind, 'overstay')));
    expect(lines.map((l) => [l.grossCents, l.commissionCents, l.netCents])).toEqual([[1295, 194, 1101]]);

    // The traveller is told, with the receipt line.
    const mail = (await t.outbox()).filter((m) => m.to.includes(booking.email) && m.subject.startsWith('Booking changed'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('after the booked departure');
    expect(mail[0]!.text).toContain('Parking, late check-out: 1 extra day × $12.95');
  });

  it('26 hours late is two days; within the grace nothing is charged', async () => {
    const traveller = await travellerWithCard();
    const late = await parked({ user: traveller });
    nowMs = late.departure + 26 * HOUR;
    expect((await gate(late.confirmationNumber, 'check-out', 'late-26-hours')).json.overstay).toMatchObject({ status: 'paid', days: 2, amount: 25.9 });
    await reconcile(late.id);

    const onTime = await parked({ user: traveller });
    nowMs = onTime.departure + 2 * HOUR - 60_000;
    expect((await lookup(onTime.confirmationNumber)).json.overstay).toBeNull();
    const out = await gate(onTime.confirmationNumber, 'check-out', 'within-grace');
    expect(out.status).toBe(200);
    expect(out.json.overstay).toBeNull();
    expect(overstayCharges(onTime.id)).toEqual([]);
    await reconcile(onTime.id);
  });

  it('with no card on file the overstay is due: e-mailed with a link, paid once from the manage page', async () => {
    const b = await parked(); // a guest: no card on file
    nowMs = b.departure + 3 * HOUR;
    expect((await lookup(b.confirmationNumber)).json.overstay.text).toBe('Late by 3 h — 1 extra day, $12.95, the traveller is sent a link to pay.');
    const out = await gate(b.confirmationNumber, 'check-out', 'guest-check-out');
    expect(out.json.overstay).toMatchObject({ status: 'due', amount: 12.95 });
    expect(overstayCharges(b.id)).toEqual([]);

    const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && m.subject.startsWith('Overstay due'));
    expect(mail?.subject).toBe(`Overstay due $12.95: booking ${b.confirmationNumber}`);
    const token = new RegExp(`/manage/${b.confirmationNumber}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.text)![1]!;
    const manage = await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${token}`);
    expect(manage.json.overstayDue).toMatchObject({ status: 'due', amount: 12.95 });

    const pay = (key: string, card = CARD_FIELDS.cardNumber) =>
      call(t.request, `/api/bookings/${b.confirmationNumber}/overstay/pay`, { token, paymentInfo: { ...CARD_FIELDS, cardNumber: card } }, { headers: { 'Idempotency-Key': key } });
    const declined = await pay('pay-overstay-declined', '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const paid = await pay('pay-overstay-1');
    expect(paid.status).toBe(200);
    expect(paid.json.overstay).toMatchObject({ status: 'paid', amount: 12.95 });
    expect(paid.json.booking.overstayDue).toBeNull();
    expect((await pay('pay-overstay-1')).json.overstay).toEqual(paid.json.overstay);
    expect((await pay('pay-overstay-2')).status).toBe(400);

    expect(overstayCharges(b.id).map((c) => [c.status, c.amount])).toEqual([
      ['requires_payment_method', 1295],
      ['succeeded', 1295],
    ]);
    const booking = await reconcile(b.id);
    expect(booking.totalFeeCents).toBe(3 * 1295 + 199);
    const [row] = await t.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, b.id), eq(bookingChanges.kind, 'overstay')));
    expect(row).toMatchObject({ status: 'applied', chargedCents: 1295 });
  });
});
