// The offline sandbox gateway's own records (what Stripe keeps on its side): payment intents and refunds,
// in the database so a restart or a second server sees them. Only a card's brand and last four are kept.
import { k } from './_kit';
import { createdAt, timestamp } from './_columns';

export const sandboxIntents = k.table(
  'sandbox_intents',
  {
    id: k.text('id').primaryKey(),
    clientSecret: k.text('client_secret').notNull(),
    status: k.text('status').notNull(),
    /** Whole cents. */
    amount: k.integer('amount').notNull(),
    currency: k.text('currency').notNull().default('usd'),
    metadata: k.json<Record<string, string>>('metadata').notNull(),
    cardBrand: k.text('card_brand'),
    cardLast4: k.text('card_last4'),
    lastError: k.text('last_error'),
    /** A charge repeated with the same key returns this intent instead of charging again. */
    idempotencyKey: k.text('idempotency_key'),
    canceledAt: timestamp('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [k.uniqueIndex('sandbox_intents_idempotency_unique').on(t.idempotencyKey)],
);

export const sandboxRefunds = k.table(
  'sandbox_refunds',
  {
    id: k.text('id').primaryKey(),
    paymentIntentId: k.text('payment_intent_id').notNull(),
    /** Whole cents. */
    amount: k.integer('amount').notNull(),
    idempotencyKey: k.text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey), k.index('sandbox_refunds_intent_idx').on(t.paymentIntentId)],
);
