// The $0.99 detail-access fee through HTTP in sandbox mode, and the Stripe adapter against a local fake
// of the Stripe API (the real SDK, never the internet).
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCredits, informationAccess, userCredits, users } from '@/server/db/schema';
import { createStripeGateway } from '@/server/integrations/payments';
import { createUser } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const card = (number: string) => ({ cardNumber: number, expiry: '12/34', cvc: '123', postalCode: '32801' });

async function pay(intent: { paymentIntentId: string; clientSecret: string }, number = '4242 4242 4242 4242', cookie?: string) {
  return call(t.request, '/api/payments/sandbox/confirm', { ...intent, ...card(number) }, { cookie });
}

describe('detail access for a signed-in traveller', () => {
  it('charges $0.99, unlocks the location, and credits the fee', async () => {
    const u = await createUser(t, { email: 'signed@example.com', name: 'Pay Er' });
    expect((await call(t.request, '/api/payments/check-access/MCO', undefined, { cookie: u.cookie })).json).toEqual({ hasAccess: false });

    const created = await call(t.request, '/api/payments/information-access', { location: 'orlando', amount: 0.99 }, { cookie: u.cookie });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ hasAccess: false, mode: 'sandbox', amount: 0.99, location: 'MCO' });
    expect(created.json.clientSecret).toMatch(/^pi_sandbox_\w+_secret_\w+$/);

    // Completing before paying is refused.
    const early = await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie });
    expect(early.status).toBe(402);

    expect((await pay(created.json, '4242424242424242', u.cookie)).status).toBe(200);
    const done = await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie });
    expect(done.json).toMatchObject({ hasAccess: true, location: 'MCO' });

    for (const loc of ['MCO', 'Orlando International Airport', 'orlando-international-airport']) {
      expect((await call(t.request, `/api/payments/check-access/${encodeURIComponent(loc)}`, undefined, { cookie: u.cookie })).json).toEqual({ hasAccess: true });
    }
    expect((await call(t.request, '/api/payments/check-access/LAX', undefined, { cookie: u.cookie })).json).toEqual({ hasAccess: false });
    expect((await call(t.request, '/api/payments/check-access/MCO')).json).toEqual({ hasAccess: false });

    const credits = await t.db.select().from(userCredits).where(eq(userCredits.userId, u.user.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amountCents: 99, type: 'access_fee_credit', relatedPaymentId: created.json.paymentIntentId });
    expect((await t.db.select().from(users).where(eq(users.id, u.user.id)))[0]!.creditBalanceCents).toBe(99);

    // Completing twice records once.
    await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie });
    expect(await t.db.select().from(informationAccess).where(eq(informationAccess.userId, u.user.id))).toHaveLength(1);

    // A second unlock of the same place is not charged again.
    const again = await call(t.request, '/api/payments/information-access', { location: 'MCO' }, { cookie: u.cookie });
    expect(again.json).toMatchObject({ hasAccess: true, clientSecret: null });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
  ])('declines %s with the provider message and grants nothing', async (number, message) => {
    const u = await createUser(t, { email: `decline-${number.replace(/\D/g, '')}@example.com`, name: 'Pay Er' });
    const created = await call(t.request, '/api/payments/information-access', { location: 'LAX' }, { cookie: u.cookie });
    const res = await pay(created.json, number, u.cookie);
    expect(res.status).toBe(402);
    expect(res.json.error).toBe(message);
    expect((await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: u.cookie })).status).toBe(402);
    expect((await call(t.request, '/api/payments/check-access/LAX', undefined, { cookie: u.cookie })).json.hasAccess).toBe(false);
  });

  it('refuses a tampered amount, an unknown place and a forged client secret', async () => {
    const u = await createUser(t, { email: 'tamper@example.com', name: 'Pay Er' });
    expect((await call(t.request, '/api/payments/information-access', { location: 'MCO', amount: 0.01 }, { cookie: u.cookie })).json.error).toBe('The detail access fee is $0.99');
    expect((await call(t.request, '/api/payments/information-access', { location: 'Nowhereville' }, { cookie: u.cookie })).status).toBe(400);
    const created = await call(t.request, '/api/payments/information-access', { location: 'MCO' }, { cookie: u.cookie });
    expect((await pay({ ...created.json, clientSecret: 'pi_x_secret_forged' }, undefined, u.cookie)).status).toBe(404);
  });
});

describe('detail access for a guest', () => {
  it('requires contact details', async () => {
    const res = await call(t.request, '/api/payments/information-access', { location: 'MCO', amount: 0.99 });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Required Information Missing: Please fill in your contact information to proceed');
    const partial = await call(t.request, '/api/payments/information-access', { location: 'MCO', customerInfo: { firstName: 'A', lastName: '', email: 'a@example.com' } });
    expect(partial.json.error).toBe('Required Information Missing: Please fill in your contact information to proceed');
  });

  it('makes no account and signs nobody in: the paying browser sees the details, the credit belongs to the e-mail', async () => {
    const email = 'guest-new@example.com';
    const created = await call(t.request, '/api/payments/information-access', {
      location: 'Miami Cruise Port',
      customerInfo: { firstName: 'Gail', lastName: 'Guest', email: 'Guest-New@Example.com', phone: '555-010-1234' },
    });
    const guestCookie = created.headers.getSetCookie().find((c) => c.startsWith('pp_guest='))!;
    expect(guestCookie).toMatch(/HttpOnly/);
    const browser = guestCookie.split(';')[0]!;
    await pay(created.json, undefined, browser);
    const done = await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie: browser });
    expect(done.json).toEqual({ hasAccess: true, location: 'MIA-PORT' });
    expect(sessionCookieFrom(done.headers)).toBeUndefined();
    expect((await call(t.request, '/api/auth/me', undefined, { cookie: browser })).json.user).toBeNull();
    expect((await call(t.request, '/api/payments/check-access/MIA-PORT', undefined, { cookie: browser })).json.hasAccess).toBe(true);
    // Another browser (no guest cookie, or someone else's) sees nothing.
    expect((await call(t.request, '/api/payments/check-access/MIA-PORT')).json.hasAccess).toBe(false);
    expect((await call(t.request, '/api/payments/check-access/MIA-PORT', undefined, { cookie: 'pp_guest=abcdefghijklmnopqrstuvwxyz234567abcdefgh' })).json.hasAccess).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.db.select().from(informationAccess).where(eq(informationAccess.email, email))).toMatchObject([
      { userId: null, location: 'MIA-PORT', status: 'succeeded', creditedBack: 0 },
    ]);
    expect(await t.db.select().from(userCredits).where(eq(userCredits.email, email))).toMatchObject([{ userId: null, amountCents: 99, type: 'access_fee_credit' }]);
    expect((await t.db.select().from(guestCredits).where(eq(guestCredits.email, email)))[0]!.balanceCents).toBe(99);
    // No set-password (or any account) e-mail.
    expect((await t.outbox()).filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it("never touches an existing account with that e-mail: the payment stays the e-mail's until the account proves it", async () => {
    const owner = await createUser(t, { email: 'owner@example.com', name: 'Pay Er' });
    const created = await call(t.request, '/api/payments/information-access', {
      location: 'JFK',
      customerInfo: { firstName: 'Mal', lastName: 'Lory', email: 'owner@example.com' },
    });
    await pay(created.json);
    const done = await call(t.request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId });
    expect(done.json).toMatchObject({ hasAccess: true });
    expect(sessionCookieFrom(done.headers)).toBeUndefined();
    // The owner has not proven the address: neither the access nor the credit are theirs yet.
    expect((await call(t.request, '/api/payments/check-access/JFK', undefined, { cookie: owner.cookie })).json.hasAccess).toBe(false);
    expect((await t.db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.creditBalanceCents).toBe(0);
  });
});

describe('Stripe adapter', () => {
  let server: http.Server;
  let port = 0;
  const requests: { method: string; url: string; body: string; auth?: string }[] = [];
  const intents = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        requests.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization });
        res.setHeader('Content-Type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/payment_intents') {
          const form = new URLSearchParams(body);
          const id = `pi_fake_${intents.size + 1}`;
          const pi = {
            id,
            object: 'payment_intent',
            amount: Number(form.get('amount')),
            currency: form.get('currency'),
            status: 'requires_payment_method',
            client_secret: `${id}_secret_abc`,
            metadata: Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
            latest_charge: null,
            last_payment_error: null,
          };
          intents.set(id, pi);
          return res.end(JSON.stringify(pi));
        }
        const m = /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url!);
        if (req.method === 'GET' && m) {
          const pi = intents.get(m[1]!);
          if (!pi) {
            res.statusCode = 404;
            return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }));
          }
          return res.end(
            JSON.stringify({ ...pi, status: 'succeeded', latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { card: { brand: 'visa', last4: '4242' } } } }),
          );
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'unknown route' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('creates and reads PaymentIntents with the real SDK', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port, protocol: 'http' });
    const intent = await gateway.createIntent({
      amount: 99,
      currency: 'usd',
      description: 'Detailed parking information',
      metadata: { purpose: 'information_access', location: 'MCO' },
    });
    expect(intent).toMatchObject({
      id: 'pi_fake_1',
      clientSecret: 'pi_fake_1_secret_abc',
      amount: 99,
      currency: 'usd',
      metadata: { purpose: 'information_access', location: 'MCO' },
    });
    const create = requests.find((r) => r.method === 'POST')!;
    expect(create.auth).toBe('Bearer sk_test_fake');
    expect(new URLSearchParams(create.body).get('automatic_payment_methods[enabled]')).toBe('true');

    const read = await gateway.retrieveIntent('pi_fake_1');
    expect(read).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    expect(requests.at(-1)!.url).toContain('expand[0]=latest_charge');
    expect(await gateway.retrieveIntent('pi_missing')).toBeNull();
  });

  it('records a guest payment from a signed webhook, once, and refuses a bad signature', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port, protocol: 'http' });
    const s = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_test' }, { payments: gateway, mailer: { send: async () => undefined } });
    const request = s.request;
    try {
      const created = await call(request, '/api/payments/information-access', {
        location: 'SEA',
        customerInfo: { firstName: 'Web', lastName: 'Hook', email: 'webhook@example.com' },
      });
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: created.json.paymentIntentId, object: 'payment_intent', metadata: { purpose: 'information_access' } } },
      });
      const post = (body: string, signature: string) =>
        request('/webhooks/stripe', { method: 'POST', body, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
      const signature = gateway.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });

      expect((await post(payload, 'v1=forged')).status).toBe(400);
      const ok = await post(payload, signature);
      expect(ok.status).toBe(200);
      expect(sessionCookieFrom(ok.headers)).toBeUndefined();
      expect(await s.db.select().from(users).where(eq(users.email, 'webhook@example.com'))).toHaveLength(0);
      expect((await s.db.select().from(informationAccess).where(eq(informationAccess.email, 'webhook@example.com')))[0]).toMatchObject({
        userId: null,
        location: 'SEA',
        status: 'succeeded',
      });
      expect(await (await post(payload, signature)).json()).toMatchObject({ duplicate: true });
    } finally {
      await s.close();
    }
  });

  it('drives the whole access flow through the app', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_fake', host: '127.0.0.1', port, protocol: 'http' });
    const s = await createTestApp({}, { payments: gateway, mailer: { send: async () => undefined } });
    const request = s.request;
    try {
      const { cookie } = await createUser(s, { email: 'stripe@example.com', name: 'Stripe User' });
      const created = await call(request, '/api/payments/information-access', { location: 'TPA' }, { cookie });
      expect(created.json).toMatchObject({ mode: 'stripe', clientSecret: expect.stringMatching(/^pi_fake_\d+_secret_abc$/) });
      // In Stripe mode the sandbox confirm endpoint does not exist.
      expect(
        (
          await call(
            request,
            '/api/payments/sandbox/confirm',
            { paymentIntentId: created.json.paymentIntentId, clientSecret: created.json.clientSecret, ...card('4242424242424242') },
            { cookie },
          )
        ).status,
      ).toBe(404);
      const done = await call(request, '/api/payments/information-access/complete', { paymentIntentId: created.json.paymentIntentId }, { cookie });
      expect(done.json).toMatchObject({ hasAccess: true, location: 'TPA' });
    } finally {
      await s.close();
    }
  });
});
