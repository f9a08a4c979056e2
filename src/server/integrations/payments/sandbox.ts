// The offline payments gateway: behaves like Stripe's test mode for Stripe's public test card numbers.
// Intents live in memory; only the card's brand and last four digits are kept.
import { randomBytes } from 'node:crypto';
import type { CreateIntent, PaymentIntent, PaymentsGateway, SandboxCard } from './types';

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

export type SandboxGateway = PaymentsGateway & {
  /** Confirms an intent with a card, as Stripe.js would; returns the updated intent. */
  confirm(id: string, clientSecret: string, card: SandboxCard, now?: Date): PaymentIntent | null;
};

export function createSandboxGateway(): SandboxGateway {
  const intents = new Map<string, PaymentIntent>();
  return {
    mode: 'sandbox',
    async createIntent(input: CreateIntent) {
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const intent: PaymentIntent = {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        amount: input.amount,
        currency: input.currency,
        metadata: { ...input.metadata },
      };
      intents.set(id, intent);
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
      const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      const error = !luhnValid(number)
        ? 'Your card number is invalid.'
        : expired
          ? 'Your card has expired.'
          : !/^\d{3,4}$/.test(card.cvc)
            ? "Your card's security code is incorrect."
            : DECLINES[number];
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
