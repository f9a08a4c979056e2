// The payments gateway contract: Stripe PaymentIntents in production, a local sandbox otherwise.

export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** Whole cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The card's brand and last four digits once paid; never the number. */
  card?: { brand: string; last4: string };
  /** The decline message of the last failed attempt. */
  lastError?: string;
}

export interface CreateIntent {
  amount: number;
  currency: 'usd';
  description: string;
  receiptEmail?: string;
  metadata: Record<string, string>;
}

export interface PaymentsGateway {
  mode: 'stripe' | 'sandbox';
  createIntent(input: CreateIntent): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
}

/** The sandbox's card form posts here (Stripe mode confirms in the browser with Stripe.js instead). */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string;
}
