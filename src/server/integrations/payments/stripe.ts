// Stripe PaymentIntents. The browser confirms with Stripe's Payment Element; the server only creates
// and reads intents, so no card data ever reaches us. `host`/`port`/`protocol` point tests at a fake.
import Stripe from 'stripe';
import type { CreateIntent, IntentStatus, PaymentIntent, PaymentsGateway } from './types';

export interface StripeOptions {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    card: card ? { brand: card.brand ?? 'card', last4: card.last4 ?? '' } : undefined,
    lastError: pi.last_payment_error?.message ?? undefined,
  };
}

export function createStripeGateway(options: StripeOptions): PaymentsGateway & { stripe: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
  return {
    mode: 'stripe',
    stripe,
    async createIntent(input: CreateIntent) {
      const pi = await stripe.paymentIntents.create({
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        receipt_email: input.receiptEmail,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
      });
      return toIntent(pi);
    },
    async retrieveIntent(id: string) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
  };
}
