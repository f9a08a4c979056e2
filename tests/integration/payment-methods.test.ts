// Saved cards through HTTP: sandbox mode end to end (one default at a time, owner only, no card numbers
// stored, paying with a saved card), and Stripe mode through the real SDK against a local fake.
import { cents } from '@/shared/money';
import fs from 'node:fs';
import { eq, getTableName, is, Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteConnection } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { bookings, parkingProviders, paymentMethods, users } from '@/server/db/schema';
import { createStripeGateway } from '@/server/integrations/payments';
import { dayFromToday } from '@/shared/pricing';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { checkout, checkoutRequest, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const billing = { name: 'Card Holder', email: 'holder@example.com', address: { line1: '1 Main St', city: 'Orlando', state: 'FL', postal_code: '32801', country: 'US' } };

async function saveSandboxCard(cookie: string, number = '4242 4242 4242 4242') {
  const pm = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: number, expiry: '11/33', cvc: '123' }, { cookie });
  expect(pm.status).toBe(200);
  const added = await call(t.request, '/api/payment-methods', { payment_method_id: pm.json.id, billing_details: billing }, { cookie });
  expect(added.status).toBe(201);
  return added.json.payment_method as { id: string; is_default: boolean };
}

const list = async (cookie: string) =>
  (await call(t.request, '/api/payment-methods', undefined, { cookie })).json.payment_methods as { id: string; is_default: boolean; card: { brand: string; last4: string } }[];

describe('saved cards (sandbox)', () => {
  it('needs sign-in', async () => {
    expect((await call(t.request, '/api/payment-methods')).status).toBe(401);
    expect((await call(t.request, '/api/payment-methods', { payment_method_id: 'x', billing_details: billing })).status).toBe(401);
  });

  it('adds cards with one default at a time, switches and promotes on delete', async () => {
    const { cookie } = await createUser(t, { email: 'cards@example.com', name: 'Card Holder' });
    expect(await list(cookie)).toEqual([]);
    const first = await saveSandboxCard(cookie);
    expect(first.is_default).toBe(true);
    const second = await saveSandboxCard(cookie, '5555 5555 5555 4444');
    expect(second.is_default).toBe(false);

    const shown = await list(cookie);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatchObject({
      id: first.id,
      is_default: true,
      card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2033 },
      billing_details: { name: 'Card Holder', email: 'holder@example.com' },
    });
    expect(shown[1]!.card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    expect((await call(t.request, `/api/payment-methods/${second.id}/default`, undefined, { method: 'PUT', cookie })).status).toBe(200);
    expect((await list(cookie)).filter((c) => c.is_default).map((c) => c.id)).toEqual([second.id]);

    expect((await call(t.request, `/api/payment-methods/${second.id}`, undefined, { method: 'DELETE', cookie })).status).toBe(200);
    const left = await list(cookie);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: first.id, is_default: true });

    // Adding the same payment method again does not duplicate it.
    await call(t.request, '/api/payment-methods', { payment_method_id: first.id, billing_details: billing }, { cookie });
    expect(await list(cookie)).toHaveLength(1);

    // Only brand and last four at rest: in no table, and (SQLite) in no byte of the database files.
    for (const table of Object.values(schema).filter((v) => is(v, Table))) {
      const rows = await t.db.select().from(table as typeof users);
      expect(JSON.stringify(rows), getTableName(table as typeof users)).not.toContain('5555555555554444');
    }
    if (sqliteConnection(t.db)) {
      for (const file of [t.env.DATABASE_PATH, `${t.env.DATABASE_PATH}-wal`].filter((f) => fs.existsSync(f))) {
        expect(fs.readFileSync(file).includes(Buffer.from('5555555555554444'))).toBe(false);
      }
    }
  });

  it('keeps exactly one default when cards are added, switched and removed at the same moment', async () => {
    const { cookie } = await createUser(t, { email: 'parallel-cards@example.com', name: 'Card Holder' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const pm = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242 4242 4242 4242', expiry: '11/33', cvc: '123' }, { cookie });
      ids.push(pm.json.id);
    }
    const defaults = async () => (await list(cookie)).filter((c) => c.is_default).map((c) => c.id);
    const added = await Promise.all(ids.map((id) => call(t.request, '/api/payment-methods', { payment_method_id: id, billing_details: billing }, { cookie })));
    expect(added.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(added.filter((r) => r.json.payment_method.is_default)).toHaveLength(1);
    expect(await defaults()).toHaveLength(1);

    await Promise.all(ids.map((id) => call(t.request, `/api/payment-methods/${id}/default`, undefined, { method: 'PUT', cookie })));
    expect(await defaults()).toHaveLength(1);

    await Promise.all(ids.slice(0, 3).map((id) => call(t.request, `/api/payment-methods/${id}`, undefined, { method: 'DELETE', cookie })));
    expect(await defaults()).toEqual([ids[3]]);
  });

  it("hides other users' cards (404) and validates the billing form", async () => {
    const { cookie: owner } = await createUser(t, { email: 'owner-card@example.com', name: 'Card Holder' });
    const { cookie: other } = await createUser(t, { email: 'other-card@example.com', name: 'Card Holder' });
    const card = await saveSandboxCard(owner);
    expect((await call(t.request, `/api/payment-methods/${card.id}`, undefined, { method: 'DELETE', cookie: other })).status).toBe(404);
    expect((await call(t.request, `/api/payment-methods/${card.id}/default`, undefined, { method: 'PUT', cookie: other })).json.error).toBe('Payment method not found');
    expect(await list(other)).toEqual([]);
    // Someone else's saved card cannot be attached or paid with.
    expect((await call(t.request, '/api/payment-methods', { payment_method_id: card.id, billing_details: billing }, { cookie: other })).status).toBe(400);

    for (const [change, message] of [
      [{ name: '' }, 'Full name is required'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ address: { ...billing.address, city: '' } }, 'City is required'],
      [{ address: { ...billing.address, postal_code: '' } }, 'ZIP code is required'],
    ] as const) {
      const res = await call(t.request, '/api/payment-methods', { payment_method_id: card.id, billing_details: { ...billing, ...change } }, { cookie: owner });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    }
    const bad = await call(t.request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242 4242 4242 4241', expiry: '11/33', cvc: '123' }, { cookie: owner });
    expect(bad.status).toBe(402);
    expect(bad.json.error).toBe('Your card number is invalid.');
  });

  it('pays for a booking with a saved card; a saved declining card is refused', async () => {
    const { cookie } = await createUser(t, { email: 'saved-pay@example.com', name: 'Card Holder' });
    const card = await saveSandboxCard(cookie);
    const [provider] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1).offset(7);
    const booking = (paymentMethodId: string) =>
      checkoutRequest(provider!.id, { email: 'saved-pay@example.com', arrival: stayAt(9, '10:00'), departure: stayAt(10, '10:00'), paymentMethodId });
    const paid = await checkout(t, booking(card.id), { cookie });
    expect(paid.status).toBe(200);
    expect(paid.json.booking).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });

    const declining = await saveSandboxCard(cookie, '4000 0000 0000 0002');
    const refused = await checkout(t, booking(declining.id), { cookie });
    expect(refused.status).toBe(402);
    expect(refused.json.error).toBe('Your card was declined.');

    const { cookie: stranger } = await createUser(t, { email: 'stranger-pay@example.com', name: 'Card Holder' });
    expect((await checkout(t, booking(card.id), { cookie: stranger })).status).toBe(404);
  });
});

describe('saved cards (Stripe adapter against a local fake)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  it('creates the customer once, attaches and detaches, and charges saved cards through PaymentIntents', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const s = await createTestApp({}, { payments: gateway, mailer: { send: async () => undefined } });
    const request = s.request;
    try {
      const { cookie } = await createUser(s, { email: 'stripe-cards@example.com', name: 'Card Holder' });
      fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 });
      fake.addPaymentMethod('pm_card_mc', { brand: 'mastercard', last4: '4444' });

      expect((await call(request, '/api/payments/sandbox/payment-methods', { cardNumber: '4242424242424242', expiry: '11/33', cvc: '123' }, { cookie })).status).toBe(404);
      const a = await call(request, '/api/payment-methods', { payment_method_id: 'pm_card_visa', billing_details: billing }, { cookie });
      expect(a.status).toBe(201);
      expect(a.json.payment_method).toMatchObject({ id: 'pm_card_visa', is_default: true, card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 } });
      await call(request, '/api/payment-methods', { payment_method_id: 'pm_card_mc', billing_details: billing }, { cookie });
      expect(fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/customers')).toHaveLength(1);
      const customer = (await s.db.select().from(users).where(eq(users.email, 'stripe-cards@example.com')))[0]!.stripeCustomerId;
      expect(customer).toBe('cus_fake_1');
      expect(fake.paymentMethods.get('pm_card_visa')!.customer).toBe(customer);
      expect((await call(request, '/api/payment-methods', { payment_method_id: 'pm_unknown', billing_details: billing }, { cookie })).status).toBe(400);

      // Checkout in Stripe mode takes a payment method, never a typed card.
      const [provider] = await s.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
      const booking = (paymentMethodId?: string) =>
        checkoutRequest(provider!.id, { email: 'stripe-cards@example.com', arrival: stayAt(9, '10:00'), departure: stayAt(11, '10:00'), paymentMethodId });
      const typed = await checkout(s, booking(), { cookie });
      expect(typed.status).toBe(400);
      const paid = await checkout(s, booking('pm_card_visa'), { cookie });
      expect(paid.status).toBe(200);
      const create = fake.requests.filter((r) => r.url === '/v1/payment_intents').at(-1)!;
      const form = new URLSearchParams(create.body);
      expect(form.get('amount')).toBe(String(Math.round(paid.json.booking.totalFee * 100)));
      expect(form.get('customer')).toBe(customer);
      expect(form.get('confirm')).toBe('true');
      expect(create.idempotencyKey).toBe(`booking-${paid.json.booking.id}`);
      expect(paid.json.booking).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });

      fake.addPaymentMethod('pm_card_declined');
      const declined = await checkout(s, booking('pm_card_declined'), { cookie });
      expect(declined.status).toBe(402);
      expect(declined.json).toEqual({ success: false, error: 'Your card was declined.' });

      // Cancelling refunds the parking fee through the Refunds API.
      const cancel = await call(request, `/api/bookings/${paid.json.booking.id}/status`, { status: 'cancelled' }, { method: 'PATCH', cookie });
      expect(cancel.status).toBe(200);
      await s.drain(); // the refund is a job, written with the cancellation
      const refund = [...fake.refunds.values()].at(-1)!;
      const [stored] = await s.db.select().from(bookings).where(eq(bookings.id, paid.json.booking.id));
      expect(stored!.paymentIntentId).toMatch(/^pi_fake_/);
      expect(refund).toMatchObject({ payment_intent: stored!.paymentIntentId, amount: Math.round(paid.json.booking.parkingFee * 100) });

      expect((await call(request, '/api/payment-methods/pm_card_visa', undefined, { method: 'DELETE', cookie })).status).toBe(200);
      expect(fake.paymentMethods.get('pm_card_visa')!.customer).toBeNull();
      expect((await s.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, 'pm_card_mc')))[0]!.isDefault).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('reconciles booking charges and refunds from signed webhooks, each event once', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const s = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_test' }, { payments: gateway, mailer: { send: async () => undefined } });
    const request = s.request;
    try {
      const [user] = await s.db.insert(users).values({ name: 'Hook', email: 'hook@example.com' }).returning();
      const [provider] = await s.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
      const row = async (n: string, status: 'pending' | 'confirmed', paymentIntentId: string | null = null) =>
        (
          await s.db
            .insert(bookings)
            .values({
              userId: user!.id,
              providerId: provider!.id,
              confirmationNumber: n,
              firstName: 'H',
              lastName: 'K',
              email: 'hook@example.com',
              phone: '5',
              arrivalDate: `${dayFromToday(5)}T10:00`,
              departureDate: `${dayFromToday(6)}T10:00`,
              vehicleMake: 'A',
              vehicleModel: 'B',
              parkingFeeCents: cents(2000),
              serviceFeeCents: cents(199),
              totalFeeCents: cents(2199),
              status,
              paymentIntentId,
              holdExpiresAt: status === 'pending' ? new Date(Date.now() + 60_000) : null,
            })
            .returning()
        )[0]!;
      const event = (id: string, type: string, object: object) => {
        const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
        const signature = gateway.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
        return request('/webhooks/stripe', { method: 'POST', body: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
      };
      const pi = (id: string, bookingId: number) => ({ id, object: 'payment_intent', amount: 2199, metadata: { purpose: 'booking', bookingId: String(bookingId) } });

      // The checkout request died after the charge: the held booking is confirmed from the event.
      const held = await row('PP-HOOKHELD', 'pending');
      fake.intents.set('pi_hook_1', { id: 'pi_hook_1', object: 'payment_intent', amount: 2199, currency: 'usd', status: 'succeeded', metadata: {}, latest_charge: null });
      expect((await event('evt_b1', 'payment_intent.succeeded', pi('pi_hook_1', held.id))).status).toBe(200);
      expect((await s.db.select().from(bookings).where(eq(bookings.id, held.id)))[0]).toMatchObject({ status: 'confirmed', paymentIntentId: 'pi_hook_1' });

      // Money for a booking that no longer exists goes back.
      const refundsBefore = fake.refunds.size;
      await event('evt_b2', 'payment_intent.succeeded', pi('pi_hook_2', 987654));
      expect(fake.refunds.size).toBe(refundsBefore + 1);
      expect([...fake.refunds.values()].at(-1)).toMatchObject({ payment_intent: 'pi_hook_2', amount: 2199 });
      expect(await (await event('evt_b2', 'payment_intent.succeeded', pi('pi_hook_2', 987654))).json()).toMatchObject({ duplicate: true });
      expect(fake.refunds.size).toBe(refundsBefore + 1);

      // A failed charge releases its hold.
      const failing = await row('PP-HOOKFAIL', 'pending');
      await event('evt_b3', 'payment_intent.payment_failed', pi('pi_hook_3', failing.id));
      expect((await s.db.select().from(bookings).where(eq(bookings.id, failing.id)))[0]).toBeUndefined();

      // A refund made elsewhere (the dashboard) is recorded.
      const paid = await row('PP-HOOKPAID', 'confirmed', 'pi_hook_4');
      await event('evt_b4', 'charge.refunded', { id: 'ch_4', object: 'charge', payment_intent: 'pi_hook_4', amount_refunded: 1000 });
      expect((await s.db.select().from(bookings).where(eq(bookings.id, paid.id)))[0]!.refundedCents).toBe(1000);
    } finally {
      await s.close();
    }
  });
});
