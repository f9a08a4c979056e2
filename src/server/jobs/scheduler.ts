// Periodic work run once per due time across every server: each server looks every few seconds, and runs a
// task only after claiming its due run with one conditional update on its `scheduled_tasks` row (the next
// run moves on and the lock is taken in the same statement, so exactly one server wins). A server that dies
// mid-run holds the lock until it expires; the next due run goes ahead then. See schema/jobs.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { DB } from '../db/client';
import { scheduledTasks } from '../db/schema';
import { runWithRequestId } from '../observability/log';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** How long a run may take before another server may start the next one (default: everyMs, at most 10 min). */
  leaseMs?: number;
  run: () => Promise<unknown>;
}

export interface Scheduler {
  start(): void;
  /** Runs every due task once (tests; the timer calls it too). Returns the names that ran here. */
  tick(): Promise<string[]>;
  /** Stops looking, waits for a run in progress, and releases this server's locks. */
  stop(): Promise<void>;
  readonly holder: string;
}

const leaseOf = (task: PeriodicTask) => task.leaseMs ?? Math.min(task.everyMs, 10 * 60_000);

export function createScheduler(
  db: DB,
  tasks: PeriodicTask[],
  opts: { pollMs?: number; log?: Pick<Console, 'error'>; now?: () => Date } = {},
): Scheduler {
  const holder = `s-${process.pid}-${randomBytes(4).toString('hex')}`;
  const log = opts.log ?? console;
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<string[]> | null = null;
  let stopped = false;
  let registered: Promise<void> | null = null;

  // Each task's row exists once (due at once on a fresh database); a server never overwrites another's schedule.
  const register = () =>
    (registered ??= db
      .insert(scheduledTasks)
      .values(tasks.map((t) => ({ name: t.name, nextRunAt: now() })))
      .onConflictDoNothing()
      .then(() => undefined));

  async function claim(task: PeriodicTask, at: Date): Promise<boolean> {
    const [won] = await db
      .update(scheduledTasks)
      .set({ nextRunAt: new Date(at.getTime() + task.everyMs), lockedBy: holder, lockedUntil: new Date(at.getTime() + leaseOf(task)) })
      .where(and(eq(scheduledTasks.name, task.name), lte(scheduledTasks.nextRunAt, at), or(isNull(scheduledTasks.lockedUntil), lte(scheduledTasks.lockedUntil, at))))
      .returning({ name: scheduledTasks.name });
    return Boolean(won);
  }

  async function finish(task: PeriodicTask, error: string | null) {
    await db
      .update(scheduledTasks)
      .set({ lockedBy: null, lockedUntil: null, lastRunAt: now(), lastError: error })
      .where(and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.lockedBy, holder)));
  }

  async function tickOnce(): Promise<string[]> {
    await register();
    const ran: string[] = [];
    for (const task of tasks) {
      if (stopped) break;
      if (!(await claim(task, now()))) continue;
      try {
        await runWithRequestId(`task-${task.name}-${randomUUID().slice(0, 8)}`, () => task.run());
        await finish(task, null);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.error(`Periodic task ${task.name} failed: ${message}`);
        await finish(task, message.slice(0, 1000)).catch(() => undefined);
      }
      ran.push(task.name);
    }
    return ran;
  }

  function tick(): Promise<string[]> {
    ticking ??= tickOnce()
      .catch((err) => {
        log.error('Scheduler tick failed:', err instanceof Error ? err.message : err);
        return [];
      })
      .finally(() => (ticking = null));
    return ticking;
  }

  return {
    holder,
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
      await db
        .update(scheduledTasks)
        .set({ lockedBy: null, lockedUntil: null })
        .where(eq(scheduledTasks.lockedBy, holder))
        .catch(() => undefined);
    },
  };
}
