// A refund made in Stripe's dashboard (seen by the charge.refunded webhook) comes out of the partner's share:
// the partner gives back the parking money it still holds for the booking, at the booking's commission, once per
// refunded total; a refund beyond the parking (the service fee) is the platform's. Our own refunds, counted
// before they are sent, write nothing more when their event arrives.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, partnerLedger } from '@/server/db/schema';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { checkout, checkoutRequest, createLot, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_refunds';
let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242' });
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_refunds',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_refunds',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let events = 0;
function refunded(paymentIntent: string, amountRefunded: number) {
  const payload = JSON.stringify({
    id: `evt_refund_${++events}`,
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `ch_${events}`, object: 'charge', payment_intent: paymentIntent, amount_refunded: amountRefunded } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.request('/webhooks/stripe', { method: 'POST', body: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
}

async function partnerBooking(key: string) {
  const admin = await createUser(t, { role: 'admin' });
  const lot = await createLot(t);
  const made = await call(
    t.request,
    '/api/admin/partners',
    { tradingName: `Refund Partner ${key}`, legalName: 'Refund Partner LLC', contactName: 'Pat', contactEmail: `${key}@partner.example`, commissionPercent: 15, lotIds: [lot.id] },
    { cookie: admin.cookie },
  );
  expect(made.status, made.text).toBe(201);
  const traveller = await createUser(t);
  const res = await checkout(t, checkoutRequest(lot.id, { email: traveller.user.email, paymentMethodId: 'pm_card_visa' }), { cookie: traveller.cookie, key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, res.json.booking.id));
  return { booking: booking!, traveller };
}
const linesOf = async (bookingId: number) =>
  (await t.db.select().from(partnerLedger).where(eq(partnerLedger.bookingId, bookingId)).orderBy(partnerLedger.id)).map((l) => [
    l.kind,
    l.grossCents,
    l.commissionCents,
    l.netCents,
  ]);

describe('a refund made in the Stripe dashboard', () => {
  it('takes the parking money back from the partner at the booking’s commission, once, and never the service fee', async () => {
    const { booking } = await partnerBooking('dash-refund-1');
    expect(booking.parkingFeeCents).toBe(2000);
    const pi = booking.paymentIntentId!;
    expect(await linesOf(booking.id)).toEqual([['booking', 2000, 300, 1700]]);

    expect((await refunded(pi, 500)).status).toBe(200);
    expect(await linesOf(booking.id)).toEqual([
      ['booking', 2000, 300, 1700],
      ['refund', -500, -75, -425],
    ]);
    // The same total again (another event for it) writes nothing.
    expect((await refunded(pi, 500)).status).toBe(200);
    expect(await linesOf(booking.id)).toHaveLength(2);

    // Everything refunded: the partner gives back the rest of the parking, not the service fee.
    expect((await refunded(pi, booking.totalFeeCents)).status).toBe(200);
    const lines = await linesOf(booking.id);
    expect(lines.at(-1)).toEqual(['refund', -1500, -225, -1275]);
    expect(lines.reduce((s, l) => s + (l[3] as number), 0)).toBe(0);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.refundedCents).toBe(booking.totalFeeCents);
  });

  it('adds nothing for our own refund when its event arrives', async () => {
    const { booking, traveller } = await partnerBooking('own-refund-1');
    const cancelled = await call(t.request, `/api/bookings/${booking.confirmationNumber}/cancel`, {}, { cookie: traveller.cookie });
    expect(cancelled.status, cancelled.text).toBe(200);
    const after = await linesOf(booking.id);
    expect(after.map((l) => l[0])).toEqual(['booking', 'refund']);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect((await refunded(booking.paymentIntentId!, row!.refundedCents)).status).toBe(200);
    expect(await linesOf(booking.id)).toEqual(after);
  });
});
