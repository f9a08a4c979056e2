// The jobs table's operations: enqueue inside the caller's transaction, claim one due job with a lease,
// finish it, or schedule a retry with exponential backoff (dead after maxAttempts). See schema/jobs.ts.
import { and, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { bound, boundOrNull, prepared, type DB } from '../db/client';
import { jobs } from '../db/schema';
import { forUpdateSkipLocked } from '../db/dialect';
import { currentRequestId } from '../observability/log';
import type { JobKind, JobPayload } from './kinds';

export type Job = typeof jobs.$inferSelect;
type Writer = Pick<DB, 'insert'>;

/** How long a claim lasts; a worker that dies mid-job loses it after this. */
export const LEASE_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job per key is ever written (a repeat is ignored). */
  dedupeKey?: string;
  /**
   * Written already claimed by this server (JobRunner.claimHere), which runs it once the transaction commits
   * (JobRunner.runClaimed): no claim statement to find it. A server that dies first leaves it to its lease.
   */
  claim?: JobClaim | null;
}

/** A claim written with the job: the worker that runs it, and until when (the lease). */
export interface JobClaim {
  worker: string;
  until: Date;
}

/** A job to write: its kind, payload and options (see `jobOf`). */
export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  opts?: EnqueueOptions;
}

/** A job of a defined kind (./kinds.ts), typed by its payload schema, for `enqueueJobs`. */
export const jobOf = <K extends JobKind>(kind: K, payload: JobPayload<K>, opts: EnqueueOptions = {}): JobSpec => ({ kind, payload, opts });

/** Queues a job of a defined kind (./kinds.ts), typed by its payload schema, in the caller's transaction. */
export async function enqueueJob<K extends JobKind>(db: Writer, kind: K, payload: JobPayload<K>, opts: EnqueueOptions = {}): Promise<void> {
  await enqueueJobs(db, [jobOf(kind, payload, opts)]);
}

/** The row itself, for any kind name (the runner's tests use kinds of their own). */
export async function writeJob(db: Writer, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<Job[]> {
  return enqueueJobs(db, [{ kind, payload, opts }]);
}

/**
 * Writes jobs in one statement, in the caller's transaction, so they commit with the change they follow or not
 * at all (a confirmed booking's e-mail and its two reminders). A job whose dedupe key was written before is
 * skipped, the others are written. Answers the jobs written claimed (`opts.claim`), for JobRunner.runClaimed
 * once the transaction has committed.
 */
export async function enqueueJobs(db: Writer, specs: readonly JobSpec[]): Promise<Job[]> {
  if (!specs.length) return [];
  if (specs.length > PREPARED_JOB_ROWS) {
    const claimed: Job[] = [];
    for (let start = 0; start < specs.length; start += PREPARED_JOB_ROWS) claimed.push(...(await enqueueJobs(db, specs.slice(start, start + PREPARED_JOB_ROWS))));
    return claimed;
  }
  const now = new Date();
  const requestId = currentRequestId() ?? null;
  const values: Record<string, unknown> = { now };
  specs.forEach(({ kind, payload, opts = {} }, i) => {
    values[`kind${i}`] = kind;
    values[`payload${i}`] = payload;
    values[`runAt${i}`] = opts.runAt ?? now;
    values[`maxAttempts${i}`] = opts.maxAttempts ?? 8;
    values[`dedupeKey${i}`] = opts.dedupeKey ?? null;
    values[`requestId${i}`] = requestId;
    values[`status${i}`] = opts.claim ? 'running' : 'queued';
    values[`attempts${i}`] = opts.claim ? 1 : 0;
    values[`lockedBy${i}`] = opts.claim?.worker ?? null;
    values[`lockedUntil${i}`] = opts.claim?.until ?? null;
  });
  const written = await insertJobsFor(specs.length)(db).execute(values);
  return written.filter((job) => job.status === 'running');
}

// The queue's statements, built once (db/client.ts, prepared): every booking writes, claims and finishes jobs.
/** Inserts of up to this many jobs are built once per count; more are written in batches of it. */
const PREPARED_JOB_ROWS = 4;
const insertJobsQuery = (db: DB, count: number) =>
  db
    .insert(jobs)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: sql.placeholder(`kind${i}`),
        payload: sql.placeholder(`payload${i}`),
        status: sql.placeholder(`status${i}`),
        attempts: sql.placeholder(`attempts${i}`),
        lockedBy: sql.placeholder(`lockedBy${i}`),
        lockedUntil: boundOrNull(`lockedUntil${i}`, jobs.lockedUntil),
        runAt: sql.placeholder(`runAt${i}`),
        maxAttempts: sql.placeholder(`maxAttempts${i}`),
        dedupeKey: sql.placeholder(`dedupeKey${i}`),
        requestId: sql.placeholder(`requestId${i}`),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })),
    )
    .onConflictDoNothing()
    .returning()
    .prepare(`jobs_insert_${count}`);
const insertJobs = Array.from({ length: PREPARED_JOB_ROWS }, (_, i) => prepared((db) => insertJobsQuery(db, i + 1)));
const insertJobsFor = (count: number) => insertJobs[count - 1]!;

/**
 * `status = '<status>'` with the status written into the SQL, not bound: SQLite (built with STAT4, as
 * better-sqlite3 is) plans a statement again on every run when a bound value is compared with a column its
 * ORDER BY could use, which made the claim cost six times what it runs for. The statuses are our constants.
 */
const statusIs = (status: Job['status']) => sql`${jobs.status} = ${sql.raw(`'${status}'`)}`;

/**
 * The oldest job matching `due` (and, on PostgreSQL, not being claimed elsewhere this instant), as `id` and
 * `run_at`: an ordered walk of jobs_due_idx that stops at the first row it can take. Wrapped in a select of its
 * own because SQLite allows no ORDER BY or LIMIT on one member of a UNION.
 */
const oldestDue = (due: SQL, name: 'queued' | 'lease_over') =>
  sql`select * from (select ${jobs.id} as id, ${jobs.runAt} as run_at from ${jobs} where ${due} order by ${jobs.runAt}, ${jobs.id} limit 1 ${forUpdateSkipLocked()}) as ${sql.raw(name)}`;

/** The claim as built (its plan is tested: tests/integration/query-plans.test.ts); run prepared, below. */
export const claimQuery = (db: DB) => {
  const queued = and(statusIs('queued'), lte(jobs.runAt, bound('now', jobs.runAt)))!;
  const leaseOver = and(statusIs('running'), lt(jobs.lockedUntil, bound('now', jobs.lockedUntil)))!;
  // Each state is its own ordered index walk, the older of the two taken. One condition with OR made PostgreSQL
  // read the index as a bitmap, which visits the row of every entry a claim or a finish left behind since the
  // table was last vacuumed (a job's row is written again at each), and never marks them dead: 90 pages a claim
  // after 500 bookings, growing until autovacuum came. Walked in order, the first claim to meet them marks them
  // and the ones after step over them.
  const next = sql`(select id from (${oldestDue(queued, 'queued')} union all ${oldestDue(leaseOver, 'lease_over')}) as due order by run_at, id limit 1)`;
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: bound('worker', jobs.lockedBy),
      lockedUntil: bound('until', jobs.lockedUntil),
      updatedAt: bound('now', jobs.updatedAt),
    })
    .where(and(eq(jobs.id, next), or(queued, leaseOver)))
    .returning();
};
const claimNext = prepared((db) => claimQuery(db).prepare('jobs_claim'));

const finishJob = prepared((db) =>
  db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: bound('now', jobs.finishedAt), updatedAt: bound('now', jobs.updatedAt) })
    .where(and(eq(jobs.id, bound('id', jobs.id)), eq(jobs.lockedBy, bound('worker', jobs.lockedBy))))
    .prepare('jobs_finish'),
);

/**
 * Claims the next due job (queued and due, or running with an expired lease) for `worker`, in one statement:
 * the inner select picks the oldest due job (on PostgreSQL locking it and skipping jobs other servers are
 * claiming this instant, dialect.ts), and the update takes it under the same condition.
 */
export async function claimJob(db: DB, worker: string, now = new Date()): Promise<Job | undefined> {
  const [claimed] = await claimNext(db).execute({ now, worker, until: new Date(now.getTime() + LEASE_MS) });
  return claimed;
}

export async function completeJob(db: DB, job: Job, worker: string, now = new Date()): Promise<void> {
  await finishJob(db).execute({ id: job.id, worker, now });
}

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * A failed attempt: retried later, or 'dead' (kept, visible to the admin) once out of attempts, or at once when
 * retrying cannot help (`final`: a payload that fails its schema, a kind nobody handles).
 */
export async function failJob(db: DB, job: Job, worker: string, error: string, now = new Date(), final = false): Promise<'retry' | 'dead'> {
  const dead = final || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: dead ? 'dead' : 'queued',
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      runAt: dead ? job.runAt : new Date(now.getTime() + backoffMs(job.attempts)),
      finishedAt: dead ? now : null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
  return dead ? 'dead' : 'retry';
}

/** Finished jobs are kept a while for the record, then deleted. */
export async function pruneJobs(db: DB, olderThanMs = 7 * 24 * 60 * 60_000, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now - olderThanMs))))
    .returning({ id: jobs.id });
  return gone.length;
}

/**
 * What the back office shows of the queue: counts by state, and the jobs that gave up (never their payload).
 * `queued` counts the jobs due now; `scheduled` those queued for later (a reminder planned for next week).
 */
export async function jobsOverview(db: DB, now = new Date(), limit = 20) {
  const rows = await db
    .select({
      status: jobs.status,
      n: sql<number>`count(*)`.mapWith(Number),
      later: sql<number>`coalesce(sum(case when ${gt(jobs.runAt, now)} then 1 else 0 end), 0)`.mapWith(Number),
    })
    .from(jobs)
    .groupBy(jobs.status);
  const counts = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<Job['status'], number>>;
  const scheduled = rows.find((r) => r.status === 'queued')?.later ?? 0;
  const dead = await db
    .select({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError, finishedAt: jobs.finishedAt, createdAt: jobs.createdAt })
    .from(jobs)
    .where(eq(jobs.status, 'dead'))
    .orderBy(sql`${jobs.finishedAt} desc`, sql`${jobs.id} desc`)
    .limit(limit);
  return { queued: (counts.queued ?? 0) - scheduled, scheduled, running: counts.running ?? 0, dead: counts.dead ?? 0, done: counts.done ?? 0, deadJobs: dead };
}

/** Sends a dead job round again (the admin fixed the mail server, say). False when it was not dead. */
export async function retryJob(db: DB, id: number, now = new Date()): Promise<boolean> {
  const retried = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: now, lockedUntil: null, lockedBy: null, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  return retried.length > 0;
}
