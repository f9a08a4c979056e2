// The offline payments gateway: behaves like Stripe's test mode for Stripe's public test card numbers.
// Intents and refunds live in the database (as Stripe keeps them on its side), so a restart or another
// server sees them; only the card's brand and last four digits are kept. Sandbox payment methods are
// stateless: their id carries brand, last four and expiry, so saved cards survive a restart.
import { createHash } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { sandboxIntents, sandboxRefunds } from '../../db/schema';
import { randomHex } from '../../random';
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
  confirm(id: string, clientSecret: string, card: SandboxCard, now?: Date): Promise<PaymentIntent | null>;
  /** Turns a test card into a payment method id, as Stripe.js does; throws CardError for an invalid card. */
  createPaymentMethod(card: SandboxCard, now?: Date): CardPaymentMethod;
  /** Refunds issued (whole cents), for tests and reconciliation. */
  listRefunds(): Promise<{ id: string; paymentIntentId: string; amount: number }[]>;
};

type IntentRow = typeof sandboxIntents.$inferSelect;

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntent['status'],
    amount: row.amount,
    currency: row.currency,
    metadata: { ...row.metadata },
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : undefined,
    lastError: row.lastError ?? undefined,
  };
}

/** What paying with a card or a payment method leads to: the card's brand and last four, or the decline. */
function outcome(input: { card?: SandboxCard; paymentMethodId?: string }, now: Date): { card?: { brand: string; last4: string }; error?: string } {
  if (input.card) {
    const number = input.card.number.replace(/\D/g, '');
    const error = cardProblem(input.card, now);
    return error ? { error } : { card: { brand: cardBrand(number), last4: number.slice(-4) } };
  }
  if (input.paymentMethodId) {
    const pm = parsePaymentMethod(input.paymentMethodId);
    const expired = pm && (pm.expYear < now.getUTCFullYear() || (pm.expYear === now.getUTCFullYear() && pm.expMonth < now.getUTCMonth() + 1));
    const error = !pm ? 'This card is no longer available. Please enter it again.' : expired ? 'Your card has expired.' : DECLINES_BY_LAST4[pm.last4];
    return error ? { error } : { card: { brand: pm!.brand, last4: pm!.last4 } };
  }
  return { error: 'A card is required.' };
}

export function createSandboxGateway(db: DB): SandboxGateway {
  // The time first (milliseconds, base 36, 9 characters until the year 5188), then random: a new intent's or
  // refund's id sorts after the ones before it, so its key goes to the end of the table's index (and of
  // booking_payments' unique index on it) instead of to a page of its own somewhere in it: 1.7 of the 17 pages a
  // booking writes to the log.
  const newId = (prefix: string) => `${prefix}_sandbox_${Date.now().toString(36).padStart(9, '0')}${randomHex(8)}`;
  const read = async (id: string) => (await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)))[0];
  const byKey = async (idempotencyKey: string) => (await db.select().from(sandboxIntents).where(eq(sandboxIntents.idempotencyKey, idempotencyKey)))[0];
  // Every charge writes its intent: built once (the SQL names every column).
  const insertQuery = db
    .insert(sandboxIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      status: sql.placeholder('status'),
      amount: sql.placeholder('amount'),
      metadata: sql.placeholder('metadata'),
      cardBrand: sql.placeholder('cardBrand'),
      cardLast4: sql.placeholder('cardLast4'),
      lastError: sql.placeholder('lastError'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      createdAt: sql.placeholder('now'),
    })
    // A concurrent charge with the same key: the first one written is the charge.
    .onConflictDoNothing()
    .returning()
    .prepare('sandbox_intent_insert');
  const insertIntent = async (input: CreateIntent | ChargeInput, paid: { card?: { brand: string; last4: string }; error?: string } | null) => {
    const id = newId('pi');
    const [row] = await insertQuery.execute({
      id,
      clientSecret: `${id}_secret_${randomHex(12)}`,
      status: paid?.card ? 'succeeded' : 'requires_payment_method',
      amount: input.amount,
      metadata: { ...input.metadata },
      cardBrand: paid?.card?.brand ?? null,
      cardLast4: paid?.card?.last4 ?? null,
      lastError: paid?.error ?? null,
      idempotencyKey: 'idempotencyKey' in input ? (input.idempotencyKey ?? null) : null,
      now: new Date(),
    });
    return row;
  };
  return {
    mode: 'sandbox',
    async charge(input: ChargeInput) {
      // Written first; a key seen before conflicts, and its first charge is the answer (no second charge).
      const row = (await insertIntent(input, outcome(input, new Date()))) ?? (await byKey(input.idempotencyKey!));
      return toIntent(row!);
    },
    async findCharge({ idempotencyKey }) {
      const row = await byKey(idempotencyKey);
      return row ? toIntent(row) : null;
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const refundByKey = async () => (await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)))[0];
      const seen = await refundByKey();
      if (seen) return { id: seen.id, amount: seen.amount, status: 'succeeded' as const };
      const intent = await read(paymentIntentId);
      if (intent && intent.status !== 'succeeded') throw new CardError('This payment was not completed, so there is nothing to refund.');
      // Insert-or-nothing by key: the same refund asked twice at once (two servers) is made once.
      const [row] = await db
        .insert(sandboxRefunds)
        .values({ id: newId('re'), paymentIntentId, amount, idempotencyKey })
        .onConflictDoNothing()
        .returning();
      const refund = row ?? (await refundByKey())!;
      return { id: refund.id, amount: refund.amount, status: 'succeeded' as const };
    },
    async listRefunds() {
      return db
        .select({ id: sandboxRefunds.id, paymentIntentId: sandboxRefunds.paymentIntentId, amount: sandboxRefunds.amount })
        .from(sandboxRefunds)
        .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
    },
    async createCustomer() {
      return `cus_sandbox_${randomHex(10)}`;
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
    // Sandbox payments never wait for a bank's check: nothing is left open to cancel.
    async cancelIntent() {},
    // A payout is recorded, not sent: its id is its key's, so the same key is the same transfer.
    async transfer({ idempotencyKey }) {
      return { id: `tr_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
    // Stripe Connect only: the sandbox records payouts without an account, so there is nothing to onboard.
    async createConnectedAccount() {
      throw new Error('The sandbox gateway has no Stripe accounts to onboard (set STRIPE_SECRET_KEY for Stripe Connect).');
    },
    async createAccountLink() {
      throw new Error('The sandbox gateway has no Stripe accounts to onboard (set STRIPE_SECRET_KEY for Stripe Connect).');
    },
    async retrieveConnectedAccount() {
      return null;
    },
    createPaymentMethod(card, now = new Date()) {
      const number = card.number.replace(/\D/g, '');
      const problem = cardProblem(card, now);
      // Declining test cards can be saved (as with Stripe); they fail when charged.
      if (problem && !DECLINES[number]) throw new CardError(problem);
      const mm = String(card.expMonth).padStart(2, '0');
      const yy = String(card.expYear % 100).padStart(2, '0');
      return parsePaymentMethod(`pm_sandbox_${cardBrand(number)}_${number.slice(-4)}_${mm}${yy}_${randomHex(8)}`)!;
    },
    async createIntent(input: CreateIntent) {
      return toIntent((await insertIntent(input, null))!);
    },
    async retrieveIntent(id: string) {
      const row = await read(id);
      return row ? toIntent(row) : null;
    },
    async confirm(id, clientSecret, card, now = new Date()) {
      const row = await read(id);
      if (!row || row.clientSecret !== clientSecret) return null;
      if (row.status === 'succeeded') return toIntent(row);
      const paid = outcome({ card }, now);
      // Never over a success: of two confirmations at once, a paid one stays paid.
      const [updated] = await db
        .update(sandboxIntents)
        .set(
          paid.card
            ? { status: 'succeeded', lastError: null, cardBrand: paid.card.brand, cardLast4: paid.card.last4 }
            : { status: 'requires_payment_method', lastError: paid.error },
        )
        .where(and(eq(sandboxIntents.id, id), ne(sandboxIntents.status, 'succeeded')))
        .returning();
      return toIntent(updated ?? (await read(id))!);
    },
  };
}
