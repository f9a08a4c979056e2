// Periodic work on a throwaway database of this run's engine: two servers' schedulers tick at once and the
// due run happens once; the next run waits its interval; a dead server's lock expires; stopping releases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/databases';
import { closeDatabase, openDatabase, type DB } from '../db/client';
import { scheduledTasks } from '../db/schema';
import { createScheduler, type PeriodicTask } from './scheduler';

let db: DB;
let done: () => Promise<void>;
beforeEach(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-scheduler-'));
  const database = await createTestDatabase(dir);
  db = openDatabase(database.target);
  done = async () => {
    await closeDatabase(db);
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
});
afterEach(() => done());

const MINUTE = 60_000;

/** A clock the test moves by hand. */
function clock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('periodic work across servers', () => {
  it('two servers ticking at once run a due task once, and again only after its interval', async () => {
    const time = clock();
    let runs = 0;
    const task = (): PeriodicTask => ({ name: 'sweep', everyMs: 10 * MINUTE, run: async () => void runs++ });
    const a = createScheduler(db, [task()], { now: time.now });
    const b = createScheduler(db, [task()], { now: time.now });
    const ran = await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual(['sweep']);
    // A server ticking again at once finds nothing due.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([[], []]);
    expect(runs).toBe(1);

    time.advance(9 * MINUTE);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    time.advance(2 * MINUTE);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(2);
    const [row] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'sweep'));
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, lastError: null });
  });

  it("a server that died mid-run holds the task until its lock expires; then another runs it", async () => {
    const time = clock();
    let runs = 0;
    const dies = createScheduler(db, [{ name: 'settle', everyMs: MINUTE, leaseMs: 5 * MINUTE, run: () => new Promise<never>(() => undefined) }], { now: time.now });
    const other = createScheduler(db, [{ name: 'settle', everyMs: MINUTE, leaseMs: 5 * MINUTE, run: async () => void runs++ }], { now: time.now });
    void dies.tick(); // never finishes: the process "died" in the middle
    // Its claim is a few round trips: wait until it holds the task (a fixed pause raced a slow database).
    const deadline = Date.now() + 5000;
    const holder = async () => (await db.select({ lockedBy: scheduledTasks.lockedBy }).from(scheduledTasks).where(eq(scheduledTasks.name, 'settle')))[0]?.lockedBy ?? null;
    while (!(await holder()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await holder()).not.toBeNull();
    time.advance(2 * MINUTE); // due again, but still locked
    expect(await other.tick()).toEqual([]);
    time.advance(4 * MINUTE); // the dead server's lock has expired
    expect(await other.tick()).toEqual(['settle']);
    expect(runs).toBe(1);
  });

  it('a failing run is recorded and does not stop the next one; stopping releases this server', async () => {
    const time = clock();
    let attempt = 0;
    const logged: string[] = [];
    const s = createScheduler(
      db,
      [{ name: 'prune', everyMs: MINUTE, run: async () => { if (++attempt === 1) throw new Error('disk full'); } }],
      { now: time.now, log: { error: (line: string) => logged.push(line) } },
    );
    await s.tick();
    expect(logged).toEqual(['Periodic task prune failed: disk full']);
    expect((await db.select().from(scheduledTasks))[0]).toMatchObject({ lastError: 'disk full', lockedBy: null });
    time.advance(MINUTE);
    await s.tick();
    expect(attempt).toBe(2);
    expect((await db.select().from(scheduledTasks))[0]).toMatchObject({ lastError: null });
    await s.stop();
    expect(await db.select().from(scheduledTasks).where(eq(scheduledTasks.lockedBy, s.holder))).toEqual([]);
  });
});
