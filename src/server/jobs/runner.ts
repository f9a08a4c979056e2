// Runs the jobs table: a kick after each enqueue and a slow poll pick up due work, a few jobs at once; each job runs with a
// time limit shorter than its lease, so a hung SMTP server fails the attempt instead of holding the worker.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DB } from '../db/client';
import { runWithRequestId } from '../observability/log';
import { claimJob, completeJob, failJob, LEASE_MS, type Job, type JobClaim } from './queue';

/** What the runner needs of a kind: the schema its payload must pass, and what to do with it. */
export interface JobDefinition {
  schema: z.ZodType<Record<string, unknown>>;
  run: (payload: Record<string, unknown>, job: Job) => Promise<void>;
}

/** A failure that retrying cannot mend: the job goes dead at once. */
class PermanentJobError extends Error {}

export interface JobRunner {
  /** Look for due jobs now (after a transaction that enqueued one has committed). */
  kick(): void;
  /** Poll every `intervalMs` (the server does; tests drain instead). */
  start(intervalMs?: number): void;
  /**
   * Stop polling and wait for the job in hand, at most `graceMs`: a job still running then is left to its
   * lease (another server, or this one after a restart, takes it over when the lease expires).
   */
  stop(graceMs?: number): Promise<void>;
  /** Run every due job to the end (tests). Returns how many ran. */
  drain(): Promise<number>;
  /**
   * A claim for a job this server will run as soon as the transaction writing it commits (queue.ts,
   * EnqueueOptions.claim), or null when it is not polling (tests drain) or is stopping: write it queued then.
   */
  claimHere(): JobClaim | null;
  /** Runs jobs written with claimHere()'s claim, once their transaction has committed. */
  runClaimed(jobs: readonly Job[]): void;
}

const JOB_TIME_LIMIT_MS = Math.min(45_000, LEASE_MS / 2);
/** Jobs a server runs at once. `drain()` (tests) runs them one at a time, in order. */
const LANES = 4;

export function createJobRunner(db: DB, handlers: Record<string, JobDefinition>, log: Pick<Console, 'error' | 'warn'> = console, opts: { now?: () => Date } = {}): JobRunner {
  const now = opts.now ?? (() => new Date());
  const worker = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Jobs written claimed by this server and running now (runClaimed). */
  const inHand = new Set<Promise<void>>();

  /** Each job runs as the work that queued it: its lines carry that request's id (or one of its own). */
  const runOne = (job: Job): Promise<void> => runWithRequestId(job.requestId ?? `job-${job.id}`, () => runJob(job));

  async function runJob(job: Job): Promise<void> {
    const definition = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    try {
      if (!definition) throw new PermanentJobError(`no handler for job kind '${job.kind}'`);
      const payload = definition.schema.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError(`invalid payload: ${z.prettifyError(payload.error).replace(/\s*\n\s*/g, '; ')}`);
      let limit: NodeJS.Timeout | undefined;
      await Promise.race([
        definition.run(payload.data, job),
        new Promise((_, reject) => {
          limit = setTimeout(() => reject(new Error(`timed out after ${JOB_TIME_LIMIT_MS / 1000} s`)), JOB_TIME_LIMIT_MS);
          limit.unref();
        }),
      ]).finally(() => clearTimeout(limit));
      await completeJob(db, job, worker, now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const outcome = await failJob(db, job, worker, message, now(), err instanceof PermanentJobError).catch(() => 'retry' as const);
      // Without personal data: the job id and kind identify it for the admin.
      const line = `Job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`;
      if (outcome === 'dead') log.error(`${line}; giving up.`);
      else log.warn(`${line}; will retry.`);
    }
  }

  /**
   * Runs every due job, up to `lanes` at a time: a job waiting on its mail server does not hold up the others,
   * and on SQLite the lanes' claims and finishes share one commit (db/client.ts, groups). One lane looks first;
   * each job it finds opens another (up to `lanes`), so an empty queue costs one claim, not one per lane.
   */
  async function runLanes(lanes: number): Promise<number> {
    let count = 0;
    const running = new Set<Promise<void>>();
    const lane = async () => {
      while (!stopped) {
        const job = await claimJob(db, worker, now());
        if (!job) return;
        if (running.size < lanes) open();
        await runOne(job);
        count++;
      }
    };
    const open = () => {
      const run: Promise<void> = lane().finally(() => running.delete(run));
      running.add(run);
    };
    open();
    while (running.size) await Promise.all(running);
    return count;
  }

  async function runDue(lanes = 1): Promise<number> {
    let count = 0;
    do {
      again = false;
      count += await runLanes(lanes);
    } while (again && !stopped);
    return count;
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<number>((resolve) => setImmediate(() => resolve(runDue(LANES))))
      .catch((err) => {
        log.error('Job runner failed:', err instanceof Error ? err.message : err);
        return 0;
      })
      .finally(() => (running = null));
  }

  return {
    kick,
    start(intervalMs = 2000) {
      if (timer) return;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([running, ...inHand]), new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
    claimHere() {
      return timer && !stopped ? { worker, until: new Date(now().getTime() + LEASE_MS) } : null;
    },
    runClaimed(claimed) {
      for (const job of claimed) {
        if (stopped || job.lockedBy !== worker) continue; // left to its lease
        const run: Promise<void> = runOne(job)
          .catch((err: unknown) => log.error('Job runner failed:', err instanceof Error ? err.message : err))
          .finally(() => inHand.delete(run));
        inHand.add(run);
      }
    },
    async drain() {
      let total = 0;
      if (running) total += await running;
      total += await runDue();
      return total;
    },
  };
}

/** The runner of a server that runs no jobs (RUN_JOBS=0): its jobs are written queued for the servers that do. */
export const noJobRunner: JobRunner = {
  kick: () => undefined,
  start: () => undefined,
  stop: () => Promise.resolve(),
  drain: () => Promise.resolve(0),
  claimHere: () => null,
  runClaimed: () => undefined,
};
