// Partner payouts with Stripe Connect, through HTTP, with the real Stripe SDK against the local fake: an owner's
// onboarding creates one Express account (a second click reuses it) and a fresh Account Link back to the
// portal's Money tab; managers see the state, gate staff and other partners get 404; the owner's return and the
// signed `account.updated` webhook read the account afresh from Stripe (each change audited once); the weekly
// payout fails with a clear reason until the account can be paid (its lines wait), then pays by a transfer to
// the account, once however often it runs. In sandbox mode there is nothing to onboard.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerLedger, partnerPayouts, partners } from '@/server/db/schema';
import { isoWeek } from '@/server/modules/partners/payouts';
import { cents } from '@/shared/money';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createBooking, createLot, createUser, stayAt } from '../support/factories';
import { call, sessionCookieFrom, TEST_ORIGIN } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_connect_platform';
const CONNECT_WEBHOOK_SECRET = 'whsec_connect_accounts';

/** The app's clock, moved by hand (stays end and weeks pass without waiting). */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

let fake: FakeStripe;
let t: TestApp;
let api: ReturnType<typeof as>;
beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242' });
  t = await createTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_connect',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_connect',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
    },
    { clock },
  );
  api = as((await createUser(t, { name: 'Connect Admin', role: 'admin' })).cookie);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function as(cookie: string) {
  return {
    get: (path: string) => call(t.request, path, undefined, { cookie }),
    post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
  };
}

let seq = 0;
/** A partner owning one $10-a-day lot at 10 % commission, and its owner signed in. */
async function partnerWithOwner() {
  const lot = await createLot(t, { priceCents: cents(1000) });
  const n = ++seq;
  const created = await api.post('/api/admin/partners', {
    tradingName: `Connect Partner ${n}`,
    legalName: `Connect Partner ${n} LLC`,
    contactName: 'C',
    contactEmail: `connect-${n}@partner.example`,
    commissionPercent: 10,
    lotIds: [lot.id],
  });
  expect(created.status).toBe(201);
  const id = created.json.id as number;
  return { id, lot, owner: await join(id, `connect-owner-${n}@partner.example`, 'owner') };
}

/** Invites `email` to the partner as `role` and accepts as a new account; a client signed in as it. */
async function join(partnerId: number, email: string, role: 'owner' | 'manager' | 'gate') {
  await api.post(`/api/admin/partners/${partnerId}/invitations`, { email, role });
  const mail = (await t.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: `Connect ${role}`, password: 'long enough password' });
  expect(accepted.status).toBe(200);
  return Object.assign(as(sessionCookieFrom(accepted.headers)!), { email });
}

const partnerRow = async (id: number) => (await t.db.select().from(partners).where(eq(partners.id, id)))[0]!;
const audits = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'partner'), eq(auditLog.entityId, String(id))))
  ).filter((a) => a.action.startsWith('payouts-'));
const back = (id: number, payouts: string) => `${TEST_ORIGIN}/partner?partner=${id}&tab=money&payouts=${payouts}`;

/** A signed Stripe event, as Stripe posts it (a Connect endpoint's event names the account it is about). */
function webhook(id: string, type: string, object: object, secret = CONNECT_WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id, object: 'event', type, account: (object as { id?: string }).id, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.request('/webhooks/stripe', { method: 'POST', body: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
}

describe('onboarding', () => {
  it('creates one Express account per partner and a fresh link back to the Money tab each time; audited', async () => {
    const p = await partnerWithOwner();
    expect((await p.owner.get('/api/partner/payouts/account')).json).toEqual({
      partnerId: p.id,
      mode: 'stripe',
      state: 'not_started',
      accountId: null,
      detailsSubmitted: false,
      payoutsEnabled: false,
      canOnboard: true,
    });

    const first = await p.owner.post('/api/partner/payouts/onboarding');
    expect(first.status, first.text).toBe(200);
    const accountId = (await partnerRow(p.id)).stripeAccountId!;
    expect(accountId).toMatch(/^acct_fake_/);
    expect(first.json).toMatchObject({ url: expect.stringContaining(`127.0.0.1:${fake.port}/connect/onboarding/`), accountId });
    expect(fake.accounts.get(accountId)).toMatchObject({
      type: 'express',
      country: 'US',
      email: `connect-${seq}@partner.example`,
      business_profile: { name: `Connect Partner ${seq}` },
      metadata: { partnerId: String(p.id) },
    });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/accounts');
    expect(new URLSearchParams(created.at(-1)!.body).get('capabilities[transfers][requested]')).toBe('true');
    expect(created.at(-1)!.idempotencyKey).toMatch(new RegExp(`^connect-account-${p.id}-\\d+$`));
    const link = [...fake.accountLinks.values()].at(-1)!;
    expect(link).toMatchObject({ account: accountId, type: 'account_onboarding', refresh_url: back(p.id, 'refresh'), return_url: back(p.id, 'return') });

    // A second click (the owner left Stripe's form half done): the same account, a new link.
    const accounts = fake.accounts.size;
    const second = await p.owner.post(`/api/partner/payouts/onboarding?partnerId=${p.id}`);
    expect(second.status).toBe(200);
    expect(second.json.accountId).toBe(accountId);
    expect(second.json.url).not.toBe(first.json.url);
    expect(fake.accounts.size).toBe(accounts);
    expect((await partnerRow(p.id)).stripeAccountId).toBe(accountId);
    expect((await p.owner.get('/api/partner/payouts/account')).json).toMatchObject({ state: 'details_needed', accountId, detailsSubmitted: false, payoutsEnabled: false });

    expect((await audits(p.id)).map((a) => [a.action, a.actorEmail, a.changes])).toEqual([
      ['payouts-onboarding', p.owner.email, { stripeAccountId: accountId, accountCreated: true }],
      ['payouts-onboarding', p.owner.email, { stripeAccountId: accountId, accountCreated: false }],
    ]);
  });

  it('lets managers see the state only; gate staff, other partners and administrators cannot onboard', async () => {
    const a = await partnerWithOwner();
    const b = await partnerWithOwner();
    const manager = await join(a.id, `connect-manager-${seq}@partner.example`, 'manager');
    const gate = await join(a.id, `connect-gate-${seq}@partner.example`, 'gate');
    const accounts = fake.accounts.size;

    expect((await manager.get('/api/partner/payouts/account')).json).toMatchObject({ partnerId: a.id, state: 'not_started', canOnboard: false });
    expect((await manager.post('/api/partner/payouts/onboarding')).status).toBe(404);
    expect((await manager.post('/api/partner/payouts/account/refresh')).status).toBe(200);
    for (const path of ['/api/partner/payouts/account', '/api/partner/payouts/onboarding', '/api/partner/payouts/account/refresh']) {
      const method = path.endsWith('account') ? 'get' : 'post';
      expect((await gate[method](path)).status, `gate staff: ${path}`).toBe(404);
      expect((await b.owner[method](`${path}?partnerId=${a.id}`)).status, `another partner's owner: ${path}`).toBe(404);
    }
    // The administrator sees every partner's state, but the account is the partner's own agreement with Stripe.
    expect((await api.get(`/api/partner/payouts/account?partnerId=${a.id}`)).json).toMatchObject({ state: 'not_started', canOnboard: false });
    const byAdmin = await api.post(`/api/partner/payouts/onboarding?partnerId=${a.id}`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.error).toBe("Only the partner's owners set up its payouts with Stripe.");

    expect(fake.accounts.size).toBe(accounts);
    expect((await partnerRow(a.id)).stripeAccountId).toBeNull();
    expect(await audits(a.id)).toEqual([]);
  });
});

describe('the account’s state', () => {
  it('is read afresh on the owner’s return from Stripe', async () => {
    const p = await partnerWithOwner();
    const { url } = (await p.owner.post('/api/partner/payouts/onboarding')).json;
    // The owner fills in Stripe's forms (the fake's hosted onboarding) and is sent back to the portal.
    const hosted = await fetch(url, { redirect: 'manual' });
    expect(hosted.status).toBe(302);
    expect(hosted.headers.get('location')).toBe(back(p.id, 'return'));

    const refreshed = await p.owner.post('/api/partner/payouts/account/refresh');
    expect(refreshed.json).toMatchObject({ state: 'enabled', detailsSubmitted: true, payoutsEnabled: true });
    expect(await partnerRow(p.id)).toMatchObject({ stripeDetailsSubmitted: 1, stripePayoutsEnabled: 1 });
    // Asked again, nothing changed: audited once, by the owner who came back.
    await p.owner.post('/api/partner/payouts/account/refresh');
    expect((await audits(p.id)).map((a) => [a.action, a.actorEmail])).toEqual([
      ['payouts-onboarding', p.owner.email],
      ['payouts-enabled', p.owner.email],
    ]);
  });

  it('follows the signed account.updated webhook, read from Stripe whatever order events come in', async () => {
    const p = await partnerWithOwner();
    await p.owner.post('/api/partner/payouts/onboarding');
    const accountId = (await partnerRow(p.id)).stripeAccountId!;

    // Unsigned, or signed with another secret: refused, nothing read.
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'account.updated', data: { object: { id: accountId } } });
    expect((await t.request('/webhooks/stripe', { method: 'POST', body: forged, headers: { 'Stripe-Signature': 't=1,v1=00', 'Content-Type': 'application/json' } })).status).toBe(
      400,
    );
    expect((await webhook('evt_acct_wrong', 'account.updated', { id: accountId }, 'whsec_someone_else')).status).toBe(400);

    fake.onboard(accountId);
    // An event whose payload is older than the account (payouts still off in it): the account as Stripe has it now counts.
    expect((await webhook('evt_acct_1', 'account.updated', { id: accountId, object: 'account', payouts_enabled: false })).status).toBe(200);
    expect(await partnerRow(p.id)).toMatchObject({ stripeDetailsSubmitted: 1, stripePayoutsEnabled: 1 });
    expect((await p.owner.get('/api/partner/payouts/account')).json).toMatchObject({ state: 'enabled' });
    // The same event again is stored once; a later one saying the same changes nothing.
    expect(await (await webhook('evt_acct_1', 'account.updated', { id: accountId })).json()).toMatchObject({ duplicate: true });
    expect((await webhook('evt_acct_2', 'account.updated', { id: accountId }, WEBHOOK_SECRET)).status).toBe(200);

    // Stripe turns payouts off (a requirement past due): the portal shows details needed again.
    fake.onboard(accountId, false);
    expect((await webhook('evt_acct_3', 'account.updated', { id: accountId })).status).toBe(200);
    expect((await p.owner.get('/api/partner/payouts/account')).json).toMatchObject({ state: 'details_needed', detailsSubmitted: true, payoutsEnabled: false });
    // An account that is no partner's: nothing to do.
    expect((await webhook('evt_acct_4', 'account.updated', { id: 'acct_of_nobody' })).status).toBe(200);

    expect((await audits(p.id)).map((a) => [a.action, a.actorEmail, a.actorId])).toEqual([
      ['payouts-onboarding', p.owner.email, expect.any(Number)],
      ['payouts-enabled', 'stripe', null],
      ['payouts-disabled', 'stripe', null],
    ]);
  });
});

describe('weekly payouts in Stripe mode', () => {
  it('fail clearly until the account can be paid (the lines wait), then pay by a transfer to it, once', async () => {
    const p = await partnerWithOwner();
    const booked = await createBooking(t, { lot: p.lot.id, paymentMethodId: 'pm_card_visa', arrival: stayAt(3), departure: stayAt(5) }); // $20, net $18
    const mine = async () => (await t.db.select().from(partnerPayouts).where(eq(partnerPayouts.partnerId, p.id))).sort((x, y) => x.id - y.id);
    const unpaidLines = async () => (await t.db.select().from(partnerLedger).where(eq(partnerLedger.partnerId, p.id))).filter((l) => l.payoutId === null).length;
    const transfersTo = (account: string | null) => [...fake.transfers.values()].filter((tr) => tr.destination === account);
    const run = async () => expect((await api.post('/api/admin/payouts/run')).status).toBe(200);

    // The stay has ended; no account yet: failed with the reason, no money moved, the line waits.
    offset = 10 * 86_400_000;
    await run();
    expect((await mine()).map((x) => [x.status, x.amountCents, x.failureReason])).toEqual([
      ['failed', 1800, 'No Stripe account for payouts yet: an owner sets one up in the partner portal (Money, Set up payouts with Stripe).'],
    ]);
    expect(await unpaidLines()).toBe(1);
    expect((await p.owner.get('/api/partner/payouts')).json[0]).toMatchObject({ status: 'failed', amount: 18, transferId: null });
    expect((await api.get('/api/admin/payouts/balances')).json.find((r: { partnerId: number }) => r.partnerId === p.id)).toMatchObject({
      owed: 18,
      paid: 0,
      payoutAccount: 'not_started',
    });

    // Onboarding started but not finished: failed again the next week, still nothing sent.
    await p.owner.post('/api/partner/payouts/onboarding');
    const accountId = (await partnerRow(p.id)).stripeAccountId!;
    offset = 17 * 86_400_000;
    await run();
    expect((await mine()).at(-1)).toMatchObject({
      status: 'failed',
      failureReason: "The partner's Stripe account cannot receive payouts yet: its onboarding with Stripe is not finished (an owner resumes it in the partner portal, Money).",
    });
    expect(await unpaidLines()).toBe(1);
    expect(fake.requests.filter((r) => r.url === '/v1/transfers')).toHaveLength(0);

    // Onboarding finished at Stripe, its webhook never came: the run reads the account, and pays it by a transfer.
    fake.onboard(accountId);
    offset = 24 * 86_400_000;
    await run();
    await run(); // twice in a week pays once
    const week = isoWeek(clock.now());
    expect((await mine()).map((x) => x.status)).toEqual(['failed', 'failed', 'paid']);
    const paid = (await mine()).at(-1)!;
    expect(transfersTo(accountId)).toEqual([expect.objectContaining({ id: paid.transferId, amount: 1800, currency: 'usd', description: `Payout payout-${p.id}-${week}` })]);
    expect(fake.requests.filter((r) => r.url === '/v1/transfers').map((r) => r.idempotencyKey)).toEqual([`payout-${p.id}-${week}`]);
    expect(await unpaidLines()).toBe(0);
    expect((await partnerRow(p.id)).stripePayoutsEnabled).toBe(1);
    expect((await audits(p.id)).map((a) => [a.action, a.actorEmail])).toEqual([
      ['payouts-onboarding', p.owner.email],
      ['payouts-enabled', 'stripe'],
    ]);
    expect((await api.get('/api/admin/payouts/balances')).json.find((r: { partnerId: number }) => r.partnerId === p.id)).toMatchObject({
      owed: 0,
      paid: 18,
      payoutAccount: 'enabled',
    });

    // Stripe stops taking transfers to the account before its webhook arrives: the transfer is refused with
    // Stripe's words and the line waits again.
    offset = 0;
    await createBooking(t, { lot: p.lot.id, paymentMethodId: 'pm_card_visa', arrival: stayAt(4), departure: stayAt(6) });
    fake.onboard(accountId, false);
    offset = 31 * 86_400_000;
    await run();
    expect((await mine()).at(-1)).toMatchObject({
      status: 'failed',
      amountCents: 1800,
      failureReason: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
    });
    expect(await unpaidLines()).toBe(1);
    expect(transfersTo(accountId)).toHaveLength(1);
    void booked;
    offset = 0;
  });
});

describe('sandbox mode', () => {
  it('has nothing to onboard: payouts are recorded by the sandbox', async () => {
    const sandbox = await createTestApp();
    try {
      const admin = await createUser(sandbox, { name: 'Sandbox Admin', role: 'admin' });
      const created = await call(
        sandbox.request,
        '/api/admin/partners',
        { tradingName: 'Sandbox Co', legalName: 'Sandbox Co LLC', contactName: 'S', contactEmail: 's@sandbox.example', commissionPercent: 10 },
        { cookie: admin.cookie },
      );
      const id = created.json.id as number;
      const state = await call(sandbox.request, `/api/partner/payouts/account?partnerId=${id}`, undefined, { cookie: admin.cookie });
      expect(state.json).toEqual({ partnerId: id, mode: 'sandbox', state: 'sandbox', accountId: null, detailsSubmitted: false, payoutsEnabled: false, canOnboard: false });
      const refused = await call(sandbox.request, `/api/partner/payouts/onboarding?partnerId=${id}`, {}, { cookie: admin.cookie });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe('Payouts are recorded by the sandbox here: there is no Stripe account to set up.');
      const balances = await call(sandbox.request, '/api/admin/payouts/balances', undefined, { cookie: admin.cookie });
      expect(balances.json.find((r: { partnerId: number }) => r.partnerId === id)).toMatchObject({ payoutAccount: 'sandbox' });
    } finally {
      await sandbox.close();
    }
  });
});
