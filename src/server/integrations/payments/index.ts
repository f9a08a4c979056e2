// Picks the payments gateway: Stripe when STRIPE_SECRET_KEY is set, the offline sandbox otherwise.
import { traceClient } from '../../observability/tracing';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';
import type { DB } from '../../db/client';
import type { PaymentsGateway } from './types';

export { CardError, type CardPaymentMethod, type ConnectedAccount, type ChargeInput, type PaymentIntent, type PaymentsGateway, type SandboxCard } from './types';
export { createSandboxGateway, type SandboxGateway } from './sandbox';
export { createStripeGateway } from './stripe';

const GATEWAY_CALLS = [
  'createIntent',
  'retrieveIntent',
  'cancelIntent',
  'charge',
  'refund',
  'findCharge',
  'createCustomer',
  'retrievePaymentMethod',
  'attachPaymentMethod',
  'detachPaymentMethod',
  'transfer',
  'createConnectedAccount',
  'createAccountLink',
  'retrieveConnectedAccount',
] as const;

export function createPaymentsGateway(env: { STRIPE_SECRET_KEY?: string; STRIPE_API_URL?: string }, db: DB): PaymentsGateway {
  return traceClient(env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox-payments', gatewayFor(env, db), GATEWAY_CALLS);
}

function gatewayFor(env: { STRIPE_SECRET_KEY?: string; STRIPE_API_URL?: string }, db: DB): PaymentsGateway {
  if (!env.STRIPE_SECRET_KEY) return createSandboxGateway(db);
  // STRIPE_API_URL points the SDK at a Stripe-compatible server (stripe-mock, or a test fake).
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return createStripeGateway({
    secretKey: env.STRIPE_SECRET_KEY,
    ...(api ? { host: api.hostname, port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}
