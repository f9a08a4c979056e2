// 3-D Secure with Stripe configured (the real SDK against the local fake, Stripe's test payment method
// pm_card_threeDSecure2Required): a payment whose bank asks the cardholder keeps its hold and answers 402 with
// the payment's client secret; the browser completes the bank's check with Stripe.js and repeats the request
// with the same Idempotency-Key, which settles it through the same paid hold (or the webhook, or the reaper
// does). A failed or abandoned check releases the hold; nothing is charged twice.
import { and, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { bookingPayments, bookings, lotDays } from '@/server/db/schema';
import { settleExpiredHolds } from '@/server/modules/bookings/settle';
import { stayDays } from '@/server/modules/bookings/inventory';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { checkout, checkoutRequest, createLot, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const THREE_DS = 'pm_card_threeDSecure2Required';
const WEBHOOK_SECRET = 'whsec_3ds';

let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242' });
  fake.addPaymentMethod(THREE_DS, { brand: 'visa', last4: '3184' });
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_3ds',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_3ds',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const intentsOf = (bookingId: number) => [...fake.intents.values()].filter((pi) => pi.metadata?.bookingId === String(bookingId));
const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const idOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
async function taken(providerId: number, arrival: string, departure: string) {
  const [first, last] = stayDays(arrival, departure);
  const rows = await t.db
    .select()
    .from(lotDays)
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last)));
  return rows.map((r) => r.taken);
}
/** A signed Stripe event, as Stripe posts it. */
function webhook(id: string, type: string, object: object) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.request('/webhooks/stripe', { method: 'POST', body: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
}

/** A traveller starts a checkout with the 3-D Secure card: the answer asks for the bank's check. */
async function startCheckout(key: string) {
  const lot = await createLot(t);
  const traveller = await createUser(t);
  const body = checkoutRequest(lot.id, { email: traveller.user.email, paymentMethodId: THREE_DS });
  const asked = await checkout(t, body, { cookie: traveller.cookie, key });
  expect(asked.status).toBe(402);
  expect(asked.json.error).toBe('Your bank asks you to confirm this payment. Please follow its steps to finish.');
  expect(asked.json.nextAction).toMatchObject({ type: 'authenticate', clientSecret: expect.stringMatching(/^pi_fake_\d+_secret_/) });
  const intentId = idOf(asked.json.nextAction.clientSecret);
  const [held] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intentId));
  expect(held).toMatchObject({ status: 'pending', providerId: lot.id });
  return { lot, traveller, body, key, intentId, held: held!, repeat: () => checkout(t, body, { cookie: traveller.cookie, key }) };
}

describe('a checkout whose bank asks the cardholder (3-D Secure)', () => {
  it('holds the space, then confirms once the check passes, charging once', async () => {
    const c = await startCheckout('tds-pass-key-01');
    const { arrivalDate, departureDate } = c.body.reservationDetails;
    expect(await taken(c.lot.id, arrivalDate, departureDate)).toEqual([1, 1, 1]);

    // Repeated before the check is done: asked again for the same payment, nothing new charged.
    const early = await c.repeat();
    expect(early.status).toBe(402);
    expect(idOf(early.json.nextAction.clientSecret)).toBe(c.intentId);
    expect(intentsOf(c.held.id)).toHaveLength(1);

    fake.authenticate(c.intentId, true);
    const done = await c.repeat();
    expect(done.status).toBe(200);
    expect(done.json.booking).toMatchObject({ id: c.held.id, status: 'confirmed', totalFee: 21.99 });
    expect(await bookingRow(c.held.id)).toMatchObject({ status: 'confirmed', paymentIntentId: c.intentId, cardLast4: '3184', holdExpiresAt: null });
    expect(intentsOf(c.held.id)).toHaveLength(1);
    expect((await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, c.held.id))).map((p) => p.amountCents)).toEqual([2199]);
    expect(await taken(c.lot.id, arrivalDate, departureDate)).toEqual([1, 1, 1]);

    // Later repeats answer the same booking.
    const again = await c.repeat();
    expect(again.json.confirmationNumber).toBe(done.json.confirmationNumber);
    expect(fake.refunds.size).toBe(0);
  });

  it('releases the space with the bank’s words when the check fails; the card is not charged', async () => {
    const c = await startCheckout('tds-fail-key-01');
    fake.authenticate(c.intentId, false);
    const refused = await c.repeat();
    expect(refused.status).toBe(402);
    expect(refused.json.error).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    expect(refused.json.nextAction).toBeUndefined();
    // The page still knows the payment's secret: the payment is cancelled so it cannot complete for nothing.
    expect(fake.intents.get(c.intentId)!.status).toBe('canceled');
    expect(await bookingRow(c.held.id)).toBeUndefined();
    const { arrivalDate, departureDate } = c.body.reservationDetails;
    expect(await taken(c.lot.id, arrivalDate, departureDate)).toEqual([0, 0, 0]);
    // The refusal is the key's outcome; another card is a new attempt.
    expect((await c.repeat()).json.error).toBe(refused.json.error);
    const other = await checkout(t, { ...c.body, paymentInfo: { paymentMethodId: 'pm_card_visa' } }, { cookie: c.traveller.cookie, key: 'tds-fail-key-02' });
    expect(other.status).toBe(200);
  });

  it('is confirmed by the payment webhook when the browser never comes back, and the repeat answers it', async () => {
    const c = await startCheckout('tds-hook-key-01');
    fake.authenticate(c.intentId, true);
    const paid = { id: c.intentId, object: 'payment_intent', amount: 2199, metadata: { purpose: 'booking', bookingId: String(c.held.id) } };
    expect((await webhook('evt_3ds_1', 'payment_intent.succeeded', paid)).status).toBe(200);
    expect(await bookingRow(c.held.id)).toMatchObject({ status: 'confirmed', paymentIntentId: c.intentId });
    const repeat = await c.repeat();
    expect(repeat.status).toBe(200);
    expect(repeat.json.booking.id).toBe(c.held.id);
    expect(intentsOf(c.held.id)).toHaveLength(1);
  });

  it('is released by the reaper when the check is abandoned (the payment cancelled); money that came anyway is refunded', async () => {
    const c = await startCheckout('tds-gone-key-01');
    const reaped = await settleExpiredHolds({ db: t.db, payments: t.payments, jobs: t.jobs }, new Date(Date.now() + 11 * 60_000));
    expect(reaped.released).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(c.held.id)).toBeUndefined();
    expect((await c.repeat()).status).toBe(409);
    expect(fake.intents.get(c.intentId)!.status).toBe('canceled');

    // Had the bank's answer crossed the cancellation, the money would go back.
    fake.intents.get(c.intentId)!.status = 'requires_action';
    fake.authenticate(c.intentId, true);
    const paid = { id: c.intentId, object: 'payment_intent', amount: 2199, metadata: { purpose: 'booking', bookingId: String(c.held.id) } };
    await webhook('evt_3ds_2', 'payment_intent.succeeded', paid);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === c.intentId)).toEqual([expect.objectContaining({ amount: 2199 })]);
  });

  it('tells the app’s own client through tRPC, with the same next action', async () => {
    const lot = await createLot(t);
    const traveller = await createUser(t);
    const input = { ...checkoutRequest(lot.id, { email: traveller.user.email, paymentMethodId: THREE_DS }), idempotencyKey: 'tds-trpc-key-01' };
    const res = await call(t.request, '/api/trpc/bookings.create', { json: input }, { cookie: traveller.cookie });
    expect(res.status).toBe(402);
    expect(res.json.error.json.data.nextAction).toMatchObject({ type: 'authenticate', clientSecret: expect.stringMatching(/^pi_fake_/) });
  });
});

describe('a change of dates whose bank asks the cardholder', () => {
  it('holds the added days until the check passes, then applies the change once', async () => {
    const lot = await createLot(t);
    const traveller = await createUser(t);
    const booked = await checkout(t, checkoutRequest(lot.id, { email: traveller.user.email, paymentMethodId: 'pm_card_visa', arrival: stayAt(20), departure: stayAt(22) }), {
      cookie: traveller.cookie,
      key: 'tds-change-book1',
    });
    expect(booked.status).toBe(200);
    const n = booked.json.confirmationNumber as string;
    const body = { arrivalDate: stayAt(20), departureDate: stayAt(24), paymentInfo: { paymentMethodId: THREE_DS } };
    const change = () => call(t.request, `/api/bookings/${n}/change`, body, { cookie: traveller.cookie, headers: { 'Idempotency-Key': 'tds-change-key-1' } });

    const asked = await change();
    expect(asked.status).toBe(402);
    const intentId = idOf(asked.json.nextAction.clientSecret);
    expect(await taken(lot.id, stayAt(20), stayAt(24))).toEqual([1, 1, 1, 1, 1]);
    expect((await bookingRow(booked.json.booking.id))!.pendingChangeId).not.toBeNull();

    fake.authenticate(intentId, true);
    const applied = await change();
    expect(applied.status).toBe(200);
    expect(applied.json.change).toMatchObject({ charge: 20, card: { last4: '3184' } });
    expect(await bookingRow(booked.json.booking.id)).toMatchObject({ departureDate: stayAt(24), totalFeeCents: 4199, pendingChangeId: null });
    expect((await change()).json.change).toEqual(applied.json.change);
    expect([...fake.intents.values()].filter((pi) => pi.metadata?.purpose === 'booking-change' && pi.metadata?.bookingId === String(booked.json.booking.id))).toHaveLength(1);
  });
});
