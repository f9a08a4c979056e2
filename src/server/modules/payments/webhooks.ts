// Stripe webhooks: the signed event is verified on the raw body, stored once by id, then reconciled: access
// fees and booking charges that succeeded (even when the browser never came back), failed charges, refunds.
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema';
import type { Context } from '../../trpc/init';
import { completeAccessPayment } from './access.service';
import { reconcileBookingFailed, reconcileBookingPaid, reconcileRefund } from '../bookings/bookings.service';

type Services = Pick<Context, 'db' | 'env' | 'mailer' | 'payments' | 'jobs'>;

export function mountStripeWebhook(app: Hono, services: Services & { stripe: Stripe; secret: string }) {
  app.post('/webhooks/stripe', async (c) => {
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = services.stripe.webhooks.constructEvent(payload, c.req.header('stripe-signature') ?? '', services.secret);
    } catch {
      return c.json({ error: 'Invalid signature' }, 400);
    }
    const stored = services.db.insert(paymentEvents).values({ eventId: event.id, type: event.type, payload }).onConflictDoNothing().run();
    if (stored.changes === 0) return c.json({ received: true, duplicate: true });

    try {
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object as Stripe.PaymentIntent;
        if (intent.metadata?.purpose === 'information_access') {
          await completeAccessPayment({ ...services, user: null }, intent.id);
        } else if (intent.metadata?.purpose === 'booking' && intent.metadata.bookingId) {
          const read = await services.payments.retrieveIntent(intent.id);
          await reconcileBookingPaid(services, { id: intent.id, amount: intent.amount, bookingId: Number(intent.metadata.bookingId), card: read?.card });
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object as Stripe.PaymentIntent;
        if (intent.metadata?.purpose === 'booking' && intent.metadata.bookingId) {
          reconcileBookingFailed(services.db, Number(intent.metadata.bookingId), intent.last_payment_error?.message ?? undefined);
        }
      } else if (event.type === 'charge.refunded') {
        const charge = event.data.object as Stripe.Charge;
        const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (pi) reconcileRefund(services.db, pi, charge.amount_refunded);
      }
    } catch (err) {
      // Let Stripe retry: forget the event so the retry is processed.
      services.db.delete(paymentEvents).where(eq(paymentEvents.eventId, event.id)).run();
      console.error(`Stripe event ${event.id} (${event.type}) failed:`, (err as Error).message);
      return c.json({ error: 'Processing failed' }, 500);
    }
    services.db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.eventId, event.id)).run();
    return c.json({ received: true });
  });
}
