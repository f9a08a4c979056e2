// The offline payments gateway: behaves like Stripe's test mode for Stripe's public test card numbers.
// Intents live in memory; only the card's brand and last four digits are kept. Sandbox payment methods are
// stateless: their id carries brand, last four and expiry, so saved cards survive a restart.
import { randomBytes } from 'node:crypto';
import { CardError, type CardPaymentMethod, type ChargeInput, type CreateIntent, type PaymentIntent, type PaymentsGateway, type SandboxCard } from './types';

/** Stripe's documented test numbers and what they do. Any other valid number succeeds. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** The decline a saved test card gets, by its last four digits (the number itself is never kept). */
const DECLINES_BY_LAST4: Record<string, string> = Object.fromEntries(Object.entries(DECLINES).map(([n, m]) => [n.slice(-4), m]));

/** Why a card would be refused, or undefined when it would be charged. */
function cardProblem(card: SandboxCard, now: Date): string | undefined {
  const number = card.number.replace(/\D/g, '');
  const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (!luhnValid(number)) return 'Your card number is invalid.';
  if (expired) return 'Your card has expired.';
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incorrect.";
  return DECLINES[number];
}

const PM_PATTERN = /^pm_sandbox_([a-z]+)_(\d{4})_(\d{2})(\d{2})_([0-9a-f]+)$/;

function parsePaymentMethod(id: string): CardPaymentMethod | null {
  const m = PM_PATTERN.exec(id);
  if (!m) return null;
  return { id, brand: m[1]!, last4: m[2]!, expMonth: Number(m[3]), expYear: 2000 + Number(m[4]), customerId: null };
}

export type SandboxGateway = PaymentsGateway & {
  /** Confirms an intent with a card, as Stripe.js would; returns the updated intent. */
  confirm(id: string, clientSecret: string, card: SandboxCard, now?: Date): PaymentIntent | null;
  /** Turns a test card into a payment method id, as Stripe.js does; throws CardError for an invalid card. */
  createPaymentMethod(card: SandboxCard, now?: Date): CardPaymentMethod;
  /** Refunds issued, for tests and reconciliation. */
  refunds: Map<string, { paymentIntentId: string; amount: number }>;
};

export function createSandboxGateway(): SandboxGateway {
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, PaymentIntent>(); // by idempotency key
  const refunds = new Map<string, { paymentIntentId: string; amount: number }>();
  const refundKeys = new Map<string, string>();
  const newIntent = (input: CreateIntent | ChargeInput): PaymentIntent => {
    const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
    return {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amount: input.amount,
      currency: 'usd',
      metadata: { ...input.metadata },
    };
  };
  return {
    refunds,
    async charge(input: ChargeInput) {
      if (input.idempotencyKey && charges.has(input.idempotencyKey)) return { ...charges.get(input.idempotencyKey)! };
      const intent = newIntent(input);
      const now = new Date();
      if (input.card) {
        const number = input.card.number.replace(/\D/g, '');
        const error = cardProblem(input.card, now);
        if (error) intent.lastError = error;
        else {
          intent.status = 'succeeded';
          intent.card = { brand: cardBrand(number), last4: number.slice(-4) };
        }
      } else if (input.paymentMethodId) {
        const pm = parsePaymentMethod(input.paymentMethodId);
        const expired = pm && (pm.expYear < now.getUTCFullYear() || (pm.expYear === now.getUTCFullYear() && pm.expMonth < now.getUTCMonth() + 1));
        const error = !pm ? 'This card is no longer available. Please enter it again.' : expired ? 'Your card has expired.' : DECLINES_BY_LAST4[pm.last4];
        if (error) intent.lastError = error;
        else {
          intent.status = 'succeeded';
          intent.card = { brand: pm!.brand, last4: pm!.last4 };
        }
      } else intent.lastError = 'A card is required.';
      intents.set(intent.id, intent);
      if (input.idempotencyKey) charges.set(input.idempotencyKey, intent);
      return { ...intent };
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const seen = refundKeys.get(idempotencyKey);
      if (seen) return { id: seen, amount: refunds.get(seen)!.amount, status: 'succeeded' as const };
      const intent = intents.get(paymentIntentId);
      // Intents of an earlier run are gone from memory; the sandbox refunds them anyway.
      if (intent && intent.status !== 'succeeded') throw new CardError('This payment was not completed, so there is nothing to refund.');
      const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
      refunds.set(id, { paymentIntentId, amount });
      refundKeys.set(idempotencyKey, id);
      return { id, amount, status: 'succeeded' as const };
    },
    async createCustomer() {
      return `cus_sandbox_${randomBytes(10).toString('hex')}`;
    },
    async retrievePaymentMethod(id: string) {
      return parsePaymentMethod(id);
    },
    async attachPaymentMethod(id: string, customerId: string) {
      const pm = parsePaymentMethod(id);
      if (!pm) throw new CardError('This card could not be found. Please enter it again.');
      return { ...pm, customerId };
    },
    async detachPaymentMethod() {},
    createPaymentMethod(card, now = new Date()) {
      const number = card.number.replace(/\D/g, '');
      const problem = cardProblem(card, now);
      // Declining test cards can be saved (as with Stripe); they fail when charged.
      if (problem && !DECLINES[number]) throw new CardError(problem);
      const mm = String(card.expMonth).padStart(2, '0');
      const yy = String(card.expYear % 100).padStart(2, '0');
      return parsePaymentMethod(`pm_sandbox_${cardBrand(number)}_${number.slice(-4)}_${mm}${yy}_${randomBytes(8).toString('hex')}`)!;
    },
    mode: 'sandbox',
    async createIntent(input: CreateIntent) {
      const intent = newIntent(input);
      intents.set(intent.id, intent);
      return { ...intent };
    },
    async retrieveIntent(id: string) {
      const intent = intents.get(id);
      return intent ? { ...intent } : null;
    },
    confirm(id, clientSecret, card, now = new Date()) {
      const intent = intents.get(id);
      if (!intent || intent.clientSecret !== clientSecret) return null;
      if (intent.status === 'succeeded') return { ...intent };
      const number = card.number.replace(/\D/g, '');
      const error = cardProblem(card, now);
      if (error) {
        intent.status = 'requires_payment_method';
        intent.lastError = error;
      } else {
        intent.status = 'succeeded';
        intent.lastError = undefined;
        intent.card = { brand: cardBrand(number), last4: number.slice(-4) };
      }
      return { ...intent };
    },
  };
}
