// Checkout through HTTP in sandbox mode: the estimate, validation, payment outcomes, guest accounts, the
// no-overbooking rule under concurrency, Idempotency-Key, credits, and cancellation with refunds.
import { cents } from '@/shared/money';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { bumpContentVersion } from '@/server/content-version';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from '@/server/db/client';
import { bookings, idempotencyKeys, informationAccess, jobs, parkingProviders, paymentEvents, sandboxIntents, userCredits, users } from '@/server/db/schema';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createUser, recordingGateway } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const payments = recordingGateway();
const { charges } = payments;
const t = await createTestApp({}, { payments: payments.payments });
afterAll(() => t.close());

const providers = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id);
const mco = providers[0]!;
let nextProvider = 0;
/** A fresh lot for each test, so capacity and credits do not leak between tests. */
const freshProvider = () => providers[(nextProvider += 3)]!;

const arrive = `${dayFromToday(20)}T09:00`;
const depart = `${dayFromToday(22)}T17:00`;

/** Ada's booking of these dates (a lower-case plate: the server writes it in capitals). */
const body = (providerId: number, over: { customer?: object; reservation?: object; payment?: object } = {}) =>
  checkoutRequest(providerId, { email: 'ada@example.com', arrival: arrive, departure: depart, ...over, reservation: { licensePlate: 'abc123', ...over.reservation } });

const book = (b: unknown, cookie?: string, headers?: Record<string, string>) => checkout(t, b, { cookie, headers });

describe('POST /api/bookings/estimate', () => {
  it('prices from the catalogue: one day at 89.95 is 91.94 whatever the client sends', async () => {
    const p = freshProvider();
    await t.db
      .update(parkingProviders)
      .set({ priceCents: cents(8995), weeklyRateCents: null })
      .where(eq(parkingProviders.id, p.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const res = await call(t.request, '/api/bookings/estimate', { providerId: String(p.id), arrivalDate: '2027-03-01T10:00', departureDate: '2027-03-02T10:00', providerPrice: 1 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ days: 1, subtotal: 89.95, serviceFee: 1.99, total: 91.94, credit: 0 });
    const three = await call(t.request, '/api/bookings/estimate', { providerId: p.id, arrivalDate: '2027-03-01T10:00', departureDate: '2027-03-03T11:00' });
    expect(three.json).toMatchObject({ days: 3, subtotal: 269.85, total: 271.84 });
  });

  it('refuses reversed dates and unknown lots', async () => {
    expect((await call(t.request, '/api/bookings/estimate', { providerId: mco.id, arrivalDate: '2027-03-02', departureDate: '2027-03-01' })).json.error).toBe(
      'Departure date must be after arrival date',
    );
    expect((await call(t.request, '/api/bookings/estimate', { providerId: 999999, arrivalDate: '2027-03-01', departureDate: '2027-03-02' })).status).toBe(404);
  });
});

describe('POST /api/bookings/automated validation', () => {
  it.each([
    [{ customer: { firstName: '' } }, 'First name is required'],
    [{ customer: { lastName: ' ' } }, 'Last name is required'],
    [{ customer: { phone: '' } }, 'Phone is required'],
    [{ reservation: { vehicleMake: '' } }, 'Vehicle make is required'],
    [{ payment: { cardNumber: '' } }, 'Card number is required'],
    [{ payment: { billingZip: '' } }, 'ZIP is required'],
    [{ reservation: { departureDate: arrive } }, 'Departure date must be after arrival date'],
    [{ customer: { email: 'not-an-email' } }, 'Please enter a valid email address'],
    // First error wins: a missing field beats a bad e-mail.
    [{ customer: { email: 'nope', phone: '' } }, 'Phone is required'],
  ])('%j → %s (400, nothing written)', async (over, message) => {
    const before = (await t.db.select().from(bookings)).length;
    const res = await book(body(mco.id, over));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, error: message });
    expect(await t.db.select().from(bookings)).toHaveLength(before);
  });

  it('needs a provider, and arrival in the future', async () => {
    const { providerId: _omit, ...noProvider } = body(mco.id);
    expect((await book(noProvider)).json.error).toBe('Provider information is missing. Please select a parking provider.');
    const past = await book(body(mco.id, { reservation: { arrivalDate: `${dayFromToday(-3)}T09:00`, departureDate: `${dayFromToday(-1)}T09:00` } }));
    expect(past.status).toBe(400);
    expect(past.json.error).toBe('Arrival date cannot be in the past');
  });
});

describe('paying for a booking', () => {
  it('books a signed-in traveller: server-side amounts, confirmation number, e-mail with pass and calendar', async () => {
    const u = await createUser(t, { email: 'booker@example.com' });
    const p = freshProvider();
    const tampered = { ...body(p.id), totalFee: 0.01, parkingFee: 0.01, providerPrice: 0.01 };
    const res = await book(tampered, u.cookie);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.confirmationNumber).toMatch(/^PP-[A-HJ-NP-Z2-9]{8}$/);
    const days = 3; // 09:00 on day 20 to 17:00 on day 22 is 2 days 8 hours
    const subtotal = (p.priceCents * days) / 100;
    expect(res.json.booking).toMatchObject({
      status: 'confirmed',
      parkingFee: subtotal,
      serviceFee: 1.99,
      totalFee: Math.round((subtotal + 1.99) * 100) / 100,
      cardBrand: 'visa',
      cardLast4: '4242',
      licensePlate: 'ABC123',
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.confirmationNumber, res.json.confirmationNumber));
    expect(row!.userId).toBe(u.user.id);

    // Never a card number at rest: not in any row that checkout writes, nor (SQLite) in the database files.
    const written = JSON.stringify(await Promise.all([bookings, idempotencyKeys, jobs, paymentEvents, sandboxIntents, users].map((table) => t.db.select().from(table))));
    expect(written).toContain(res.json.confirmationNumber);
    expect(written.includes('4242424242424242')).toBe(false);
    expect(written.includes('4242 4242 4242 4242')).toBe(false);
    if (ENGINE === 'sqlite') {
      for (const name of [t.env.DATABASE_PATH, `${t.env.DATABASE_PATH}-wal`].filter((f) => fs.existsSync(f))) {
        const file = fs.readFileSync(name);
        expect(file.includes(Buffer.from('4242424242424242'))).toBe(false);
        expect(file.includes(Buffer.from('4242 4242 4242 4242'))).toBe(false);
      }
    }

    const mail = (await t.outbox()).find((m) => m.subject.includes(res.json.confirmationNumber))!;
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain(p.name);
    // The vehicle reads as on the pages and in the booking's history (src/shared/vehicle-text.ts).
    expect(mail.text).toContain('Toyota Camry · ABC123');
    expect(mail.attachments).toEqual(['parking-pass.png', `${res.json.confirmationNumber}.ics`]);

    const history = await call(t.request, '/api/bookings/history', undefined, { cookie: u.cookie });
    expect(history.json[0]).toMatchObject({ confirmationNumber: res.json.confirmationNumber, status: 'confirmed', cancellable: true });
    const one = await call(t.request, `/api/bookings/${res.json.confirmationNumber}`, undefined, { cookie: u.cookie });
    expect(one.json.providerName).toBe(p.name);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('a declined card (%s) is 402 with the bank message and leaves no booking and no account', async (number, message) => {
    const email = `declined-${number.slice(-4)}@example.com`;
    const before = (await t.db.select().from(bookings)).length;
    const res = await book(body(freshProvider().id, { customer: { email }, payment: { cardNumber: number } }));
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ success: false, error: message });
    expect(await t.db.select().from(bookings)).toHaveLength(before);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('guest checkout makes no account and signs nobody in; the booking opens by its own signed link', async () => {
    const email = 'guest-booker@example.com';
    const res = await book(body(freshProvider().id, { customer: { email: 'Guest-Booker@Example.com', firstName: 'Guest', lastName: 'Person' } }));
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The booking belongs to the e-mail (lower-cased) until an account proves it (guest-credit.test.ts).
    expect((await t.db.select().from(bookings).where(eq(bookings.confirmationNumber, res.json.confirmationNumber)))[0]).toMatchObject({ userId: null, email });

    const link = (confirmation: string, token: string) => `/api/bookings/${confirmation}/view?token=${token}`;
    const seen = await call(t.request, link(res.json.confirmationNumber, res.json.viewToken));
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ confirmationNumber: res.json.confirmationNumber, status: 'confirmed', email });
    expect(seen.headers.get('cache-control')).toBe('no-store');
    // A tampered token, or the token with another booking's number, shows nothing.
    // (Its last letter changed: a fixed suffix was the token itself once in 1,024 runs.)
    const tampered = `${res.json.viewToken.slice(0, -1)}${res.json.viewToken.endsWith('a') ? 'b' : 'a'}`;
    expect((await call(t.request, link(res.json.confirmationNumber, tampered))).status).toBe(404);
    expect((await call(t.request, link('PP-AAAAAAAA', res.json.viewToken))).status).toBe(404);

    const mails = (await t.outbox()).filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Booking confirmed')]);
    // It says how to keep the booking with an account (no account was made for it).
    expect(mails[0]!.text).toContain('you booked with ParkPilot as a guest. Create an account with this e-mail address and confirm it to see this booking there.');
    // The e-mail's link opens the booking in any browser (and manages it: see manage.test.ts).
    const mailed = /\/manage\/(PP-[A-Z0-9]+)\?token=([a-z0-9]+)/.exec(mails.find((m) => m.subject.includes('Booking confirmed'))!.html)!;
    expect((await call(t.request, link(mailed[1]!, mailed[2]!))).json.confirmationNumber).toBe(res.json.confirmationNumber);
    expect((await call(t.request, `/api/bookings/${mailed[1]}/manage?token=${mailed[2]}`)).json.confirmationNumber).toBe(res.json.confirmationNumber);
  });

  it('a guest booking with the e-mail of an unproven account stays out of it and never opens it', async () => {
    const owner = await createUser(t, { email: 'existing-owner@example.com' });
    const res = await book(body(freshProvider().id, { customer: { email: 'existing-owner@example.com' } }));
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
    // Typing an address proves nothing: the account takes the booking once it verifies the e-mail (guest-credit.test.ts).
    expect(
      (await call(t.request, '/api/bookings/history', undefined, { cookie: owner.cookie })).json.map((b: { confirmationNumber: string }) => b.confirmationNumber),
    ).not.toContain(res.json.confirmationNumber);
  });
});

describe('inventory', () => {
  it('capacity + 15 parallel bookings for one night succeed exactly capacity times; search then shows 0', async () => {
    const p = freshProvider();
    const capacity = 4;
    await t.db.update(parkingProviders).set({ capacity }).where(eq(parkingProviders.id, p.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const night = { arrivalDate: `${dayFromToday(30)}T20:00`, departureDate: `${dayFromToday(31)}T08:00` };
    const results = await Promise.all(Array.from({ length: capacity + 15 }, (_, i) => book(body(p.id, { customer: { email: `rush-${i}@example.com` }, reservation: night }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(capacity);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.error).toBe(`Sorry, ${p.name} is sold out for these dates. Please choose different dates or another lot.`);
    }
    // Guests get no account; the refused leave no booking.
    expect((await t.db.select().from(users)).filter((u) => u.email.startsWith('rush-'))).toHaveLength(0);
    expect((await t.db.select().from(bookings).where(eq(bookings.providerId, p.id))).filter((b) => b.email.startsWith('rush-'))).toHaveLength(capacity);

    const location = p.location;
    const search = await call(t.request, `/api/search?location=${encodeURIComponent(location)}&arrivalDate=${night.arrivalDate}&departureDate=${night.departureDate}`);
    expect(search.json.providers.find((x: { id: number }) => x.id === p.id).availableSpaces).toBe(0);
    // Other nights are unaffected.
    const later = await call(t.request, `/api/search?location=${encodeURIComponent(location)}&arrivalDate=${dayFromToday(40)}&departureDate=${dayFromToday(41)}`);
    expect(later.json.providers.find((x: { id: number }) => x.id === p.id).availableSpaces).toBe(capacity);
  });
});

describe('Idempotency-Key', () => {
  it('concurrent duplicates create one booking and one charge', async () => {
    const p = freshProvider();
    const key = 'checkout-key-0001';
    const before = charges.length;
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => book(body(p.id, { customer: { email: 'twice@example.com' } }), undefined, { 'Idempotency-Key': key })));
    for (const r of [a, b, c]) expect(r!.status).toBe(200);
    expect(new Set([a, b, c].map((r) => r!.json.confirmationNumber)).size).toBe(1);
    expect(await t.db.select().from(bookings).where(eq(bookings.providerId, p.id))).toHaveLength(1);
    expect(charges.length - before).toBe(1);
    // A later repeat replays too; the same key for a different booking is refused.
    const again = await book(body(p.id, { customer: { email: 'twice@example.com' } }), undefined, { 'Idempotency-Key': key });
    expect(again.json.confirmationNumber).toBe(a!.json.confirmationNumber);
    const other = await book(body(p.id, { customer: { email: 'twice@example.com' }, reservation: { vehicleMake: 'Honda' } }), undefined, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
  });

  it('replays a decline instead of charging again', async () => {
    const key = 'checkout-key-0002';
    const before = charges.length;
    const first = await book(body(freshProvider().id, { customer: { email: 'retry@example.com' }, payment: { cardNumber: '4000000000000002' } }), undefined, {
      'Idempotency-Key': key,
    });
    expect(first.status).toBe(402);
    const second = await book(body(providers[nextProvider]!.id, { customer: { email: 'retry@example.com' }, payment: { cardNumber: '4000000000000002' } }), undefined, {
      'Idempotency-Key': key,
    });
    expect(second.status).toBe(402);
    expect(charges.length - before).toBe(1);
  });
});

describe('credits', () => {
  it('applies the $0.99 access fee once at that location, and the balance always equals the ledger', async () => {
    const u = await createUser(t, { email: 'credit@example.com' });
    const p = freshProvider();
    const location = p.location;
    const created = await call(t.request, '/api/payments/information-access', { location }, { cookie: u.cookie });
    await call(
      t.request,
      '/api/payments/sandbox/confirm',
      { paymentIntentId: created.json.paymentIntentId, clientSecret: created.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      { cookie: u.cookie },
    );
    await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie });

    const est = await call(t.request, '/api/bookings/estimate', { providerId: p.id, arrivalDate: arrive, departureDate: depart }, { cookie: u.cookie });
    expect(est.json.credit).toBe(0.99);

    const first = await book(body(p.id), u.cookie);
    expect(first.json.booking.creditApplied).toBe(0.99);
    expect(first.json.booking.totalFee).toBeCloseTo(first.json.booking.parkingFee + 1.99 - 0.99, 2);
    const second = await book(body(p.id), u.cookie);
    expect(second.json.booking.creditApplied).toBe(0);

    const ledger = await t.db.select().from(userCredits).where(eq(userCredits.userId, u.user.id));
    expect(ledger.map((l) => l.type).sort()).toEqual(['access_fee_credit', 'booking_use']);
    const balance = (await t.db.select().from(users).where(eq(users.id, u.user.id)))[0]!.creditBalanceCents;
    expect(balance).toBe(ledger.reduce((s, l) => s + l.amountCents, 0));
    expect(balance).toBe(0);
    expect((await t.db.select().from(informationAccess).where(eq(informationAccess.userId, u.user.id)))[0]!.creditedBack).toBe(1);
  });

  it('a declined booking gives the credit back', async () => {
    const u = await createUser(t, { email: 'credit-declined@example.com' });
    const p = freshProvider();
    const created = await call(t.request, '/api/payments/information-access', { location: p.location }, { cookie: u.cookie });
    await call(
      t.request,
      '/api/payments/sandbox/confirm',
      { paymentIntentId: created.json.paymentIntentId, clientSecret: created.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      { cookie: u.cookie },
    );
    await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie });
    expect((await book(body(p.id, { payment: { cardNumber: '4000000000000002' } }), u.cookie)).status).toBe(402);
    expect((await t.db.select().from(users).where(eq(users.id, u.user.id)))[0]!.creditBalanceCents).toBe(99);
    expect(await t.db.select().from(userCredits).where(eq(userCredits.userId, u.user.id))).toHaveLength(1);
    expect((await call(t.request, '/api/bookings/estimate', { providerId: p.id, arrivalDate: arrive, departureDate: depart }, { cookie: u.cookie })).json.credit).toBe(0.99);
  });
});

describe('PATCH /api/bookings/:id/status', () => {
  it('lets only the owner cancel; 24h+ ahead refunds the parking fee, keeps the fee, frees the space', async () => {
    const owner = await createUser(t, { email: 'owner@example.com' });
    const other = await createUser(t, { email: 'other@example.com' });
    const p = freshProvider();
    await t.db.update(parkingProviders).set({ capacity: 1 }).where(eq(parkingProviders.id, p.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const made = await book(body(p.id), owner.cookie);
    const id = made.json.booking.id;
    const search = () => call(t.request, `/api/search?location=${encodeURIComponent(p.location)}&arrivalDate=${arrive}&departureDate=${depart}`);
    expect((await search()).json.providers.find((x: { id: number }) => x.id === p.id).availableSpaces).toBe(0);

    expect((await call(t.request, `/api/bookings/${id}/status`, { status: 'cancelled', reason: 'mine now' }, { method: 'PATCH', cookie: other.cookie })).status).toBe(404);
    expect((await call(t.request, `/api/bookings/${id}/status`, { status: 'cancelled' }, { method: 'PATCH' })).status).toBe(401);
    expect((await call(t.request, `/api/bookings/${id}/status`, { status: 'completed' }, { method: 'PATCH', cookie: owner.cookie })).status).toBe(400);

    const res = await call(t.request, `/api/bookings/${id}/status`, { status: 'cancelled', reason: 'Flight moved' }, { method: 'PATCH', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, refundAmount: made.json.booking.parkingFee, booking: { status: 'cancelled', refundedAmount: made.json.booking.parkingFee } });
    await t.drain();
    expect((await payments.gateway.listRefunds()).some((r) => r.amount === Math.round(made.json.booking.parkingFee * 100))).toBe(true);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.cancellationReason).toBe('Flight moved');

    const history = await call(t.request, '/api/bookings/history', undefined, { cookie: owner.cookie });
    expect(history.json[0]).toMatchObject({ id, status: 'cancelled', cancellable: false });
    expect((await search()).json.providers.find((x: { id: number }) => x.id === p.id).availableSpaces).toBe(1);
    const mail = (await t.outbox()).find((m) => m.subject === `Booking cancelled: ${made.json.confirmationNumber}`)!;
    expect(mail.text).toContain('We refunded');

    const twice = await call(t.request, `/api/bookings/${id}/status`, { status: 'cancelled' }, { method: 'PATCH', cookie: owner.cookie });
    expect(twice.status).toBe(400);
    expect(twice.json.error).toBe('This booking is already cancelled.');
  });

  it('within 24 hours of arrival the lot policy decides, and a started stay cannot be cancelled', async () => {
    const u = await createUser(t, { email: 'late@example.com' });
    const p = freshProvider();
    await t.db.update(parkingProviders).set({ cancellationPolicy: 'Free cancellation up to 24 hours before arrival.' }).where(eq(parkingProviders.id, p.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const made = await book(body(p.id, { reservation: { arrivalDate: `${dayFromToday(20)}T09:00` } }), u.cookie);
    // Move the stay to start in a few hours: stored times are lot-local (US zones are 4 to 10 hours behind
    // UTC), so UTC now + 3 hours as a wall-clock time is 7 to 13 hours away.
    const soon = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 16);
    await t.db.update(bookings).set({ arrivalDate: soon }).where(eq(bookings.id, made.json.booking.id));
    const res = await call(t.request, `/api/bookings/${made.json.booking.id}/status`, { status: 'cancelled' }, { method: 'PATCH', cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.json.refundAmount).toBe(0);

    const started = await book(body(freshProvider().id), u.cookie);
    await t.db
      .update(bookings)
      .set({ arrivalDate: `${dayFromToday(-1)}T09:00` })
      .where(and(eq(bookings.id, started.json.booking.id)));
    const late = await call(t.request, `/api/bookings/${started.json.booking.id}/status`, { status: 'cancelled' }, { method: 'PATCH', cookie: u.cookie });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe('This booking has already started and can no longer be cancelled.');
  });
});
