// Stripe webhooks: the signed event is verified, stored once by id, and a succeeded access-fee payment is
// recorded even when the browser never came back to complete it.
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema';
import type { Context } from '../../trpc/init';
import { completeAccessPayment } from './access.service';

type Services = Pick<Context, 'db' | 'env' | 'mailer' | 'payments'>;

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

    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object as Stripe.PaymentIntent;
      if (intent.metadata?.purpose === 'information_access') {
        const ctx = { ...services, user: null, resHeaders: new Headers(), ip: 'stripe' };
        await completeAccessPayment(ctx, intent.id, false);
      }
    }
    services.db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.eventId, event.id)).run();
    return c.json({ received: true });
  });
}
