// The jobs table on an in-memory database: claims with a lease, retries with backoff, the dead state, and a
// runner that survives a failing or hanging handler.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateDatabase, openDatabase, type DB } from '../db/client';
import { jobs } from '../db/schema';
import { backoffMs, claimJob, completeJob, enqueueJob, failJob, LEASE_MS, pruneJobs } from './queue';
import { createJobRunner } from './runner';

let db: DB;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
});

describe('the jobs table', () => {
  it('gives a due job to one worker at a time, and to another once the lease has expired', () => {
    enqueueJob(db, 'mail.send', { n: 1 });
    const now = new Date();
    const a = claimJob(db, 'worker-a', now)!;
    expect(a).toMatchObject({ kind: 'mail.send', payload: { n: 1 }, status: 'running', attempts: 1, lockedBy: 'worker-a' });
    expect(claimJob(db, 'worker-b', now)).toBeUndefined();
    // worker-a died: after the lease, worker-b takes it over, and worker-a can no longer finish it.
    const b = claimJob(db, 'worker-b', new Date(now.getTime() + LEASE_MS + 1))!;
    expect(b).toMatchObject({ id: a.id, lockedBy: 'worker-b', attempts: 2 });
    completeJob(db, a, 'worker-a');
    expect(db.select().from(jobs).where(eq(jobs.id, a.id)).get()!.status).toBe('running');
    completeJob(db, b, 'worker-b');
    expect(db.select().from(jobs).where(eq(jobs.id, a.id)).get()!.status).toBe('done');
  });

  it('retries with growing backoff and keeps the job as dead after its last attempt', () => {
    enqueueJob(db, 'mail.send', {}, { maxAttempts: 3 });
    let now = new Date();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = claimJob(db, 'w', now)!;
      expect(job.attempts).toBe(attempt);
      expect(failJob(db, job, 'w', `boom ${attempt}`, now)).toBe(attempt < 3 ? 'retry' : 'dead');
      if (attempt < 3) {
        expect(claimJob(db, 'w', now)).toBeUndefined(); // not before its backoff
        now = new Date(now.getTime() + backoffMs(attempt));
      }
    }
    const dead = db.select().from(jobs).get()!;
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, lastError: 'boom 3' });
    expect(claimJob(db, 'w', new Date(now.getTime() + 86_400_000))).toBeUndefined();
    expect(backoffMs(1)).toBeLessThan(backoffMs(2));
    expect(backoffMs(50)).toBe(60 * 60_000);
  });

  it('writes one job per dedupe key, and prunes finished jobs after a week', () => {
    enqueueJob(db, 'mail.send', {}, { dedupeKey: 'booking-confirmation:1' });
    enqueueJob(db, 'mail.send', {}, { dedupeKey: 'booking-confirmation:1' });
    expect(db.select().from(jobs).all()).toHaveLength(1);
    const job = claimJob(db, 'w')!;
    completeJob(db, job, 'w', new Date(Date.now() - 8 * 86_400_000));
    expect(pruneJobs(db)).toBe(1);
  });
});

describe('the runner', () => {
  it('runs due jobs, records failures for a retry, and never lets one hang the queue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const ran: string[] = [];
      const warn = vi.fn();
      const runner = createJobRunner(
        db,
        {
          ok: async (p) => void ran.push(String(p.name)),
          fails: async () => {
            throw new Error('smtp said no');
          },
          hangs: () => new Promise(() => undefined),
        },
        { error: vi.fn(), warn },
      );
      enqueueJob(db, 'hangs', {});
      enqueueJob(db, 'fails', {});
      enqueueJob(db, 'ok', { name: 'after' });
      const drained = runner.drain();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await drained).toBe(3);
      expect(ran).toEqual(['after']);
      const rows = db.select().from(jobs).all();
      expect(rows.find((j) => j.kind === 'hangs')).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/timed out/) });
      expect(rows.find((j) => j.kind === 'fails')).toMatchObject({ status: 'queued', lastError: 'smtp said no' });
      expect(rows.find((j) => j.kind === 'ok')!.status).toBe('done');
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
