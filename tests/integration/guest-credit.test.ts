// A guest is never trapped (issue 26): the $0.99 access fee paid as a guest makes no account; its credit belongs
// to the e-mail and comes off a guest checkout with that e-mail (once, also when two run at once); signing up
// later with the e-mail works, and proving it by the e-mailed link claims the unused credit and the guest
// bookings. A signed-in traveller may pay the fee with a saved card of theirs (sandbox and Stripe), never
// with another's.
import { and, eq, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, guestCredits, informationAccess, parkingProviders, userCredits, users } from '@/server/db/schema';
import { createStripeGateway } from '@/server/integrations/payments';
import { dayFromToday } from '@/shared/pricing';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { checkout as postCheckout, checkoutRequest, createUser } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const providers = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id);
let next = 0;
/** A lot of its own per test (every 5th), so places and capacity do not mix. */
const lot = () => providers[(next += 5)]!;
const arrive = `${dayFromToday(25)}T09:00`;
const depart = `${dayFromToday(27)}T17:00`;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postalCode: '32801' };

/** A guest pays the fee in the sandbox, as the dialog does: create, confirm with a card, complete. */
async function guestPaysFee(app: TestApp, location: string, email: string) {
  const customerInfo = { firstName: 'Gwen', lastName: 'Guest', email };
  const created = await call(app.request, '/api/payments/information-access', { location, amount: 0.99, customerInfo });
  expect(created.status).toBe(200);
  const browser = created.headers
    .getSetCookie()
    .find((c) => c.startsWith('pp_guest='))!
    .split(';')[0]!;
  expect(
    (
      await call(
        app.request,
        '/api/payments/sandbox/confirm',
        { paymentIntentId: created.json.paymentIntentId, clientSecret: created.json.clientSecret, ...card },
        { cookie: browser },
      )
    ).status,
  ).toBe(200);
  const done = await call(app.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: browser });
  expect(done.json).toMatchObject({ hasAccess: true });
  expect(sessionCookieFrom(done.headers)).toBeUndefined();
  return browser;
}

/** `email` books the lot from `arrive` (to `depart`, or for `nights`). */
function checkout(providerId: number, email: string, over: { cookie?: string; key?: string; card?: string; nights?: number } = {}) {
  const departure = over.nights ? `${dayFromToday(25 + over.nights)}T17:00` : depart;
  return postCheckout(t, checkoutRequest(providerId, { email, arrival: arrive, departure, card: over.card }), { cookie: over.cookie, key: over.key });
}

const estimate = (providerId: number, extra: { email?: string } = {}, cookie?: string) =>
  call(t.request, '/api/bookings/estimate', { providerId, arrivalDate: arrive, departureDate: depart, ...extra }, { cookie });

async function guestBalance(email: string) {
  const [row] = await t.db.select().from(guestCredits).where(eq(guestCredits.email, email));
  const [ledger] = await t.db
    .select({ total: sum(userCredits.amountCents).mapWith(Number) })
    .from(userCredits)
    .where(and(isNull(userCredits.userId), eq(userCredits.email, email)));
  // Dollars, as the pages show them.
  return { balance: (row?.balanceCents ?? 0) / 100, ledger: (ledger?.total ?? 0) / 100 };
}

async function accountBalance(userId: number) {
  const [u] = await t.db.select({ balance: users.creditBalanceCents }).from(users).where(eq(users.id, userId));
  const [ledger] = await t.db
    .select({ total: sum(userCredits.amountCents).mapWith(Number) })
    .from(userCredits)
    .where(eq(userCredits.userId, userId));
  return { balance: u!.balance / 100, ledger: (ledger?.total ?? 0) / 100 };
}

/** The verification link of the last verification e-mail sent to `email`, opened as the mail's reader would. */
async function verify(email: string) {
  const mail = (await t.outbox()).filter((m) => m.to.includes(email) && /verify/i.test(m.subject)).at(-1);
  const token = /\/verify-email\?token=([a-z0-9]+)/.exec(mail!.text)![1]!;
  return call(t.request, `/api/auth/verify-email?token=${token}`);
}

describe('the fee as a guest', () => {
  it('creates no user row; the estimate with that e-mail shows the credit; guest checkout takes $0.99 off the quoted total, once', async () => {
    const p = lot();
    const email = 'fee-then-book@example.com';
    const before = (await t.db.select().from(users)).length;
    const browser = await guestPaysFee(t, p.location, 'Fee-Then-Book@Example.com ');
    expect((await t.db.select().from(users)).length).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await guestBalance(email)).toEqual({ balance: 0.99, ledger: 0.99 });

    // What the result card quotes (search), and the estimate before paying: without and with the e-mail.
    const search = await call(t.request, `/api/search?location=${encodeURIComponent(p.location)}&arrivalDate=${arrive}&departureDate=${depart}`, undefined, { cookie: browser });
    const quoted = search.json.providers.find((x: { id: number }) => x.id === p.id).total as number;
    expect((await estimate(p.id)).json).toMatchObject({ credit: 0, total: quoted });
    expect((await estimate(p.id, { email: 'someone-else@example.com' })).json.credit).toBe(0);
    const withCredit = await estimate(p.id, { email: 'FEE-then-book@example.com' });
    expect(withCredit.json).toMatchObject({ credit: 0.99, creditApplied: 0.99, totalBeforeCredit: quoted });
    expect(withCredit.json.total).toBeCloseTo(quoted - 0.99, 2);

    const booked = await checkout(p.id, email, { cookie: browser });
    expect(booked.status).toBe(200);
    expect(booked.json.booking.creditApplied).toBe(0.99);
    expect(booked.json.booking.totalFee).toBeCloseTo(quoted - 0.99, 2);
    expect(sessionCookieFrom(booked.headers)).toBeUndefined();
    expect(await guestBalance(email)).toEqual({ balance: 0, ledger: 0 });
    expect((await t.db.select().from(informationAccess).where(eq(informationAccess.email, email)))[0]).toMatchObject({
      creditedBack: 1,
      creditedBookingId: booked.json.booking.id,
    });

    // Used once: the next booking pays in full; the e-mail still has no account.
    const again = await checkout(p.id, email, { nights: 3 });
    expect(again.json.booking.creditApplied).toBe(0);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('a credit is used once by two guest checkouts at once with that e-mail', async () => {
    const p = lot();
    const email = 'twin-checkouts@example.com';
    await guestPaysFee(t, p.location, email);
    const [a, b] = await Promise.all([checkout(p.id, email, { key: 'twin-checkout-a1' }), checkout(p.id, email, { key: 'twin-checkout-b1', nights: 4 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.booking.creditApplied, b.json.booking.creditApplied].sort()).toEqual([0, 0.99]);
    expect(await guestBalance(email)).toEqual({ balance: 0, ledger: 0 });
  });

  it('a declined guest checkout gives the credit back to the e-mail', async () => {
    const p = lot();
    const email = 'declined-guest-credit@example.com';
    await guestPaysFee(t, p.location, email);
    const declined = await checkout(p.id, email, { card: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await guestBalance(email)).toEqual({ balance: 0.99, ledger: 0.99 });
    expect((await estimate(p.id, { email })).json.credit).toBe(0.99);
  });

  it('a signed-in traveller never spends the credit of an e-mail they type', async () => {
    const p = lot();
    const email = 'typed-by-another@example.com';
    await guestPaysFee(t, p.location, email);
    const other = await createUser(t, { email: 'other-one@example.com', name: 'Other One' });
    const booked = await checkout(p.id, email, { cookie: other.cookie });
    expect(booked.json.booking.creditApplied).toBe(0);
    expect(await guestBalance(email)).toEqual({ balance: 0.99, ledger: 0.99 });
  });
});

describe('signing up later with the guest e-mail', () => {
  it('works, and verifying the e-mail claims the unused credit and the guest bookings (only that e-mail’s)', async () => {
    const p = lot();
    const email = 'later-account@example.com';
    await guestPaysFee(t, p.location, email);
    // A guest booking elsewhere (the credit stays unused: it is for the place the fee unlocked).
    const elsewhere = providers.find((x) => x.location !== p.location && x.id > p.id)!;
    const booked = await checkout(elsewhere.id, email);
    expect(booked.json.booking.creditApplied).toBe(0);
    const strangers = await checkout(elsewhere.id, 'not-later-account@example.com', { nights: 2 });

    const reg = await call(t.request, '/api/auth/register', { name: 'Later Account', email: 'Later-Account@example.com', password: 'long enough' });
    expect(reg.status).toBe(201);
    const cookie = sessionCookieFrom(reg.headers)!;
    const userId = reg.json.user.id as number;
    // Not proven yet: nothing of the guest's is the account's.
    expect((await call(t.request, '/api/bookings/history', undefined, { cookie })).json).toEqual([]);
    expect(await accountBalance(userId)).toEqual({ balance: 0, ledger: 0 });
    expect((await call(t.request, `/api/payments/check-access/${p.location}`, undefined, { cookie })).json.hasAccess).toBe(false);

    const verified = await verify(email);
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ success: true, claimed: { bookings: 1, credit: 0.99 } });
    const history = (await call(t.request, '/api/bookings/history', undefined, { cookie })).json as { confirmationNumber: string }[];
    expect(history.map((b) => b.confirmationNumber)).toEqual([booked.json.confirmationNumber]);
    expect(history.map((b) => b.confirmationNumber)).not.toContain(strangers.json.confirmationNumber);
    expect(await accountBalance(userId)).toEqual({ balance: 0.99, ledger: 0.99 });
    expect(await guestBalance(email)).toEqual({ balance: 0, ledger: 0 });
    expect((await call(t.request, `/api/payments/check-access/${p.location}`, undefined, { cookie })).json.hasAccess).toBe(true);
    // The claimed credit is the account's now, at that place.
    expect((await estimate(p.id, {}, cookie)).json.credit).toBe(0.99);
    expect((await call(t.request, '/api/auth/me', undefined, { cookie })).json.user.creditBalance).toBeCloseTo(0.99, 5);
  });

  it('guest checkout (no fee) never blocks the sign-up either; verification claims the booking, a later sign-in what came after', async () => {
    const email = 'checkout-first@example.com';
    const first = await checkout(lot().id, email);
    expect(first.status).toBe(200);
    const reg = await call(t.request, '/api/auth/register', { name: 'Checkout First', email, password: 'long enough' });
    expect(reg.status).toBe(201);
    expect((await verify(email)).json.claimed).toEqual({ bookings: 1, credit: 0 });

    // Booked as a guest again after verifying (signed out): the next sign-in takes it.
    const second = await checkout(lot().id, email);
    const login = await call(t.request, '/api/auth/login', { email, password: 'long enough' });
    const history = (await call(t.request, '/api/bookings/history', undefined, { cookie: sessionCookieFrom(login.headers) })).json as { confirmationNumber: string }[];
    expect(history.map((b) => b.confirmationNumber).sort()).toEqual([first.json.confirmationNumber, second.json.confirmationNumber].sort());
  });

  it('a reset link proves the e-mail too', async () => {
    const email = 'reset-proves@example.com';
    const booked = await checkout(lot().id, email);
    await call(t.request, '/api/auth/register', { name: 'Reset Proves', email, password: 'long enough' });
    await call(t.request, '/api/auth/forgot-password', { email });
    const mail = (await t.outbox()).filter((m) => m.to.includes(email) && /reset/i.test(m.subject)).at(-1)!;
    const token = /\/reset-password\?token=([a-z0-9]+)/.exec(mail.text)![1]!;
    expect((await call(t.request, '/api/auth/reset-password', { token, password: 'a new password' })).status).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.confirmationNumber, booked.json.confirmationNumber));
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.userId).toBe(user!.id);
  });
});

describe('the fee with a saved card (signed in)', () => {
  async function signUpWithCard(email: string, number = '4242 4242 4242 4242') {
    const { user, cookie } = await createUser(t, { email, name: 'Card Payer' });
    const pm = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: number, expiry: '11/33', cvc: '123' }, { cookie });
    const billing = { name: 'Card Payer', email, address: { line1: '1 Main St', city: 'Orlando', state: 'FL', postal_code: '32801', country: 'US' } };
    const added = await call(t.request, '/api/payment-methods', { payment_method_id: pm.json.id, billing_details: billing }, { cookie });
    expect(added.status).toBe(201);
    return { cookie, userId: user.id, cardId: added.json.payment_method.id as string };
  }

  it('charges the saved card at once and unlocks; a repeat with the same key charges once; another user’s card is refused', async () => {
    const me = await signUpWithCard('saved-card-fee@example.com');
    const paid = await call(
      t.request,
      '/api/payments/information-access',
      { location: 'BOS', paymentMethodId: me.cardId },
      { cookie: me.cookie, headers: { 'Idempotency-Key': 'fee-saved-card-1' } },
    );
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ hasAccess: true, location: 'BOS' });
    expect((await call(t.request, '/api/payments/check-access/BOS', undefined, { cookie: me.cookie })).json.hasAccess).toBe(true);
    expect(await accountBalance(me.userId)).toEqual({ balance: 0.99, ledger: 0.99 });
    const fees = await t.db.select().from(informationAccess).where(eq(informationAccess.userId, me.userId));
    expect(fees).toHaveLength(1);

    // Another traveller's saved card: not found, nothing charged or granted.
    const thief = await signUpWithCard('fee-card-thief@example.com');
    const stolen = await call(t.request, '/api/payments/information-access', { location: 'SFO', paymentMethodId: me.cardId }, { cookie: thief.cookie });
    expect(stolen.status).toBe(404);
    expect(stolen.json.error).toBe('Payment method not found');
    expect((await call(t.request, '/api/payments/check-access/SFO', undefined, { cookie: thief.cookie })).json.hasAccess).toBe(false);
    // Signed out, a card id is refused the same way.
    expect((await call(t.request, '/api/payments/information-access', { location: 'SFO', paymentMethodId: me.cardId })).status).toBe(404);
  });

  it('a declined saved card is 402 with the bank’s words and grants nothing', async () => {
    const me = await signUpWithCard('saved-card-declined@example.com', '4000 0000 0000 0002');
    const res = await call(t.request, '/api/payments/information-access', { location: 'DEN', paymentMethodId: me.cardId }, { cookie: me.cookie });
    expect(res.status).toBe(402);
    expect(res.json.error).toBe('Your card was declined.');
    expect((await call(t.request, '/api/payments/check-access/DEN', undefined, { cookie: me.cookie })).json.hasAccess).toBe(false);
    expect(await accountBalance(me.userId)).toEqual({ balance: 0, ledger: 0 });
  });

  describe('Stripe gateway (local fake)', () => {
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
    });
    afterAll(() => fake.close());

    it('charges the saved card through a confirmed PaymentIntent with the customer, once per key', async () => {
      const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port: fake.port, protocol: 'http' });
      const s = await createTestApp({}, { payments: gateway, mailer: { send: async () => undefined } });
      try {
        const { cookie } = await createUser(s, { email: 'stripe-fee@example.com', name: 'Stripe Fee' });
        fake.addPaymentMethod('pm_fee_visa', { brand: 'visa', last4: '4242' });
        const billing = { name: 'Stripe Fee', email: 'stripe-fee@example.com', address: { line1: '1 Main St', city: 'Orlando', state: 'FL', postal_code: '32801', country: 'US' } };
        expect((await call(s.request, '/api/payment-methods', { payment_method_id: 'pm_fee_visa', billing_details: billing }, { cookie })).status).toBe(201);

        const pay = () => call(s.request, '/api/payments/information-access', { location: 'MCO', paymentMethodId: 'pm_fee_visa', idempotencyKey: 'stripe-fee-key-1' }, { cookie });
        // A double click: both requests get past "already unlocked?"; the key makes them one charge.
        const [a, b] = await Promise.all([pay(), pay()]);
        expect([a.status, b.status]).toEqual([200, 200]);
        expect(a.json).toMatchObject({ hasAccess: true, location: 'MCO' });
        const creates = fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents');
        expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1);
        const form = new URLSearchParams(creates[0]!.body);
        expect(form.get('amount')).toBe('99');
        expect(form.get('payment_method')).toBe('pm_fee_visa');
        expect(form.get('confirm')).toBe('true');
        expect(form.get('customer')).toMatch(/^cus_fake_/);
        expect(form.get('metadata[purpose]')).toBe('information_access');
        const [user] = await s.db.select().from(users).where(eq(users.email, 'stripe-fee@example.com'));
        expect(await s.db.select().from(informationAccess).where(eq(informationAccess.userId, user!.id))).toHaveLength(1);
        expect(user!.creditBalanceCents).toBe(99);
      } finally {
        await s.close();
      }
    });
  });
});
