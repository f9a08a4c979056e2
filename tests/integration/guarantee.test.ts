// The parking guarantee through HTTP (GET and POST /api/bookings/{n}/guarantee): during the arrival window a
// turned-away traveller moves to a nearby lot with space at no extra cost (a cheaper lot refunds the
// difference; a dearer one is paid by the platform and charged to the original lot's partner), or takes a full
// refund (card, credit and service fee); the money balances (each booking's card charges less refunds equal its
// net); a repeat is 409, after check-in or outside the window is refused, someone else's booking is 404.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, bookingPayments, bookings, guaranteeClaims, jobs, locations, lotDays, parkingProviders, partnerLedger } from '@/server/db/schema';
import { bumpContentVersion } from '@/server/content-version';
import { instantAt } from '@/server/modules/bookings/booking-view';
import { stayDays } from '@/server/modules/bookings/inventory';
import { cents } from '@/shared/money';
import { createBooking, createLot, createUser, recordingGateway } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

/** The app's clock, moved by hand to the booking's arrival window. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const gateway = recordingGateway();
const t = await createTestApp({}, { clock, payments: gateway.payments });
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Guarantee Admin', role: 'admin' });

let seq = 0;
/** A partner owning new lots at MCO (each `price` cents a day), at `percent` commission. */
async function partnerLots(percent: number, prices: number[]) {
  const lots = [];
  for (const price of prices) lots.push(await createLot(t, { priceCents: cents(price) }));
  const n = ++seq;
  const created = await call(
    t.request,
    '/api/admin/partners',
    {
      tradingName: `Guarantee Partner ${n}-${Date.now()}`,
      legalName: `GP ${n} LLC`,
      contactName: 'G',
      contactEmail: `gp-${n}@partner.example`,
      commissionPercent: percent,
      lotIds: lots.map((l) => l.id),
    },
    { cookie: admin.cookie },
  );
  expect(created.status).toBe(201);
  return { id: created.json.id as number, lots };
}

/** Moves the clock to `hours` after the booking's arrival (negative: before). */
function at(booking: { arrivalDate: string }, state: string, hours: number) {
  offset = instantAt(booking.arrivalDate, state).getTime() + hours * 3_600_000 - Date.now();
}

const options = (c: string, opts: { token?: string | null; cookie?: string } = {}) =>
  call(t.request, `/api/bookings/${c}/guarantee${opts.token ? `?token=${opts.token}` : ''}`, undefined, { cookie: opts.cookie });
const claim = (c: string, body: object, opts: { token?: string | null; cookie?: string; key?: string } = {}) =>
  call(t.request, `/api/bookings/${c}/guarantee${opts.token ? `?token=${opts.token}` : ''}`, body, {
    cookie: opts.cookie,
    headers: { 'Idempotency-Key': opts.key ?? `guarantee-${++seq}-${Math.random().toString(36).slice(2)}` },
  });
/** A guest's booking and its manage token from the confirmation e-mail (valid through the stay, unlike checkout's 7-day link). */
async function guestBooking(lot: { id: number }) {
  const b = await createBooking(t, { lot, days: 2 });
  const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && m.subject.startsWith('Booking confirmed'))!;
  const token = new RegExp(`/manage/${b.confirmationNumber}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
  return { ...b, viewToken: token };
}
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Charges less refunds at the gateway, by booking (the charges ledger says which booking each charge belongs to now). */
async function cardNet(bookingId: number) {
  await t.drain();
  const charges = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
  const intents = new Set(charges.map((c) => c.paymentIntentId));
  const charged = gateway.charges.filter((c) => intents.has(c.id)).reduce((s, c) => s + c.amount, 0);
  const refunded = gateway.refunds.filter((r) => intents.has(r.paymentIntentId)).reduce((s, r) => s + r.amount, 0);
  return charged - refunded;
}
const net = (b: { totalFeeCents: number; refundedCents: number }) => b.totalFeeCents - b.refundedCents;

async function taken(providerId: number, arrival: string, departure: string) {
  const [first, last] = stayDays(arrival, departure);
  const rows = await t.db.select().from(lotDays).where(eq(lotDays.providerId, providerId));
  return rows.filter((r) => r.day >= first && r.day <= last).map((r) => r.taken);
}

describe('a move to a nearby lot', () => {
  it('moves a guest to a cheaper lot: the difference back to the card, the days moved, the ledger balanced, the partners lines as designed', async () => {
    offset = 0;
    const turnedAway = await partnerLots(15, [1500]);
    const nearby = await partnerLots(10, [1000]);
    const from = turnedAway.lots[0]!;
    const to = nearby.lots[0]!;
    const b = await guestBooking(from);
    const before = await row(b.id);
    expect(before.totalFeeCents).toBe(3199);

    at(before, from.state, -1);
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${b.viewToken}`)).json.allowed).toMatchObject({ guarantee: true });
    const seen = await options(b.confirmationNumber, { token: b.viewToken });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ eligible: true, reason: null, paid: 31.99, refund: { card: 31.99, credit: 0, total: 31.99 } });
    const option = seen.json.options.find((o: { lotId: number }) => o.lotId === to.id);
    expect(option).toMatchObject({ price: 21.99, youPay: 21.99, refundNow: 10, wePay: 0 });
    expect(seen.json.options.some((o: { lotId: number }) => o.lotId === from.id)).toBe(false);

    const moved = await claim(b.confirmationNumber, { lotId: to.id }, { token: b.viewToken, key: 'move-cheaper-1' });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ outcome: 'moved', refunded: { card: 10, credit: 0 }, youPaid: 21.99, platformPaid: 0 });
    expect(moved.json.manageToken).toEqual(expect.any(String));
    const next = moved.json.newBooking as { id: number; confirmationNumber: string };

    // The same key replays the outcome; nothing happens twice.
    const replay = await claim(b.confirmationNumber, { lotId: to.id }, { token: b.viewToken, key: 'move-cheaper-1' });
    expect(replay.status).toBe(200);
    expect(replay.json.newBooking.confirmationNumber).toBe(next.confirmationNumber);

    const original = await row(b.id);
    const fresh = await row(next.id);
    expect(original).toMatchObject({ status: 'cancelled', paymentIntentId: null });
    expect(original.cancellationReason).toContain('parking guarantee');
    expect(fresh).toMatchObject({
      status: 'confirmed',
      providerId: to.id,
      arrivalDate: before.arrivalDate,
      departureDate: before.departureDate,
      licensePlate: before.licensePlate,
    });
    expect(fresh).toMatchObject({ parkingFeeCents: 2000, serviceFeeCents: 199, totalFeeCents: 2199, refundedCents: 0, partnerId: nearby.id });
    // Trip reminders: the new booking gets its own, for its dates (the original's end unsent: it is cancelled).
    const reminders = (await t.db.select().from(jobs)).filter((j) => j.kind.endsWith('-reminder') && (j.payload as { bookingId: number }).bookingId === next.id);
    expect(reminders.map((j) => j.payload)).toEqual(
      expect.arrayContaining([
        { bookingId: next.id, arrival: before.arrivalDate },
        { bookingId: next.id, departure: before.departureDate },
      ]),
    );
    // The days: the original's given back, the new lot's taken.
    expect(await taken(from.id, before.arrivalDate, before.departureDate)).toEqual([0, 0, 0]);
    expect(await taken(to.id, before.arrivalDate, before.departureDate)).toEqual([1, 1, 1]);
    // The money: each booking's card charges less refunds equal its net; the traveller paid 21.99 in all.
    expect(await cardNet(b.id)).toBe(net(original));
    expect(net(original)).toBe(0);
    expect(await cardNet(next.id)).toBe(net(fresh));
    expect(net(fresh)).toBe(2199);
    expect(gateway.refunds.filter((r) => r.paymentIntentId === before.paymentIntentId).map((r) => r.amount)).toEqual([1000]);
    // The partners: the original lot's refund line, the new lot's booking line; no charge (the lot was cheaper).
    const lines = await t.db
      .select()
      .from(partnerLedger)
      .where(inArray(partnerLedger.bookingId, [b.id, next.id]));
    const byKey = Object.fromEntries(lines.map((l) => [l.sourceKey, l]));
    expect(byKey[`booking:${b.id}`]).toMatchObject({ partnerId: turnedAway.id, grossCents: 3000 });
    expect(byKey[`guarantee:${b.id}`]).toMatchObject({ partnerId: turnedAway.id, kind: 'refund', grossCents: -3000 });
    expect(byKey[`booking:${next.id}`]).toMatchObject({ partnerId: nearby.id, kind: 'booking', grossCents: 2000, commissionCents: 200, netCents: 1800 });
    expect(lines.some((l) => l.kind === 'guarantee')).toBe(false);
    // Recorded for the administrator (claim and audit) and e-mailed with the new pass.
    const [c] = await t.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.bookingId, b.id));
    expect(c).toMatchObject({ outcome: 'moved', newBookingId: next.id, refundedCents: 1000, platformPaidCents: 0, partnerId: turnedAway.id });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'guarantee'));
    expect(audits.some((a) => a.entityId === String(c!.id) && a.action === 'moved')).toBe(true);
    const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && m.text.includes(next.confirmationNumber) && m.text.includes('parking guarantee'));
    expect(mail, 'a confirmation with the new pass').toBeDefined();
    // The new booking opens with the token the claim returned.
    const opened = await call(t.request, `/api/bookings/${next.confirmationNumber}/manage?token=${moved.json.manageToken}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ providerName: to.name, status: 'confirmed', allowed: { guarantee: false } });

    // A second claim, on either booking, is refused with a clear message.
    const again = await claim(b.confirmationNumber, { refund: true }, { token: b.viewToken });
    expect(again.status).toBe(409);
    expect(again.json.error ?? again.json.message).toMatch(/already claimed/);
    const onNew = await claim(next.confirmationNumber, { refund: true }, { token: moved.json.manageToken });
    expect(onNew.status).toBe(409);
    const shown = await options(b.confirmationNumber, { token: b.viewToken });
    expect(shown.json).toMatchObject({ eligible: false, claim: { outcome: 'moved', newConfirmationNumber: next.confirmationNumber } });
  });

  it('moves a signed-in traveller to a dearer lot at no extra cost: the platform pays the difference, charged to the original partner', async () => {
    offset = 0;
    const traveller = await createUser(t);
    const turnedAway = await partnerLots(15, [1000]);
    const nearby = await partnerLots(20, [1500]);
    const from = turnedAway.lots[0]!;
    const to = nearby.lots[0]!;
    const b = await createBooking(t, { lot: from, days: 2, user: traveller });
    const before = await row(b.id);
    at(before, from.state, 3);
    const seen = await options(b.confirmationNumber, { cookie: traveller.cookie });
    expect(seen.json.options.find((o: { lotId: number }) => o.lotId === to.id)).toMatchObject({ price: 31.99, youPay: 21.99, refundNow: 0, wePay: 10 });
    const moved = await claim(b.confirmationNumber, { lotId: to.id }, { cookie: traveller.cookie });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ outcome: 'moved', youPaid: 21.99, platformPaid: 10, manageToken: null });
    const fresh = await row(moved.json.newBooking.id);
    expect(fresh).toMatchObject({ userId: traveller.user.id, parkingFeeCents: 3000, totalFeeCents: 2199 });
    expect(await cardNet(fresh.id)).toBe(net(fresh));
    expect(await cardNet(b.id)).toBe(net(await row(b.id)));
    expect(gateway.refunds.filter((r) => r.paymentIntentId === before.paymentIntentId)).toEqual([]);
    // The new booking's receipt adds up: its parking and fee, less what the guarantee paid, is what was paid.
    const view = (await call(t.request, `/api/bookings/${moved.json.newBooking.confirmationNumber}/manage`, undefined, { cookie: traveller.cookie })).json;
    expect(view.guaranteeCovered).toBe(10);
    // So does its e-mail (the pass, with why it moved); the turned-away booking's confirmation shows no such line.
    const passMail = (n: string) => t.outbox().then((mails) => mails.find((m) => /^Booking (confirmed|changed):/.test(m.subject) && m.subject.includes(n))!);
    expect((await passMail(moved.json.newBooking.confirmationNumber)).text).toContain('Paid by our parking guarantee: −$10.00');
    expect((await passMail(b.confirmationNumber)).text).not.toContain('Paid by our parking guarantee');
    const lines = view.priceLines.reduce((s: number, l: { amount: number }) => s + Math.round(l.amount * 100), 0);
    expect(lines + Math.round(view.serviceFee * 100) - Math.round(view.creditApplied * 100) - 1000).toBe(Math.round(view.totalFee * 100));
    const charge = await t.db
      .select()
      .from(partnerLedger)
      .where(eq(partnerLedger.sourceKey, `guarantee-charge:${b.id}`));
    expect(charge).toMatchObject([{ partnerId: turnedAway.id, kind: 'guarantee', grossCents: -1000, commissionCents: 0, netCents: -1000 }]);
    const [newLine] = await t.db
      .select()
      .from(partnerLedger)
      .where(eq(partnerLedger.sourceKey, `booking:${fresh.id}`));
    expect(newLine).toMatchObject({ partnerId: nearby.id, grossCents: 3000, commissionCents: 600 });
    const [c] = await t.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.bookingId, b.id));
    expect(c).toMatchObject({ platformPaidCents: 1000, claimedBy: traveller.user.id });
    // The administrator sees the claim.
    const list = await call(t.request, '/api/admin/guarantee-claims', undefined, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.json.claims.some((x: { confirmationNumber: string; platformPaid: number }) => x.confirmationNumber === b.confirmationNumber && x.platformPaid === 10)).toBe(true);
    // The partner sees the claims of its lots only (the portal's list), and a traveller none.
    const mine = await call(t.request, `/api/partner/guarantee-claims?partnerId=${turnedAway.id}`, undefined, { cookie: admin.cookie });
    expect(mine.json.claims.map((x: { confirmationNumber: string }) => x.confirmationNumber)).toEqual([b.confirmationNumber]);
    const theirs = await call(t.request, `/api/partner/guarantee-claims?partnerId=${nearby.id}`, undefined, { cookie: admin.cookie });
    expect(theirs.json.claims).toEqual([]);
    expect((await call(t.request, '/api/admin/guarantee-claims', undefined, { cookie: traveller.cookie })).status).toBe(403);
    expect((await call(t.request, `/api/partner/guarantee-claims?partnerId=${turnedAway.id}`, undefined, { cookie: traveller.cookie })).status).toBe(404);
  });

  it('refuses a lot that is not nearby or has no space, changing nothing', async () => {
    offset = 0;
    const from = await createLot(t);
    const full = await createLot(t, { capacity: 1 });
    const elsewhere = await createLot(t, { place: 'LAX' });
    await createBooking(t, { lot: full, days: 2 });
    const b = await guestBooking(from);
    at(await row(b.id), from.state, 0);
    const seen = await options(b.confirmationNumber, { token: b.viewToken });
    const ids = seen.json.options.map((o: { lotId: number }) => o.lotId);
    expect(ids).not.toContain(full.id);
    expect(ids).not.toContain(elsewhere.id);
    for (const lotId of [full.id, elsewhere.id]) {
      const refused = await claim(b.confirmationNumber, { lotId }, { token: b.viewToken });
      expect(refused.status).toBe(409);
    }
    expect((await row(b.id)).status).toBe('confirmed');
    const bad = await claim(b.confirmationNumber, {}, { token: b.viewToken });
    expect(bad.status).toBe(400);
  });
});

describe('a full refund', () => {
  it('refunds card and service fee when nothing nearby has space, and tells the traveller', async () => {
    offset = 0;
    // A place whose every other lot is unlisted, and one neighbour that is full.
    const [place] = await t.db.select().from(locations).where(eq(locations.code, 'SEA'));
    await t.db.update(parkingProviders).set({ published: 0 }).where(eq(parkingProviders.locationId, place!.id));
    await bumpContentVersion(t.db);
    const from = await createLot(t, { place: 'SEA' });
    const full = await createLot(t, { place: 'SEA', capacity: 2, onlineBuffer: 1 });
    await createBooking(t, { lot: full, days: 2 });
    const b = await guestBooking(from);
    const before = await row(b.id);
    at(before, from.state, 1);
    const seen = await options(b.confirmationNumber, { token: b.viewToken });
    expect(seen.json).toMatchObject({ eligible: true, options: [] });
    const refunded = await claim(b.confirmationNumber, { refund: true }, { token: b.viewToken });
    expect(refunded.status).toBe(200);
    expect(refunded.json).toMatchObject({ outcome: 'refunded', newBooking: null, refunded: { card: 21.99, credit: 0 } });
    const after = await row(b.id);
    expect(after).toMatchObject({ status: 'cancelled', refundedCents: 2199 });
    expect(await cardNet(b.id)).toBe(0);
    expect(net(after)).toBe(0);
    expect(await taken(from.id, before.arrivalDate, before.departureDate)).toEqual([0, 0, 0]);
    const [c] = await t.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.bookingId, b.id));
    expect(c).toMatchObject({ outcome: 'refunded', refundedCents: 2199, newBookingId: null });
    const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && /cancel/i.test(m.subject));
    expect(mail?.text).toContain('$21.99');
  });
});

describe('refusals', () => {
  it('refuses after check-in, before the window opens and after it closes; someone else gets 404', async () => {
    offset = 0;
    const lot = await createLot(t);
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const b = await createBooking(t, { lot, days: 3, user: owner });
    const before = await row(b.id);

    at(before, lot.state, -3);
    const early = await claim(b.confirmationNumber, { refund: true }, { cookie: owner.cookie });
    expect(early.status).toBe(400);
    expect(early.json.error ?? early.json.message).toMatch(/opens 2 hours before/);
    expect((await options(b.confirmationNumber, { cookie: owner.cookie })).json).toMatchObject({ eligible: false, options: [] });

    at(before, lot.state, 25);
    const late = await claim(b.confirmationNumber, { refund: true }, { cookie: owner.cookie });
    expect(late.status).toBe(400);
    expect(late.json.error ?? late.json.message).toMatch(/first 24 hours/);

    at(before, lot.state, 1);
    expect((await options(b.confirmationNumber, { cookie: stranger.cookie })).status).toBe(404);
    expect((await claim(b.confirmationNumber, { refund: true }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await options(b.confirmationNumber)).status).toBe(404);

    await t.db.update(bookings).set({ checkedInAt: clock.now() }).where(eq(bookings.id, b.id));
    const checkedIn = await claim(b.confirmationNumber, { refund: true }, { cookie: owner.cookie });
    expect(checkedIn.status).toBe(409);
    expect(checkedIn.json.error ?? checkedIn.json.message).toMatch(/checked in/);
    expect((await row(b.id)).status).toBe('confirmed');
    expect(await t.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.bookingId, b.id))).toEqual([]);
  });
});
