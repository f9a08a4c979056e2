// The one card form's schema and words: a typed card (the sandbox gateway's stand-in for Stripe's field) at
// checkout, a change of dates, the $0.99 detail fee and a saved card. Field names are the booking API's
// (spec section 7: cardNumber, expirationDate, cvv, billingZip); the traveller reads them as the labels below.
import { z } from './zod';

export const CARD_LABELS = { cardNumber: 'Card number', expirationDate: 'Expiry', cvv: 'CVC', billingZip: 'ZIP' } as const;
export type TCardField = keyof typeof CARD_LABELS;
export const CARD_FIELDS = Object.keys(CARD_LABELS) as TCardField[];

export const CARD_MESSAGES = {
  cardNumber: 'Please enter a valid card number',
  expirationDate: 'Expiry must look like MM/YY',
  cvv: 'Please enter the 3 or 4 digit security code',
  billingZip: 'Please enter a valid 5-digit ZIP code',
} as const;

const required = (field: TCardField) => `${CARD_LABELS[field]} is required`;
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

const text = (field: TCardField) =>
  z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field))
    .max(40, `${CARD_LABELS[field]} is too long`);

/** A typed card, each field checked on its own so a form can mark every wrong field at once. */
export const ZCardDetails = z.object({
  cardNumber: text('cardNumber')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, CARD_MESSAGES.cardNumber)),
  // Whether the card is still valid is the bank's answer (a decline at the card), as with Stripe.
  expirationDate: text('expirationDate').regex(EXPIRY, CARD_MESSAGES.expirationDate),
  cvv: text('cvv').regex(/^\d{3,4}$/, CARD_MESSAGES.cvv),
  billingZip: text('billingZip').regex(/^\d{5}(-\d{4})?$/, CARD_MESSAGES.billingZip),
});
export type TCardDetails = z.input<typeof ZCardDetails>;
export type TCardParsed = z.output<typeof ZCardDetails>;

export const EMPTY_CARD: Record<TCardField, string> = { cardNumber: '', expirationDate: '', cvv: '', billingZip: '' };

/** The sandbox endpoints' older field names (expiry, cvc, postalCode), read as the form's. */
function withCardAliases(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { expiry, cvc, postalCode, ...rest } = input as Record<string, unknown>;
  return { expirationDate: expiry, cvv: cvc, billingZip: postalCode, ...rest };
}

/** A checked card as the payment gateways take it (digits only, the expiry as numbers). */
export function gatewayCard(card: { cardNumber: string; expirationDate: string; cvv: string; billingZip?: string }) {
  const [mm, yy] = card.expirationDate.split('/').map((p) => Number(p.trim()));
  return { number: card.cardNumber.replace(/\D/g, ''), expMonth: mm!, expYear: 2000 + yy!, cvc: card.cvv.trim(), postalCode: card.billingZip?.trim() || undefined };
}

/** The sandbox endpoints' card fields (ZIP optional there: a saved card's ZIP is its billing address's). */
export const ZSandboxCardFields = ZCardDetails.extend({ billingZip: ZCardDetails.shape.billingZip.optional() });

/**
 * A sandbox endpoint's input that also reads the older names (expiry, cvc, postalCode) sent by existing
 * clients. Typed as the schema itself: our own client sends the form's names.
 */
export function acceptingCardAliases<T extends z.ZodType>(schema: T): T {
  return z.preprocess(withCardAliases, schema) as unknown as T;
}
