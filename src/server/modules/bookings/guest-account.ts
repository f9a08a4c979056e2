// The account behind a guest's e-mail (a guest checkout, a guest's access fee), found or made inside the
// caller's transaction, and the undoing of one made only for a hold that then failed. Both lock the user row
// before deciding, so a guest attaching a booking to the account and a release deleting it never interleave.
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, informationAccess, users, userSessions } from '../../db/schema';

type Tx = Pick<DB, 'select' | 'insert' | 'update' | 'delete'>;

/** A no-op update: takes the user's row lock until the transaction ends (PostgreSQL); null if there is no such row. */
async function lockUser(tx: Pick<DB, 'update'>, where: ReturnType<typeof eq>): Promise<number | null> {
  const [row] = await tx.update(users).set({ updatedAt: sql`${users.updatedAt}` }).where(where).returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * The account for `values.email`: made now (`created`), or the existing one, locked for the rest of the
 * transaction. Insert-or-nothing, then lock-and-read: two guests with one e-mail never hit the unique index, and
 * an account deleted by a concurrent release between the two steps is simply made again.
 */
export async function findOrCreateGuestAccount(tx: Tx, values: { name: string; email: string; phone: string | null }): Promise<{ id: number; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [made] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    if (made) return { id: made.id, created: true };
    const found = await lockUser(tx, eq(users.email, values.email));
    if (found !== null) return { id: found, created: false };
  }
  throw new Error('Could not find or create the guest account');
}

/**
 * Deletes an account checkout made for a hold that failed, unless it has anything else by now (another booking,
 * an access fee, a password, Google, a session). The row is locked first, then checked in a statement of its
 * own, which sees whatever a concurrent guest checkout committed while we waited for the lock.
 */
export async function deleteUnusedGuestAccount(tx: Tx, userId: number): Promise<void> {
  if ((await lockUser(tx, eq(users.id, userId))) === null) return;
  await tx
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        sql`${users.password} is null`,
        sql`${users.googleId} is null`,
        notExists(tx.select({ x: sql`1` }).from(bookings).where(eq(bookings.userId, userId))),
        notExists(tx.select({ x: sql`1` }).from(informationAccess).where(eq(informationAccess.userId, userId))),
        notExists(tx.select({ x: sql`1` }).from(userSessions).where(eq(userSessions.userId, userId))),
      ),
    );
}
