// Periodic work as jobs. Each server looks every few seconds; for every task whose next run is due (its
// `scheduled_tasks` row) it queues one job `periodic.<name>` (kinds.ts) with the dedupe key `<name>:<due time>`,
// then moves the task's next run on. Servers that find the same run due at once queue the same key, and the
// jobs table keeps one (its unique index), so each due run happens once across servers; the job runner then
// runs it like any other job: a lease, retries with backoff, dead after its attempts, in the back office's
// jobs view. Both writes are idempotent, so a server dying between them leaves nothing wrong: the next look
// (here or elsewhere) queues nothing new and moves the schedule on. See schema/jobs.ts.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { DB } from '../db/client';
import { scheduledTasks } from '../db/schema';
import { runWithRequestId } from '../observability/log';
import { periodicKind, type PeriodicTaskName } from './kinds';
import { enqueueJob } from './queue';
import type { JobRunner } from './runner';

export interface PeriodicTask {
  everyMs: number;
  /** Attempts of one run before its job is dead (default 3: a task that runs often is soon due again anyway). */
  attempts?: number;
  /** The work; it runs as the job `periodic.<name>` (handlers.ts). */
  run: () => Promise<unknown>;
}

/** What the scheduler needs of a task: how often, and how many attempts a run gets. */
export type PeriodicSchedule = Pick<PeriodicTask, 'everyMs' | 'attempts'>;

export interface Scheduler {
  start(): void;
  /** Queues every due run once (tests; the timer calls it too). Returns the names whose schedule this server moved on. */
  tick(): Promise<PeriodicTaskName[]>;
  /** Stops looking and waits for a look in progress. Runs already queued are the job runner's. */
  stop(): Promise<void>;
}

const DEFAULT_ATTEMPTS = 3;

/** The first run after `at`, keeping the task's rhythm (runs missed while no server was up are skipped, not queued). */
export function nextRunAfter(due: Date, at: Date, everyMs: number): Date {
  const missed = Math.max(0, Math.floor((at.getTime() - due.getTime()) / everyMs));
  return new Date(due.getTime() + (missed + 1) * everyMs);
}

export function createScheduler(
  db: DB,
  tasks: Partial<Record<PeriodicTaskName, PeriodicSchedule>>,
  opts: { pollMs?: number; log?: Pick<Console, 'error'>; now?: () => Date; jobs?: Pick<JobRunner, 'kick'> } = {},
): Scheduler {
  const log = opts.log ?? console;
  const now = opts.now ?? (() => new Date());
  const names = Object.keys(tasks) as PeriodicTaskName[];
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<PeriodicTaskName[]> | null = null;
  let stopped = false;
  let registered: Promise<void> | null = null;

  // Each task's row exists once (due at once on a fresh database); a server never overwrites another's schedule.
  const register = () =>
    (registered ??= db
      .insert(scheduledTasks)
      .values(names.map((name) => ({ name, nextRunAt: now() })))
      .onConflictDoNothing()
      .then(() => undefined));

  /** Queues the run due at `due` (once, whoever else queues it too), then moves the schedule past `at`. */
  async function queueRun(name: PeriodicTaskName, task: PeriodicSchedule, due: Date, at: Date): Promise<boolean> {
    const dueIso = due.toISOString();
    // The job carries an id of its own, on its lines and on the jobs it queues.
    await runWithRequestId(`task-${name}-${randomUUID().slice(0, 8)}`, () =>
      enqueueJob(db, periodicKind(name), { due: dueIso }, { dedupeKey: `${name}:${dueIso}`, maxAttempts: task.attempts ?? DEFAULT_ATTEMPTS, runAt: at }),
    );
    // Only ever forward: a server that read the row before another moved it on changes nothing.
    const next = nextRunAfter(due, at, task.everyMs);
    const moved = await db
      .update(scheduledTasks)
      .set({ nextRunAt: next })
      .where(and(eq(scheduledTasks.name, name), lt(scheduledTasks.nextRunAt, next)))
      .returning({ name: scheduledTasks.name });
    return moved.length > 0;
  }

  async function tickOnce(): Promise<PeriodicTaskName[]> {
    if (!names.length) return [];
    await register();
    const at = now();
    const due = await db
      .select({ name: scheduledTasks.name, nextRunAt: scheduledTasks.nextRunAt })
      .from(scheduledTasks)
      .where(and(inArray(scheduledTasks.name, names), lte(scheduledTasks.nextRunAt, at)))
      .orderBy(scheduledTasks.name);
    const moved: PeriodicTaskName[] = [];
    for (const row of due) {
      if (stopped) break;
      const name = row.name as PeriodicTaskName;
      if (await queueRun(name, tasks[name]!, row.nextRunAt, at)) moved.push(name);
    }
    if (due.length) opts.jobs?.kick();
    return moved;
  }

  function tick(): Promise<PeriodicTaskName[]> {
    ticking ??= tickOnce()
      .catch((err) => {
        log.error('Scheduler tick failed:', err instanceof Error ? err.message : err);
        return [];
      })
      .finally(() => (ticking = null));
    return ticking;
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), opts.pollMs ?? 5_000);
      timer.unref();
      void tick();
    },
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}
