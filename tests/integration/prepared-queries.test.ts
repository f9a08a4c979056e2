// Prepared queries (db/client.ts `prepared`): built once per database and run inside any transaction on that
// transaction's connection. On PostgreSQL a transaction's handle is its own pool connection, and the hot
// checkout statements used to be rebuilt for every transaction.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bound, prepared } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { createTestDb, type TestDb } from '../support/test-app';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.close();
});

class RolledBack extends Error {}

describe('prepared queries', () => {
  it('are built once, and inside a transaction see its uncommitted writes', async () => {
    let builds = 0;
    const userByEmail = prepared((db) => {
      builds++;
      return db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, bound('email', users.email)))
        .prepare('test_user_by_email');
    });
    for (const email of ['first@example.com', 'second@example.com']) {
      const run = t.db.transaction(async (tx) => {
        const [made] = await tx.insert(users).values({ name: 'Prepared', email }).returning({ id: users.id });
        const found = await userByEmail(tx).execute({ email });
        expect(found).toEqual([{ id: made!.id }]);
        throw new RolledBack();
      });
      await expect(run).rejects.toBeInstanceOf(RolledBack);
      // Outside the transaction, after its rollback: the row never existed.
      expect(await userByEmail(t.db).execute({ email })).toEqual([]);
    }
    expect(builds).toBe(1);
  });
});
