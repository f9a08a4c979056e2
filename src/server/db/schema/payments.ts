// The offline sandbox gateway's own records (what Stripe keeps on its side): payment intents and refunds,
// in the database so a restart or a second server sees them. Only a card's brand and last four are kept.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './_columns';

export const sandboxIntents = sqliteTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    status: text('status').notNull(),
    /** Whole cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    /** A charge repeated with the same key returns this intent instead of charging again. */
    idempotencyKey: text('idempotency_key'),
    canceledAt: timestamp('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_intents_idempotency_unique').on(t.idempotencyKey)],
);

export const sandboxRefunds = sqliteTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** Whole cents. */
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey), index('sandbox_refunds_intent_idx').on(t.paymentIntentId)],
);
