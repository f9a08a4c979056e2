// Durable background work: jobs written in the same transaction as the change they follow (transactional
// outbox), claimed with a lease, retried with backoff, kept as 'dead' after too many failures.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './_columns';

export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;

export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    /** What to do, e.g. 'mail.booking-confirmation' (src/server/jobs/handlers.ts). */
    kind: text('kind').notNull(),
    /** JSON arguments of the handler. Never a secret: token-bearing mails mint their token when they run. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** Not before this time (backoff after a failure). */
    runAt: timestamp('run_at').notNull(),
    /** While running: the claim expires at this time, and another worker may take the job over. */
    lockedUntil: timestamp('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one live job per key (e.g. one confirmation e-mail per booking). */
    dedupeKey: text('dedupe_key'),
    finishedAt: timestamp('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_unique').on(t.dedupeKey), index('jobs_finished_idx').on(t.finishedAt)],
);
