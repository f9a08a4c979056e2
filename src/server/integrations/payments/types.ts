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

/** A one-step charge: create and confirm a payment for a booking. */
export interface ChargeInput {
  /** Whole cents. */
  amount: number;
  description: string;
  receiptEmail?: string;
  metadata: Record<string, string>;
  /** A card typed into the sandbox card form (sandbox only; the number is never kept). */
  card?: SandboxCard;
  /** A saved card, or one Stripe.js created from the Payment Element. */
  paymentMethodId?: string;
  customerId?: string;
  /** The cardholder is not there (a late check-out charged to the card on file): a bank's check declines instead of waiting. */
  offSession?: boolean;
  /** Repeats with the same key return the first charge instead of charging again. */
  idempotencyKey?: string;
}

export interface Refund {
  id: string;
  /** Whole cents. */
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
}

/** A card as a payment method: brand, last four and expiry only. */
export interface CardPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customerId: string | null;
}

/** A partner's Stripe Connect (Express) account, as Stripe last described it. */
export interface ConnectedAccount {
  id: string;
  /** Its owner finished Stripe's onboarding form (more may still be asked later). */
  detailsSubmitted: boolean;
  /** Stripe accepts transfers to it and pays them out to its bank: what a payout needs. */
  payoutsEnabled: boolean;
}

export interface PaymentsGateway {
  mode: 'stripe' | 'sandbox';
  createIntent(input: CreateIntent): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Cancels a payment that will not be completed (a hold released while its bank's check was open); best effort. */
  cancelIntent(id: string): Promise<void>;
  /** Charges now. A decline is not thrown: the intent comes back with status 'requires_payment_method' and lastError. */
  charge(input: ChargeInput): Promise<PaymentIntent>;
  refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string }): Promise<Refund>;
  /**
   * The charge made with this idempotency key (for this booking), or null when there is none: how an abandoned
   * checkout (or change of dates) is settled after a crash. Stripe looks it up by the booking id (or the
   * change id) in the intent's metadata.
   */
  findCharge(input: { idempotencyKey: string; bookingId: number; changeId?: number }): Promise<PaymentIntent | null>;
  /** The customer that saved cards are attached to (created once per user). */
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  retrievePaymentMethod(id: string): Promise<CardPaymentMethod | null>;
  attachPaymentMethod(id: string, customerId: string): Promise<CardPaymentMethod>;
  detachPaymentMethod(id: string): Promise<void>;
  /**
   * Pays a partner (a payout): a Stripe Connect transfer to its connected account, or recorded by the sandbox.
   * The same idempotency key pays once. No account to pay (Stripe mode): a CardError with the reason.
   */
  transfer(input: { amount: number; destination: string | null; idempotencyKey: string; description: string }): Promise<{ id: string }>;
  /**
   * A Stripe Connect Express account for a partner, able to receive transfers (Stripe only: the sandbox never
   * onboards). Asked twice with the same idempotency key (two clicks at once), one account is made.
   */
  createConnectedAccount(input: { partnerId: number; email: string; businessName: string; idempotencyKey: string }): Promise<ConnectedAccount>;
  /** A single-use link to Stripe's hosted onboarding of `account` (it expires within minutes; Stripe only). */
  createAccountLink(input: { account: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: Date }>;
  /** The account as Stripe describes it now, or null when there is none (always null in the sandbox). */
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount | null>;
}

/** A decline or invalid card, carrying the card issuer's message (HTTP 402 for callers). */
export class CardError extends Error {}

/** The sandbox's card form posts here (Stripe mode confirms in the browser with Stripe.js instead). */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string;
}
