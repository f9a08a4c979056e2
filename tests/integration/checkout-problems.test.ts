// Problems where the traveller looks, through HTTP: the estimate says why checkout would refuse the dates (past at
// the lot's time, more than a year ahead, a closed day, a sold-out day) with the field it belongs to, in the words
// checkout refuses with; the one card vocabulary on every card endpoint (older names still read); a damaged or
// cut manage link is a human 404 on the API and the page, never a validation message.
import { and, between, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { locations, lotDays, parkingProviders } from '@/server/db/schema';
import { bumpContentVersion } from '@/server/content-version';
import { stayDays } from '@/server/modules/bookings/inventory';
import { instantToWallClock, zoneForState } from '@/shared/time-zones';
import { dayFromToday } from '@/shared/pricing';
import { CARD_FIELDS, checkoutRequest, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const providers = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id);
let next = 2;
const freshLot = () => providers[(next += 5)]!;
const at = (days: number, time = '10:00') => `${dayFromToday(days)}T${time}`;
const estimate = (providerId: number, arrivalDate: string, departureDate: string) => call(t.request, '/api/bookings/estimate', { providerId, arrivalDate, departureDate });
const CARD = CARD_FIELDS;
const booking = (providerId: number, over: { reservation?: object; payment?: object; customer?: object } = {}) =>
  checkoutRequest(providerId, { arrival: at(20), departure: at(22), ...over });

/** The lot's own wall clock now, moved by `minutes`. */
async function lotClock(providerId: number, minutes: number) {
  const [row] = await t.db
    .select({ state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, providerId));
  return instantToWallClock(new Date(Date.now() + minutes * 60_000), zoneForState(row!.state));
}

describe('the estimate says why these dates cannot be booked, at the field', () => {
  it('prices bookable dates with no problem', async () => {
    const lot = freshLot();
    const res = await estimate(lot.id, at(20), at(22));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ days: 2, problem: null });
  });

  it('flags an arrival in the past at the lot, with the words checkout refuses with', async () => {
    const lot = freshLot();
    const arrival = await lotClock(lot.id, -3 * 60);
    const departure = `${dayFromToday(3)}T10:00`;
    const res = await estimate(lot.id, arrival, departure);
    expect(res.status).toBe(200);
    expect(res.json.problem).toEqual({ field: 'arrivalDate', message: 'Arrival date cannot be in the past' });
    expect(res.json.total).toBeGreaterThan(0); // the price still shows
    const booked = await call(t.request, '/api/bookings/automated', booking(lot.id, { reservation: { arrivalDate: arrival, departureDate: departure } }));
    expect(booked.status).toBe(400);
    expect(booked.json.error).toBe(res.json.problem.message);

    // Later today at the lot is bookable (same-day parking).
    const soon = await lotClock(lot.id, 45);
    expect((await estimate(lot.id, soon, departure)).json.problem).toBeNull();
  });

  it('flags an arrival more than a year ahead', async () => {
    const lot = freshLot();
    const res = await estimate(lot.id, at(400), at(402));
    expect(res.json.problem).toEqual({ field: 'arrivalDate', message: 'Bookings can be made up to 12 months ahead. Please choose an arrival date within the next year.' });
  });

  it('flags a closed day and a sold-out day for the stay as a whole, as checkout would refuse it', async () => {
    const lot = freshLot();
    const [first, last] = stayDays(at(30), at(33));
    await t.db
      .insert(lotDays)
      .values({ providerId: lot.id, day: last, capacity: lot.capacity, taken: 0, closed: 1 })
      .onConflictDoUpdate({ target: [lotDays.providerId, lotDays.day], set: { closed: 1 } });
    await bumpContentVersion(t.db);
    const closed = await estimate(lot.id, at(30), at(33));
    expect(closed.json.problem.field).toBe('stay');
    expect(closed.json.problem.message).toMatch(
      new RegExp(`^Sorry, ${lot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not taking bookings on .+\\. Please choose different dates or another lot\\.$`),
    );
    const refused = await call(t.request, '/api/bookings/automated', booking(lot.id, { reservation: { arrivalDate: at(30), departureDate: at(33) } }));
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(closed.json.problem.message);
    // Dates before the closed day are fine.
    expect((await estimate(lot.id, at(30), at(32))).json.problem).toBeNull();

    await t.db
      .update(lotDays)
      .set({ closed: 0, capacity: 1, taken: 1 })
      .where(and(eq(lotDays.providerId, lot.id), between(lotDays.day, first, last)));
    await t.db
      .insert(lotDays)
      .values({ providerId: lot.id, day: first, capacity: 1, taken: 1 })
      .onConflictDoUpdate({ target: [lotDays.providerId, lotDays.day], set: { capacity: 1, taken: 1 } });
    const full = await estimate(lot.id, at(30), at(31));
    expect(full.json.problem).toEqual({ field: 'stay', message: `Sorry, ${lot.name} is sold out for these dates. Please choose different dates or another lot.` });
  });

  it('a stay too long is the departure field’s problem', async () => {
    const lot = freshLot();
    expect((await estimate(lot.id, at(10), at(110))).json.problem).toEqual({ field: 'departureDate', message: 'Stays can be booked online for up to 90 days' });
  });
});

describe('checkout reports every field, the API the first', () => {
  it('answers with the first problem, required fields before formats', async () => {
    const lot = freshLot();
    const res = await call(
      t.request,
      '/api/bookings/automated',
      booking(lot.id, { customer: { email: 'nope', phone: '' }, payment: { cardNumber: '12', expirationDate: '13/40', cvv: '', billingZip: 'abc' } }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Phone is required');
    // tRPC names every field, nested as the request is.
    const trpc = await call(t.request, '/api/trpc/bookings.create', { json: booking(lot.id, { payment: { cardNumber: '', cvv: '' } }) });
    expect(trpc.status).toBe(400);
    expect(trpc.json.error.json.message).toBe('Card number is required');
  });
});

describe('one card vocabulary', () => {
  it('the fee and saved cards take the form’s fields, and still read the older names', async () => {
    const { cookie } = await createUser(t, { email: 'card-words@example.com', name: 'Card Words' });
    const saved = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242 4242 4242 4242', expirationDate: '11/33', cvv: '123' }, { cookie });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 11, expYear: 2033 });
    const older = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242 4242 4242 4242', expiry: '10/32', cvc: '123' }, { cookie });
    expect(older.json).toMatchObject({ expMonth: 10, expYear: 2032 });
    const bad = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242 4242 4242 4242', expirationDate: '1/2', cvv: '12' }, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Expiry must look like MM/YY');

    const intent = await call(t.request, '/api/payments/information-access', { location: 'MCO' }, { cookie });
    const { paymentIntentId, clientSecret } = intent.json;
    const missing = await call(t.request, '/api/payments/sandbox/confirm', { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242' }, { cookie });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Expiry is required');
    const declined = await call(t.request, '/api/payments/sandbox/confirm', { paymentIntentId, clientSecret, ...CARD, cardNumber: '4000 0000 0000 0002' }, { cookie });
    expect(declined.status).toBe(402);
    expect((await call(t.request, '/api/payments/sandbox/confirm', { paymentIntentId, clientSecret, ...CARD }, { cookie })).status).toBe(200);
  });
});

describe('a damaged or cut manage link', () => {
  it('is a 404 in human words on every door, and the page offers a fresh link', async () => {
    const lot = freshLot();
    const booked = await call(t.request, '/api/bookings/automated', booking(lot.id));
    expect(booked.status).toBe(200);
    const confirmation = booked.json.confirmationNumber as string;
    const token = booked.json.viewToken as string;
    const message = 'This booking link is invalid or has expired. Sign in, or use the link in your confirmation e-mail.';
    expect((await call(t.request, `/api/bookings/${confirmation}/manage?token=${token}`)).status).toBe(200);

    for (const damaged of ['garbage', token.slice(0, 12), `${token}x`, 'a'.repeat(80), '%E2%9C%93']) {
      const rest = await call(t.request, `/api/bookings/${confirmation}/manage?token=${damaged}`);
      expect(rest.status, damaged).toBe(404);
      expect(rest.json).toEqual({ error: message });
      const view = await call(t.request, `/api/bookings/${confirmation}/view?token=${damaged}`);
      expect(view.status, damaged).toBe(404);
      expect(view.json).toEqual({ error: message });
      const viaTrpc = await t.request(
        `/api/trpc/bookings.manage?input=${encodeURIComponent(JSON.stringify({ json: { confirmationNumber: confirmation, token: decodeURIComponent(damaged) } }))}`,
      );
      expect(viaTrpc.status).toBe(404);
      const body = await viaTrpc.json();
      expect(body.error.json.message).toBe(message);
      expect(body.error.json.data.zodError).toBeNull();
    }
    // An absurd length is refused before any lookup, in the same words.
    const huge = await call(t.request, `/api/bookings/${confirmation}/manage?token=${'a'.repeat(600)}`);
    expect(huge.status).toBe(400);
    expect(huge.json).toEqual({ error: message });

    const page = await call(t.request, `/manage/${confirmation}?token=garbage`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('We couldn&#x27;t open this booking');
    expect(page.text).toContain('E-mail me a link');
    expect(page.text).not.toMatch(/Too small|too_small|expected string|invalid_type/);
    const shown = page.text.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(shown).not.toContain('{"');
  });
});

describe('a lot listed a moment ago elsewhere', () => {
  it("books at once, before this server's catalogue has read the change; an unlisted or unknown lot stays 404", async () => {
    const lot = freshLot();
    await t.db.update(parkingProviders).set({ published: 0 }).where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db);
    const hidden = await call(t.request, '/api/bookings/automated', booking(lot.id));
    expect(hidden.status).toBe(404);
    expect(hidden.json.error).toBe('This parking lot is no longer available. Please choose another one.');
    // Listed again by another server: its content version is one this server has not read (here, none at all).
    await t.db.update(parkingProviders).set({ published: 1 }).where(eq(parkingProviders.id, lot.id));
    const booked = await call(t.request, '/api/bookings/automated', booking(lot.id));
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.confirmationNumber).toMatch(/^PP-/);
    expect((await call(t.request, '/api/bookings/automated', booking(99_999_999))).status).toBe(404);
  });
});
