// Round trips to PostgreSQL (db/pg-trips.ts): a transaction's BEGIN goes out with its first statement,
// statements run with inOneTrip go out in one write, in order, and lastTrip's with the transaction's COMMIT; on
// both engines each answers its statements' results in order, and a failure among them fails the transaction
// and leaves nothing written.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ENGINE, postgresPool, type DB } from '@/server/db/client';
import { inOneTrip, lastTrip, TRIP_CONNECTION } from '@/server/db/pg-trips';
import { users } from '@/server/db/schema';
import { withTestDb } from '../support/test-app';

const t = withTestDb();

const insertUser = (db: DB, email: string) => db.insert(users).values({ name: 'Trip', email }).returning({ email: users.email }).execute();
const emailsIn = async (emails: string[]) => (await t.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email).sort();

describe('inOneTrip', () => {
  it('answers each statement in order, each seeing the ones before it', async () => {
    const [first, second, seen] = await t.db.transaction((tx) =>
      inOneTrip(tx, [
        () => insertUser(tx, 'trip-1@example.com'),
        () => insertUser(tx, 'trip-2@example.com'),
        () =>
          tx
            .select({ email: users.email })
            .from(users)
            .where(inArray(users.email, ['trip-1@example.com', 'trip-2@example.com']))
            .execute(),
      ]),
    );
    expect(first).toEqual([{ email: 'trip-1@example.com' }]);
    expect(second).toEqual([{ email: 'trip-2@example.com' }]);
    expect(seen.map((r) => r.email).sort()).toEqual(['trip-1@example.com', 'trip-2@example.com']);
    expect(await emailsIn(['trip-1@example.com', 'trip-2@example.com'])).toEqual(['trip-1@example.com', 'trip-2@example.com']);
  });

  it('fails the transaction when one of its statements fails, and nothing of it is written', async () => {
    await insertUser(t.db, 'taken@example.com');
    const attempt = t.db.transaction((tx) =>
      inOneTrip(tx, [() => insertUser(tx, 'trip-3@example.com'), () => insertUser(tx, 'taken@example.com'), () => insertUser(tx, 'trip-4@example.com')]),
    );
    await expect(attempt).rejects.toThrow();
    expect(await emailsIn(['trip-3@example.com', 'trip-4@example.com'])).toEqual([]);
    // The connection is usable again at once (PostgreSQL: the pipeline is not left waiting).
    await t.db.transaction((tx) => insertUser(tx, 'trip-5@example.com'));
    expect(await emailsIn(['trip-5@example.com'])).toEqual(['trip-5@example.com']);
  });
});

describe('lastTrip', () => {
  it("answers each statement in order and commits the transaction's work", async () => {
    const [first, second] = await t.db.transaction(async (tx) => {
      await insertUser(tx, 'last-0@example.com');
      return lastTrip(tx, [() => insertUser(tx, 'last-1@example.com'), () => insertUser(tx, 'last-2@example.com')]);
    });
    expect([first, second]).toEqual([[{ email: 'last-1@example.com' }], [{ email: 'last-2@example.com' }]]);
    expect(await emailsIn(['last-0@example.com', 'last-1@example.com', 'last-2@example.com'])).toHaveLength(3);
  });

  it('fails the transaction when one of its statements fails, and nothing of it is written', async () => {
    await insertUser(t.db, 'last-taken@example.com');
    const attempt = t.db.transaction(async (tx) => {
      await insertUser(tx, 'last-3@example.com');
      return lastTrip(tx, [() => insertUser(tx, 'last-4@example.com'), () => insertUser(tx, 'last-taken@example.com')]);
    });
    await expect(attempt).rejects.toThrow();
    expect(await emailsIn(['last-3@example.com', 'last-4@example.com'])).toEqual([]);
    await t.db.transaction((tx) => lastTrip(tx, [() => insertUser(tx, 'last-5@example.com')]));
    expect(await emailsIn(['last-5@example.com'])).toEqual(['last-5@example.com']);
  });
});

/** A socket's writes counted (corked chunks go out as one `_writev`); `restore()` puts its methods back. */
function countWrites(stream: Socket) {
  type Write = (this: Socket, ...args: unknown[]) => unknown;
  const target = stream as unknown as Record<'_write' | '_writev', Write | undefined>;
  const originals = { _write: target._write, _writev: target._writev };
  const counter = { writes: 0, restore: () => Object.assign(target, originals) };
  for (const name of ['_write', '_writev'] as const) {
    const original = originals[name];
    if (original)
      target[name] = function (this: Socket, ...args: unknown[]) {
        counter.writes++;
        return original.apply(this, args);
      };
  }
  return counter;
}

const socketOf = (client: unknown) => (client as { connection: { stream: Socket } }).connection.stream;

/** The writes of the connection the next transaction runs on (the pool hands out its last idle one first), from its BEGIN on. */
async function countNextTransaction() {
  const client = await postgresPool(t.db)!.connect();
  const counter = countWrites(socketOf(client));
  client.release();
  return counter;
}

describe.skipIf(ENGINE !== 'postgres')('PostgreSQL round trips', () => {
  it('writes statements run together in one write', async () => {
    const writes = await t.db.transaction(async (tx: DB) => {
      const counter = countWrites(socketOf((tx as unknown as Record<typeof TRIP_CONNECTION, unknown>)[TRIP_CONNECTION]));
      try {
        await inOneTrip(tx, [() => insertUser(tx, 'one-1@example.com'), () => insertUser(tx, 'one-2@example.com'), () => insertUser(tx, 'one-3@example.com')]);
        return counter.writes;
      } finally {
        counter.restore();
      }
    });
    expect(writes).toBe(1);
    expect(await emailsIn(['one-1@example.com', 'one-2@example.com', 'one-3@example.com'])).toHaveLength(3);
  });

  it("writes a transaction's last statements and its COMMIT in one write, and nothing after", async () => {
    const counter = await countNextTransaction();
    try {
      const before = await t.db.transaction(async (tx) => {
        await insertUser(tx, 'end-1@example.com');
        const written = counter.writes; // BEGIN and the first insert
        await lastTrip(tx, [() => insertUser(tx, 'end-2@example.com'), () => insertUser(tx, 'end-3@example.com')]);
        return written;
      });
      expect(before).toBe(1);
      expect(counter.writes).toBe(2); // Drizzle's COMMIT wrote nothing more
      expect(await emailsIn(['end-1@example.com', 'end-2@example.com', 'end-3@example.com'])).toHaveLength(3);
    } finally {
      counter.restore();
    }
  });

  it('refuses a statement after the last trip, and a rollback of what it committed', async () => {
    const attempt = t.db.transaction(async (tx) => {
      await lastTrip(tx, [() => insertUser(tx, 'end-4@example.com')]);
      await insertUser(tx, 'end-5@example.com');
    });
    // The statement is refused; the ROLLBACK Drizzle then asks for fails loudly (its error wraps ours).
    const failure = await attempt.then(
      () => null,
      (err: Error) => err,
    );
    expect(`${failure?.message} ${(failure?.cause as Error | undefined)?.message}`).toMatch(/cannot be rolled back/);
    // The last trip committed; the statement after it ran nowhere.
    expect(await emailsIn(['end-4@example.com', 'end-5@example.com'])).toEqual(['end-4@example.com']);
    // The connection is clean for the next transaction.
    await t.db.transaction((tx) => insertUser(tx, 'end-6@example.com'));
    expect(await emailsIn(['end-6@example.com'])).toEqual(['end-6@example.com']);
  });

  it('commits nothing when a statement of the last trip would start late, or one failed before starting', async () => {
    const late = t.db.transaction(async (tx) => {
      await insertUser(tx, 'late-1@example.com');
      // A run that has not started its statement when the COMMIT would go (it waits for something first).
      return lastTrip(tx, [() => insertUser(tx, 'late-2@example.com'), () => new Promise<never>(() => undefined)]);
    });
    await expect(late).rejects.toThrow(/did not start at once/);
    const refused = t.db.transaction(async (tx) => {
      await insertUser(tx, 'late-3@example.com');
      return lastTrip(tx, [() => insertUser(tx, 'late-4@example.com'), () => Promise.reject(new Error('refused before its statement'))]);
    });
    await expect(refused).rejects.toThrow('refused before its statement');
    expect(await emailsIn(['late-1@example.com', 'late-2@example.com', 'late-3@example.com', 'late-4@example.com'])).toEqual([]);
  });

  it("writes a transaction's BEGIN with its first statement", async () => {
    const counter = await countNextTransaction();
    try {
      const seen = await t.db.transaction(async (tx) => {
        const found = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.com'));
        return [counter.writes, found.length];
      });
      // BEGIN and the select in one write; the COMMIT after.
      expect(seen).toEqual([1, 0]);
      expect(counter.writes).toBe(2);
    } finally {
      counter.restore();
    }
  });

  it('a connection that breaks while a transaction holds it fails that transaction, not the process', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attempt = t.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      await postgresPool(t.db)!.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The connection's end arrives while none of the transaction's statements is in flight.
      await vi.waitFor(() => expect((tx as unknown as Record<typeof TRIP_CONNECTION, { _ended?: boolean }>)[TRIP_CONNECTION]._ended).toBe(true));
      await tx.select({ id: users.id }).from(users).limit(1);
    });
    await expect(attempt).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith('PostgreSQL connection error:', expect.stringMatching(/terminat/));
    logged.mockRestore();
    // The pool goes on with another connection.
    await insertUser(t.db, 'after-break@example.com');
    expect(await emailsIn(['after-break@example.com'])).toEqual(['after-break@example.com']);
  });
});
