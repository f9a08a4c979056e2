// Picks the payments gateway: Stripe when STRIPE_SECRET_KEY is set, the offline sandbox otherwise.
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';
import type { PaymentsGateway } from './types';

export { CardError, type CardPaymentMethod, type PaymentIntent, type PaymentsGateway, type SandboxCard } from './types';
export { createSandboxGateway, type SandboxGateway } from './sandbox';
export { createStripeGateway } from './stripe';

export function createPaymentsGateway(env: { STRIPE_SECRET_KEY?: string }): PaymentsGateway {
  return env.STRIPE_SECRET_KEY ? createStripeGateway({ secretKey: env.STRIPE_SECRET_KEY }) : createSandboxGateway();
}
