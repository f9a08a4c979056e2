// Durable background work: jobs written in the same transaction as the change they follow (transactional
// outbox), claimed with a lease, retried with backoff, kept as 'dead' after too many failures.
import { sql } from 'drizzle-orm';
import { k } from './_kit';
import { createdAt, id, timestamp, updatedAt } from './_columns';

export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;

export const jobs = k.table(
  'jobs',
  {
    id: id(),
    /** What to do, e.g. 'mail.booking-confirmation' (src/server/jobs/handlers.ts). */
    kind: k.text('kind').notNull(),
    /** JSON arguments of the handler. Never a secret: token-bearing mails mint their token when they run. */
    payload: k.json<Record<string, unknown>>('payload').notNull(),
    status: k.text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: k.integer('attempts').notNull().default(0),
    maxAttempts: k.integer('max_attempts').notNull().default(8),
    /** Not before this time (backoff after a failure). */
    runAt: timestamp('run_at').notNull(),
    /** While running: the claim expires at this time, and another worker may take the job over. */
    lockedUntil: timestamp('locked_until'),
    lockedBy: k.text('locked_by'),
    lastError: k.text('last_error'),
    /** At most one live job per key (e.g. one confirmation e-mail per booking). */
    dedupeKey: k.text('dedupe_key'),
    finishedAt: timestamp('finished_at'),
    /** The id of the request (or job, or periodic run) that queued it: its log lines carry it too. */
    requestId: k.text('request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    k.index('jobs_due_idx').on(t.status, t.runAt),
    k.uniqueIndex('jobs_dedupe_unique').on(t.dedupeKey),
    // Finished jobs only, for pruning them by age: a job is queued without an entry in it.
    k
      .index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`"finished_at" is not null`),
  ],
);

/**
 * The schedule of periodic work (the blog scheduler, settling expired holds, pruning): one row per task. A server
 * that finds a task due queues the run as a job `periodic.<name>` deduplicated by name and due time, so each due
 * run is one job across servers, then moves nextRunAt on (src/server/jobs/scheduler.ts). How a run went is its
 * job's row.
 */
export const scheduledTasks = k.table('scheduled_tasks', {
  name: k.text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at').notNull(),
  /** The four columns below are from when runs happened inline under a lock; nothing writes them now. */
  lockedBy: k.text('locked_by'),
  lockedUntil: timestamp('locked_until'),
  lastRunAt: timestamp('last_run_at'),
  lastError: k.text('last_error'),
});
