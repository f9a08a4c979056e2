// Stripe PaymentIntents. The browser confirms with Stripe's Payment Element; the server only creates
// and reads intents, so no card data ever reaches us. `host`/`port`/`protocol` point tests at a fake.
import Stripe from 'stripe';
import {
  CardError,
  type CardPaymentMethod,
  type ChargeInput,
  type ConnectedAccount,
  type CreateIntent,
  type IntentStatus,
  type PaymentIntent,
  type PaymentsGateway,
} from './types';

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

function toCard(pm: Stripe.PaymentMethod): CardPaymentMethod {
  return {
    id: pm.id,
    brand: pm.card?.brand ?? 'card',
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null),
  };
}

/** Ready for payouts: Stripe pays the account out and its transfers capability (when listed) is active. */
function toAccount(a: Stripe.Account): ConnectedAccount {
  const transfers = a.capabilities?.transfers;
  return { id: a.id, detailsSubmitted: a.details_submitted === true, payoutsEnabled: a.payouts_enabled === true && (transfers === undefined || transfers === 'active') };
}

const isCardError = (err: unknown): err is Stripe.errors.StripeCardError => (err as { type?: string }).type === 'StripeCardError';

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
    async charge(input: ChargeInput) {
      if (!input.paymentMethodId) throw new CardError('A card is required.');
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: 'usd',
            description: input.description,
            receipt_email: input.receiptEmail,
            metadata: input.metadata,
            payment_method: input.paymentMethodId,
            customer: input.customerId,
            confirm: true,
            ...(input.offSession ? { off_session: true } : {}),
            // Cards that need a redirect (3-D Secure) come back as requires_action and are not charged.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['latest_charge'],
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
        );
        return toIntent(pi);
      } catch (err) {
        if (!isCardError(err)) throw err;
        const pi = err.payment_intent;
        return {
          id: pi?.id ?? '',
          clientSecret: pi?.client_secret ?? '',
          status: 'requires_payment_method' as const,
          amount: input.amount,
          currency: 'usd',
          metadata: input.metadata,
          lastError: err.message,
        };
      }
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const r = await stripe.refunds.create({ payment_intent: paymentIntentId, amount, reason: 'requested_by_customer' }, { idempotencyKey });
      return { id: r.id, amount: r.amount, status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' ? 'failed' : 'pending' };
    },
    async findCharge({ bookingId, changeId }) {
      // Stripe keeps idempotency keys for 24 hours but cannot be asked about them: the booking's (or the
      // change's) intents are found by their metadata instead (search is eventually consistent, within a minute).
      const query =
        changeId === undefined
          ? `metadata['bookingId']:'${bookingId}' AND metadata['purpose']:'booking'`
          : // A change of dates' or an overstay's charge: both are booking_changes rows, one id space.
            `metadata['changeId']:'${changeId}'`;
      const found = await stripe.paymentIntents.search({ query, expand: ['data.latest_charge'] });
      const intents = found.data.map(toIntent);
      return intents.find((i) => i.status === 'succeeded') ?? intents[0] ?? null;
    },
    async createCustomer({ email, name, userId }) {
      const c = await stripe.customers.create({ email, name, metadata: { userId: String(userId) } });
      return c.id;
    },
    async retrievePaymentMethod(id: string) {
      try {
        return toCard(await stripe.paymentMethods.retrieve(id));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    async attachPaymentMethod(id: string, customerId: string) {
      try {
        return toCard(await stripe.paymentMethods.attach(id, { customer: customerId }));
      } catch (err) {
        if (isCardError(err)) throw new CardError(err.message);
        throw err;
      }
    },
    async detachPaymentMethod(id: string) {
      await stripe.paymentMethods.detach(id);
    },
    async transfer({ amount, destination, idempotencyKey, description }) {
      if (!destination) throw new CardError('The partner has not connected a Stripe account for payouts yet.');
      try {
        const t = await stripe.transfers.create({ amount, currency: 'usd', destination, description }, { idempotencyKey });
        return { id: t.id };
      } catch (err) {
        // Stripe refused the transfer (an account that cannot take transfers, the platform's balance too low):
        // an answer, so the payout fails with Stripe's reason. No answer at all stays thrown (the payout stays pending).
        if ((err as { type?: string }).type === 'StripeInvalidRequestError') throw new CardError((err as Error).message);
        throw err;
      }
    },
    async createConnectedAccount({ partnerId, email, businessName, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email,
          business_profile: { name: businessName },
          // Payouts only: the platform charges travellers and transfers each partner its share.
          capabilities: { transfers: { requested: true } },
          metadata: { partnerId: String(partnerId) },
        },
        { idempotencyKey },
      );
      return toAccount(account);
    },
    async createAccountLink({ account, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({ account, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },
    async retrieveConnectedAccount(id: string) {
      // (An empty id would read the platform's own account.)
      if (!id) return null;
      try {
        return toAccount(await stripe.accounts.retrieve(id));
      } catch (err) {
        // Unknown, or no longer connected to the platform.
        const e = err as { statusCode?: number; type?: string };
        if (e.statusCode === 404 || e.type === 'StripePermissionError') return null;
        throw err;
      }
    },
    async cancelIntent(id: string) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (err) {
        // Already succeeded or canceled: the webhook or the next reader deals with what it is.
        console.warn(`Could not cancel payment ${id}: ${(err as Error).message}`);
      }
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
