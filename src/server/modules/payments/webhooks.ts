// Stripe webhooks: the signed event is verified on the raw body, stored once by id, then reconciled: access
// fees and booking charges that succeeded (even when the browser never came back), failed charges, refunds,
// and partners' Connect accounts (`account.updated`, from the Connect endpoint: its own signing secret,
// STRIPE_CONNECT_WEBHOOK_SECRET, may point at the same path). Nobody is signed in here: the services are
// called with the app's dependencies only.
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema';
import type { Services } from '../../deps';
import { completeAccessPayment } from './access.service';
import { reconcileRefund } from '../bookings/bookings.service';
import { holdOfCharge } from '../bookings/hold-kinds';
import { settlePaid } from '../bookings/paid-hold';
import { STRIPE_ACTOR, syncConnectedAccount } from '../partners/connect';

type WebhookServices = Pick<Services, 'db' | 'env' | 'mailer' | 'payments' | 'jobs'>;

async function handle(services: Pick<Services, 'db' | 'payments' | 'jobs'>, event: Stripe.Event): Promise<void> {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const held = holdOfCharge(intent.metadata);
    if (intent.metadata?.purpose === 'information_access') {
      await completeAccessPayment(services, intent.id);
    } else if (held) {
      // A booking or a change whose request never came back: settled now (or its money returned if it was released).
      const read = await services.payments.retrieveIntent(intent.id);
      const paid = { id: intent.id, amount: intent.amount, card: read?.card, status: 'succeeded' as const, clientSecret: '', currency: 'usd', metadata: {} };
      await settlePaid(services, held.kind, held.id, paid);
    }
  } else if (event.type === 'payment_intent.payment_failed') {
    const held = holdOfCharge(event.data.object.metadata);
    if (held) await held.kind.release(services, held.id, { code: 'PAYMENT_REQUIRED', message: event.data.object.last_payment_error?.message ?? 'Your card was declined.' });
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (pi) await reconcileRefund(services.db, pi, charge.amount_refunded, new Date(event.created * 1000));
  } else if (event.type === 'account.updated') {
    // Read afresh from Stripe rather than from the event, so events arriving out of order cannot undo a change.
    await syncConnectedAccount(services, event.data.object.id, STRIPE_ACTOR);
  }
}

/** The event, if signed with one of the endpoints' secrets (the account's endpoint, or the Connect one). */
function verified(stripe: Stripe, payload: string, signature: string, secrets: string[]): Stripe.Event | null {
  for (const secret of secrets) {
    try {
      return stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      // not this endpoint's secret
    }
  }
  return null;
}

export function mountStripeWebhook(app: Hono, services: WebhookServices & { stripe: Stripe; secret: string; connectSecret?: string }) {
  const { db } = services;
  const secrets = [services.secret, services.connectSecret].filter((s): s is string => Boolean(s));
  app.post('/webhooks/stripe', async (c) => {
    const payload = await c.req.text();
    const event = verified(services.stripe, payload, c.req.header('stripe-signature') ?? '', secrets);
    if (!event) return c.json({ error: 'Invalid signature' }, 400);
    // Insert-or-nothing by event id: a repeat (or the same event at another server) is processed once.
    const stored = await db.insert(paymentEvents).values({ eventId: event.id, type: event.type, payload }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (!stored.length) return c.json({ received: true, duplicate: true });

    try {
      await handle(services, event);
    } catch (err) {
      // Let Stripe retry: forget the event so the retry is processed.
      await db.delete(paymentEvents).where(eq(paymentEvents.eventId, event.id));
      console.error(`Stripe event ${event.id} (${event.type}) failed:`, (err as Error).message);
      return c.json({ error: 'Processing failed' }, 500);
    }
    await db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.eventId, event.id));
    return c.json({ received: true });
  });
}
