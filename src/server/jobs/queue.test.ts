// The jobs table on a throwaway database of this run's engine: claims with a lease, retries with backoff, the dead state, and a
// runner that survives a failing or hanging handler.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../tests/support/databases';
import { closeDatabase, openDatabase, type DB } from '../db/client';
import { jobs } from '../db/schema';
import { backoffMs, claimJob, completeJob, enqueueJob, failJob, LEASE_MS, pruneJobs } from './queue';
import { createJobRunner } from './runner';

let db: DB;
let done: () => Promise<void>;
beforeEach(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-jobs-'));
  const database = await createTestDatabase(dir);
  db = openDatabase(database.target);
  done = async () => {
    await closeDatabase(db);
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
});
afterEach(() => done());

const statusOf = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status;

describe('the jobs table', () => {
  it('gives a due job to one worker at a time, and to another once the lease has expired', async () => {
    await enqueueJob(db, 'mail.send', { n: 1 });
    const now = new Date();
    const a = (await claimJob(db, 'worker-a', now))!;
    expect(a).toMatchObject({ kind: 'mail.send', payload: { n: 1 }, status: 'running', attempts: 1, lockedBy: 'worker-a' });
    expect(await claimJob(db, 'worker-b', now)).toBeUndefined();
    // worker-a died: after the lease, worker-b takes it over, and worker-a can no longer finish it.
    const b = (await claimJob(db, 'worker-b', new Date(now.getTime() + LEASE_MS + 1)))!;
    expect(b).toMatchObject({ id: a.id, lockedBy: 'worker-b', attempts: 2 });
    await completeJob(db, a, 'worker-a');
    expect(await statusOf(a.id)).toBe('running');
    await completeJob(db, b, 'worker-b');
    expect(await statusOf(a.id)).toBe('done');
  });

  it('retries with growing backoff and keeps the job as dead after its last attempt', async () => {
    await enqueueJob(db, 'mail.send', {}, { maxAttempts: 3 });
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
    await enqueueJob(db, 'mail.send', {}, { dedupeKey: 'booking-confirmation:1' });
    await enqueueJob(db, 'mail.send', {}, { dedupeKey: 'booking-confirmation:1' });
    expect(await db.select().from(jobs)).toHaveLength(1);
    const job = (await claimJob(db, 'w'))!;
    await completeJob(db, job, 'w', new Date(Date.now() - 8 * 86_400_000));
    expect(await pruneJobs(db)).toBe(1);
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
      await enqueueJob(db, 'hangs', {});
      await enqueueJob(db, 'fails', {});
      await enqueueJob(db, 'ok', { name: 'after' });
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
