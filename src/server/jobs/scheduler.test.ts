// Periodic work on a throwaway database of this run's engine, on a clock the test moves: servers ticking at once
// queue each due run as one job; the next run waits its interval; a run that fails is retried and ends dead like
// any job, in the back office's view; a real task runs through the job handlers.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestDb } from '../../../tests/support/test-app';
import type { DB } from '../db/client';
import { jobs, scheduledTasks, userSessions, users } from '../db/schema';
import { jobHandlers } from './handlers';
import { JOB_KINDS } from './kinds';
import { backoffMs, enqueueJob, jobsOverview } from './queue';
import { createJobRunner } from './runner';
import { createScheduler, nextRunAfter } from './scheduler';

const test = withTestDb();
let db: DB;
beforeEach(() => {
  db = test.db;
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A clock the test moves by hand. */
function clock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const periodicJobs = () => db.select().from(jobs).where(eq(jobs.kind, 'periodic.sweep-sessions')).orderBy(jobs.id);

describe('periodic work across servers', () => {
  it('two servers ticking at the same due time queue one job; the next run waits its interval', async () => {
    const time = clock();
    const kick = vi.fn();
    const a = createScheduler(db, { 'sweep-sessions': { everyMs: 10 * MINUTE } }, { now: time.now, jobs: { kick } });
    const b = createScheduler(db, { 'sweep-sessions': { everyMs: 10 * MINUTE } }, { now: time.now, jobs: { kick } });
    const moved = await Promise.all([a.tick(), b.tick()]);
    expect(moved.flat()).toEqual(['sweep-sessions']);
    const [first, ...others] = await periodicJobs();
    expect(others).toEqual([]);
    const due = first!.payload.due as string;
    expect(first).toMatchObject({ status: 'queued', dedupeKey: `sweep-sessions:${due}`, maxAttempts: 3, requestId: expect.stringMatching(/^task-sweep-sessions-/) });
    expect(kick).toHaveBeenCalled();
    // Ticking again at once finds nothing due.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([[], []]);
    time.advance(9 * MINUTE);
    await Promise.all([a.tick(), b.tick()]);
    expect(await periodicJobs()).toHaveLength(1);
    time.advance(2 * MINUTE);
    await Promise.all([a.tick(), b.tick()]);
    const rows = await periodicJobs();
    expect(rows).toHaveLength(2);
    // In the task's rhythm: ten minutes after the first due time, not after the tick that found it.
    expect(Date.parse(rows[1]!.payload.due as string) - Date.parse(due)).toBe(10 * MINUTE);
  });

  it('a server that died after queueing a run, before moving the schedule on, leaves one job; the next look moves it on', async () => {
    const time = clock();
    const s = createScheduler(db, { 'sweep-sessions': { everyMs: 10 * MINUTE } }, { now: time.now });
    await db.insert(scheduledTasks).values({ name: 'sweep-sessions', nextRunAt: time.now() });
    const [row] = await db.select().from(scheduledTasks);
    const dueIso = row!.nextRunAt.toISOString();
    await enqueueJob(db, 'periodic.sweep-sessions', { due: dueIso }, { dedupeKey: `sweep-sessions:${dueIso}` });
    expect(await s.tick()).toEqual(['sweep-sessions']);
    expect(await periodicJobs()).toHaveLength(1);
    expect((await db.select().from(scheduledTasks))[0]!.nextRunAt.getTime()).toBe(row!.nextRunAt.getTime() + 10 * MINUTE);
  });

  it('skips runs missed while no server was up: one run, then the next in rhythm', () => {
    const due = new Date(0);
    expect(nextRunAfter(due, new Date(0), MINUTE).getTime()).toBe(MINUTE);
    expect(nextRunAfter(due, new Date(59_999), MINUTE).getTime()).toBe(MINUTE);
    expect(nextRunAfter(due, new Date(5 * MINUTE + 1), MINUTE).getTime()).toBe(6 * MINUTE);
  });

  it('a run that throws is retried with backoff and ends dead after its attempts, in the jobs view; the next due run still comes', async () => {
    const time = clock();
    const scheduler = createScheduler(db, { 'prune-jobs': { everyMs: DAY, attempts: 3 } }, { now: time.now });
    const error = vi.fn();
    const warn = vi.fn();
    let attempts = 0;
    const runner = createJobRunner(
      db,
      {
        'periodic.prune-jobs': {
          schema: JOB_KINDS['periodic.prune-jobs'],
          run: async () => {
            attempts++;
            throw new Error('disk full');
          },
        },
      },
      { error, warn },
      { now: time.now },
    );
    await scheduler.tick();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.drain()).toBe(1);
      expect(await runner.drain()).toBe(0); // not before its backoff
      time.advance(backoffMs(attempt));
    }
    expect(attempts).toBe(3);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Job \d+ \(periodic\.prune-jobs\) attempt 3 failed: disk full; giving up\.$/));
    const overview = await jobsOverview(db, time.now());
    expect(overview).toMatchObject({ dead: 1, queued: 0, scheduled: 0 });
    expect(overview.deadJobs).toEqual([expect.objectContaining({ kind: 'periodic.prune-jobs', attempts: 3, lastError: 'disk full' })]);

    time.advance(DAY);
    await scheduler.tick();
    expect(await runner.drain()).toBe(1);
    expect(attempts).toBe(4);
  });

  it('runs a due task through the job handlers, as the server does', async () => {
    const time = clock();
    const [user] = await db.insert(users).values({ name: 'Expired', email: 'expired@example.com' }).returning();
    await db.insert(userSessions).values({ sessionToken: 'expired-session-hash', userId: user!.id, expiresAt: new Date(time.now().getTime() - MINUTE) });
    const services = { db, clock: { now: time.now } } as unknown as Parameters<typeof jobHandlers>[0];
    const runner = createJobRunner(db, jobHandlers(services), { error: vi.fn(), warn: vi.fn() }, { now: time.now });
    await createScheduler(db, { 'sweep-sessions': { everyMs: DAY } }, { now: time.now, jobs: runner }).tick();
    expect(await runner.drain()).toBe(1);
    expect((await periodicJobs())[0]!.status).toBe('done');
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, user!.id))).toEqual([]);
  });
});
