// The jobs table on a throwaway database of this run's engine: claims with a lease, retries with backoff, the dead state, and a
// runner that survives a failing or hanging handler.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestDb } from '../../../tests/support/test-app';
import type { DB } from '../db/client';
import { jobs } from '../db/schema';
import { z } from 'zod';
import { backoffMs, claimJob, completeJob, enqueueJob, enqueueJobs, failJob, jobOf, jobsOverview, LEASE_MS, pruneJobs, writeJob } from './queue';
import { createJobRunner, type JobDefinition } from './runner';

const test = withTestDb();
let db: DB;
beforeEach(() => {
  db = test.db;
});

const statusOf = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status;

describe('the jobs table', () => {
  it('gives a due job to one worker at a time, and to another once the lease has expired', async () => {
    await enqueueJob(db, 'mail.booking-link', { bookingId: 1 });
    const now = new Date();
    const a = (await claimJob(db, 'worker-a', now))!;
    expect(a).toMatchObject({ kind: 'mail.booking-link', payload: { bookingId: 1 }, status: 'running', attempts: 1, lockedBy: 'worker-a' });
    expect(await claimJob(db, 'worker-b', now)).toBeUndefined();
    // worker-a died: after the lease, worker-b takes it over, and worker-a can no longer finish it.
    const b = (await claimJob(db, 'worker-b', new Date(now.getTime() + LEASE_MS + 1)))!;
    expect(b).toMatchObject({ id: a.id, lockedBy: 'worker-b', attempts: 2 });
    // The claim is a query built once (prepared): each run takes its own time and lease.
    expect(a.lockedUntil!.getTime()).toBe(now.getTime() + LEASE_MS);
    expect(b.lockedUntil!.getTime()).toBe(now.getTime() + 2 * LEASE_MS + 1);
    await completeJob(db, a, 'worker-a');
    expect(await statusOf(a.id)).toBe('running');
    await completeJob(db, b, 'worker-b');
    expect(await statusOf(a.id)).toBe('done');
  });

  it('gives each of many workers claiming at once a different job, and every due job to one of them', async () => {
    for (let n = 1; n <= 6; n++) await enqueueJob(db, 'mail.booking-link', { bookingId: n });
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimJob(db, `worker-${i}`)));
    const ids = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('writes several jobs in one call, each with its own options, skipping only those whose dedupe key was written', async () => {
    const later = new Date(Date.now() + 86_400_000);
    await enqueueJob(db, 'mail.booking-link', { bookingId: 1 }, { dedupeKey: 'link:1' });
    // Six: more than one statement's worth (four), so the batches are checked too.
    await enqueueJobs(db, [
      jobOf('mail.booking-link', { bookingId: 1 }, { dedupeKey: 'link:1' }),
      jobOf('mail.booking-link', { bookingId: 2 }, { dedupeKey: 'link:2', runAt: later, maxAttempts: 3 }),
      ...[3, 4, 5, 6].map((n) => jobOf('mail.booking-link', { bookingId: n })),
    ]);
    const rows = (await db.select().from(jobs)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => (r.payload as { bookingId: number }).bookingId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[1]).toMatchObject({ dedupeKey: 'link:2', maxAttempts: 3, status: 'queued' });
    expect(rows[1]!.runAt.getTime()).toBe(later.getTime());
    expect(rows[2]).toMatchObject({ dedupeKey: null, maxAttempts: 8 });
    await enqueueJobs(db, []);
    expect(await db.select().from(jobs)).toHaveLength(6);
  });

  it('retries with growing backoff and keeps the job as dead after its last attempt', async () => {
    await writeJob(db, 'test.any', {}, { maxAttempts: 3 });
    let now = new Date();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = (await claimJob(db, 'w', now))!;
      expect(job.attempts).toBe(attempt);
      expect(await failJob(db, job, 'w', `boom ${attempt}`, now)).toBe(attempt < 3 ? 'retry' : 'dead');
      if (attempt < 3) {
        expect(await claimJob(db, 'w', now)).toBeUndefined(); // not before its backoff
        now = new Date(now.getTime() + backoffMs(attempt));
      }
    }
    const [dead] = await db.select().from(jobs);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, lastError: 'boom 3' });
    expect(await claimJob(db, 'w', new Date(now.getTime() + 86_400_000))).toBeUndefined();
    expect(backoffMs(1)).toBeLessThan(backoffMs(2));
    expect(backoffMs(50)).toBe(60 * 60_000);
  });

  it('writes one job per dedupe key, and prunes finished jobs after a week', async () => {
    await enqueueJob(db, 'mail.booking-confirmation', { bookingId: 1 }, { dedupeKey: 'booking-confirmation:1' });
    await enqueueJob(db, 'mail.booking-confirmation', { bookingId: 1 }, { dedupeKey: 'booking-confirmation:1' });
    expect(await db.select().from(jobs)).toHaveLength(1);
    const job = (await claimJob(db, 'w'))!;
    await completeJob(db, job, 'w', new Date(Date.now() - 8 * 86_400_000));
    expect(await pruneJobs(db)).toBe(1);
  });

  it('counts jobs planned for later apart from those waiting now (the back office)', async () => {
    const now = new Date();
    // Due at `now` itself: a job queued without a time is due from the moment it is written, a millisecond or more
    // after `now` on a busy machine, and would read as planned for later at `now`.
    await enqueueJob(db, 'mail.booking-link', { bookingId: 1 }, { runAt: now });
    await enqueueJob(db, 'mail.booking-link', { bookingId: 2 }, { runAt: new Date(now.getTime() + 7 * 86_400_000) });
    expect(await jobsOverview(db, now)).toMatchObject({ queued: 1, scheduled: 1, running: 0, dead: 0 });
    expect(await jobsOverview(db, new Date(now.getTime() + 8 * 86_400_000))).toMatchObject({ queued: 2, scheduled: 0 });
  });
});

describe('the runner', () => {
  it('runs due jobs, records failures for a retry, and never lets one hang the queue', async () => {
    const realSetTimeout = globalThis.setTimeout;
    const pause = (ms: number) => new Promise((r) => realSetTimeout(r, ms));
    // clearTimeout too: the PostgreSQL pool clears its idle timers when a connection is taken again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const ran: string[] = [];
      const warn = vi.fn();
      const any = z.object({}).passthrough();
      const definitions: Record<string, JobDefinition> = {
        ok: { schema: z.object({ name: z.string() }), run: async (p) => void ran.push(String(p.name)) },
        fails: {
          schema: any,
          run: async () => {
            throw new Error('smtp said no');
          },
        },
        hangs: { schema: any, run: () => new Promise(() => undefined) },
      };
      const runner = createJobRunner(db, definitions, { error: vi.fn(), warn });
      await writeJob(db, 'hangs', {});
      await writeJob(db, 'fails', {});
      await writeJob(db, 'ok', { name: 'after' });
      let finished = false;
      const drained = runner.drain().finally(() => (finished = true));
      // Queries take real time (a database server): let them run between steps of the fake clock.
      for (let step = 0; step < 100 && !finished; step++) {
        await vi.advanceTimersByTimeAsync(5_000);
        await pause(10);
      }
      expect(await drained).toBe(3);
      expect(ran).toEqual(['after']);
      const rows = await db.select().from(jobs);
      expect(rows.find((j) => j.kind === 'hangs')).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/timed out/) });
      expect(rows.find((j) => j.kind === 'fails')).toMatchObject({ status: 'queued', lastError: 'smtp said no' });
      expect(rows.find((j) => j.kind === 'ok')!.status).toBe('done');
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the runner, kicked', () => {
  it('runs a few jobs at once: one waiting on its mail server does not hold up the next', async () => {
    let release!: () => void;
    const slowMailServer = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const definitions: Record<string, JobDefinition> = {
      slow: { schema: z.object({}), run: async () => (await slowMailServer, void order.push('slow')) },
      quick: { schema: z.object({}), run: async () => void order.push('quick') },
    };
    const runner = createJobRunner(db, definitions, { error: vi.fn(), warn: vi.fn() });
    await writeJob(db, 'slow', {});
    await writeJob(db, 'quick', {});
    runner.kick();
    await vi.waitFor(async () =>
      expect(await db.select({ kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.kind, 'quick'))).toEqual([{ kind: 'quick', status: 'done' }]),
    );
    expect(order).toEqual(['quick']);
    release();
    await runner.stop();
    expect(order).toEqual(['quick', 'slow']);
    expect((await db.select({ status: jobs.status }).from(jobs)).map((j) => j.status)).toEqual(['done', 'done']);
  });
});

describe('a job written claimed by its server', () => {
  const quiet = () => ({ error: vi.fn(), warn: vi.fn() });

  it('runs once its transaction commits, with no claim, and is never given to another worker while its lease lasts', async () => {
    const ran: unknown[] = [];
    const runner = createJobRunner(db, { 'mail.booking-link': { schema: z.object({ bookingId: z.number() }), run: async (p) => void ran.push(p) } }, quiet());
    // Not polling (a test that drains): nothing is written claimed.
    expect(runner.claimHere()).toBeNull();
    runner.start(60_000);
    try {
      const claim = runner.claimHere()!;
      expect(claim.until.getTime()).toBeGreaterThan(Date.now() + LEASE_MS - 5_000);
      // Written with a reminder for next week, which stays queued.
      const nextWeek = new Date(Date.now() + 7 * 86_400_000);
      const written = await db.transaction((tx) =>
        enqueueJobs(tx, [jobOf('mail.booking-link', { bookingId: 7 }, { claim }), jobOf('mail.booking-link', { bookingId: 8 }, { runAt: nextWeek })]),
      );
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ status: 'running', attempts: 1, lockedBy: claim.worker, payload: { bookingId: 7 } });
      expect((await db.select().from(jobs).orderBy(jobs.id)).map((j) => [j.status, j.lockedUntil?.getTime() ?? null])).toEqual([
        ['running', claim.until.getTime()],
        ['queued', null],
      ]);
      // Another server's claim does not find it.
      expect(await claimJob(db, 'worker-elsewhere')).toBeUndefined();
      runner.runClaimed(written);
      await vi.waitFor(async () => expect(await statusOf(written[0]!.id)).toBe('done'));
      expect(ran).toEqual([{ bookingId: 7 }]);
    } finally {
      await runner.stop();
    }
  });

  it('is run by another worker once its lease is over when its server died before running it', async () => {
    const claim = { worker: 'worker-that-died', until: new Date(Date.now() + LEASE_MS) };
    const [job] = await enqueueJobs(db, [jobOf('mail.booking-link', { bookingId: 9 }, { claim })]);
    expect(await claimJob(db, 'worker-b')).toBeUndefined();
    const taken = await claimJob(db, 'worker-b', new Date(Date.now() + LEASE_MS + 1));
    expect(taken).toMatchObject({ id: job!.id, lockedBy: 'worker-b', attempts: 2 });
  });

  it('writes a repeat of a dedupe key neither claimed nor run', async () => {
    const runner = createJobRunner(db, {}, quiet());
    runner.start(60_000);
    try {
      const claim = runner.claimHere()!;
      expect(await enqueueJobs(db, [jobOf('mail.booking-link', { bookingId: 1 }, { dedupeKey: 'once', claim })])).toHaveLength(1);
      expect(await enqueueJobs(db, [jobOf('mail.booking-link', { bookingId: 1 }, { dedupeKey: 'once', claim })])).toEqual([]);
    } finally {
      await runner.stop(0);
    }
  });
});

describe('typed jobs', () => {
  it('sends a job whose payload fails its schema, or whose kind nobody handles, to dead at once with the reason', async () => {
    const ran: unknown[] = [];
    const error = vi.fn();
    const definitions: Record<string, JobDefinition> = {
      'mail.booking-link': { schema: z.object({ bookingId: z.number().int().positive() }), run: async (p) => void ran.push(p) },
    };
    const runner = createJobRunner(db, definitions, { error, warn: vi.fn() });
    // As an older release (or a hand edit) might have left them: the wrong type, a missing field, an unknown kind.
    await writeJob(db, 'mail.booking-link', { bookingId: 'seven' });
    await writeJob(db, 'mail.booking-link', {});
    await writeJob(db, 'mail.retired-kind', { bookingId: 1 });
    await enqueueJob(db, 'mail.booking-link', { bookingId: 7 });
    expect(await runner.drain()).toBe(4);
    expect(ran).toEqual([{ bookingId: 7 }]);
    const rows = await db.select().from(jobs).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['dead', 1],
      ['dead', 1],
      ['dead', 1],
      ['done', 1],
    ]);
    expect(rows[0]!.lastError).toMatch(/^invalid payload: .*bookingId/);
    expect(rows[1]!.lastError).toMatch(/^invalid payload: .*bookingId/);
    expect(rows[2]!.lastError).toBe("no handler for job kind 'mail.retired-kind'");
    expect(error).toHaveBeenCalledTimes(3);
  });

  it('defines every kind the server queues with a schema and a handler', async () => {
    const { JOB_KINDS } = await import('./kinds');
    const { jobHandlers } = await import('./handlers');
    const handlers = jobHandlers({} as Parameters<typeof jobHandlers>[0]);
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(JOB_KINDS).sort());
    for (const [kind, definition] of Object.entries(handlers)) expect(definition.schema, kind).toBe(JOB_KINDS[kind as keyof typeof JOB_KINDS]);
  });
});
