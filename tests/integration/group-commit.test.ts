// SQLite's group commit (db/client.ts, decision 013): concurrent transactions and writes share one COMMIT, each
// is answered only once that COMMIT has run, a failed one is undone alone, and a COMMIT that fails fails every
// member of its group. Checked against a second connection to the same file, which sees only committed rows.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_EVERY_MS, ENGINE } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { createTestDb, type TestDb } from '../support/test-app';

class Refused extends Error {}

describe.skipIf(ENGINE !== 'sqlite')('SQLite group commit', () => {
  let t: TestDb;
  let other: Database.Database;
  /** What another process would see: committed rows only. */
  const committed = (emails: string[]) =>
    other
      .prepare(`select email from users where email in (${emails.map(() => '?').join(', ')}) order by email`)
      .all(...emails)
      .map((r) => (r as { email: string }).email);

  beforeEach(async () => {
    t = await createTestDb();
    other = new Database(t.target, { readonly: true });
  });
  afterEach(async () => {
    vi.useRealTimers();
    other.close();
    await t.close();
  });

  const insertUser = (db: TestDb['db'], email: string) => db.insert(users).values({ name: 'Group', email });

  it('answers a transaction and a single write only once another connection can read them', async () => {
    const tx = t.db.transaction(async (tx) => {
      await insertUser(tx, 'a@example.com');
      return 'done';
    });
    const write = insertUser(t.db, 'b@example.com');
    // Both are in the same open group: nothing is committed until the event loop turns.
    expect(committed(['a@example.com', 'b@example.com'])).toEqual([]);
    const [answer] = await Promise.all([tx.then((r) => [r, committed(['a@example.com'])]), write.then(() => committed(['b@example.com']))]);
    expect(answer).toEqual(['done', ['a@example.com']]);
    expect(committed(['a@example.com', 'b@example.com'])).toEqual(['a@example.com', 'b@example.com']);
  });

  it('undoes a failed transaction alone, keeping the others of its group', async () => {
    const emails = ['c1@example.com', 'c2@example.com', 'c3@example.com'];
    const runs = emails.map((email, i) =>
      t.db.transaction(async (tx) => {
        await insertUser(tx, email);
        if (i === 1) throw new Refused();
      }),
    );
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(Refused);
    expect(committed(emails)).toEqual(['c1@example.com', 'c3@example.com']);
    const mine = await t.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(mine.map((r) => r.email).sort()).toEqual(['c1@example.com', 'c3@example.com']);
  });

  it('keeps a nested transaction’s rollback inside its own transaction', async () => {
    await t.db.transaction(async (tx) => {
      await insertUser(tx, 'outer@example.com');
      await expect(
        tx.transaction(async (inner) => {
          await insertUser(inner, 'inner@example.com');
          throw new Refused();
        }),
      ).rejects.toBeInstanceOf(Refused);
    });
    expect(committed(['inner@example.com', 'outer@example.com'])).toEqual(['outer@example.com']);
  });

  it('fails every member of a group whose COMMIT fails, writing none of them', async () => {
    // A foreign key checked at COMMIT (deferred) fails the group's COMMIT itself.
    const good = t.db.transaction(async (tx) => {
      await insertUser(tx, 'd1@example.com');
    });
    const broken = t.db.transaction(async (tx) => {
      await tx.execute(sql`pragma defer_foreign_keys = on`);
      await tx.execute(sql`insert into user_sessions (user_id, session_token, expires_at, created_at) values (999999, 'orphan', 0, 0)`);
    });
    const results = await Promise.allSettled([good, broken]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed(['d1@example.com'])).toEqual([]);
    // The connection is usable again: the next write opens a group of its own.
    await insertUser(t.db, 'd2@example.com');
    expect(committed(['d1@example.com', 'd2@example.com'])).toEqual(['d2@example.com']);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'd1@example.com'))).toEqual([]);
  });

  it('copies what was committed into the database file by time: the first commit half a second after the last copy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    /** What the database file alone holds (no write-ahead log): what a checkpoint has copied. */
    const inFile = (emails: string[]) => {
      const copy = `${t.target}.file-only`;
      fs.copyFileSync(t.target, copy);
      const file = new Database(copy, { readonly: true });
      try {
        return file
          .prepare(`select email from users where email in (${emails.map(() => '?').join(', ')}) order by email`)
          .all(...emails)
          .map((r) => (r as { email: string }).email);
      } finally {
        file.close();
        fs.rmSync(copy);
      }
    };
    await insertUser(t.db, 'e1@example.com');
    vi.setSystemTime(Date.now() + CHECKPOINT_EVERY_MS + 1);
    await insertUser(t.db, 'e2@example.com');
    expect(inFile(['e1@example.com', 'e2@example.com'])).toEqual(['e1@example.com', 'e2@example.com']);
    // Sooner than that, a commit is in the log only (readable by every connection, copied at the next checkpoint).
    await insertUser(t.db, 'e3@example.com');
    expect(inFile(['e3@example.com'])).toEqual([]);
    expect(committed(['e3@example.com'])).toEqual(['e3@example.com']);
    vi.setSystemTime(Date.now() + CHECKPOINT_EVERY_MS + 1);
    await insertUser(t.db, 'e4@example.com');
    expect(inFile(['e3@example.com', 'e4@example.com'])).toEqual(['e3@example.com', 'e4@example.com']);
  });
});
