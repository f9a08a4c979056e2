// What a guest leaves behind without an account: bookings, paid access fees and credit, each owned by the e-mail
// typed (lower-cased), never by an account made for it. An account claims them once it has proven that e-mail
// (the verification or reset link, Google's verified address, or signing in to an account verified before),
// so signing up with the e-mail later always works and nobody gets another's bookings by typing an address.
import { toDollars, ZERO } from '@/shared/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, guestCredits, informationAccess, userCredits, users } from '../../db/schema';
import { normalizeEmail } from './credit';

type Tx = Pick<DB, 'select' | 'insert' | 'update' | 'delete'>;

export interface Claimed {
  bookings: number;
  /** Dollars (the sign-in answer shows it). */
  credit: number;
}

/**
 * Moves the e-mail's guest records to the account, in the caller's transaction, if the account's e-mail is
 * verified. The balance moves with one delete-returning (a claim: of two at once, one gets it; a guest checkout
 * spending that credit meanwhile holds the row until it commits, then the claim sees what is left), then the
 * ledger rows, the access fees and the bookings follow. Nothing to claim: nothing is written.
 */
export async function claimGuestRecords(tx: Tx, userId: number): Promise<Claimed> {
  const [user] = await tx.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user?.verified) return { bookings: 0, credit: 0 };
  const email = normalizeEmail(user.email);
  const [balance] = await tx.delete(guestCredits).where(eq(guestCredits.email, email)).returning({ amount: guestCredits.balanceCents });
  await tx
    .update(userCredits)
    .set({ userId, email: null })
    .where(and(isNull(userCredits.userId), eq(userCredits.email, email)));
  if (balance && balance.amount !== 0)
    await tx
      .update(users)
      .set({ creditBalanceCents: sql`${users.creditBalanceCents} + ${balance.amount}` })
      .where(eq(users.id, userId));
  await tx
    .update(informationAccess)
    .set({ userId, email: null })
    .where(and(isNull(informationAccess.userId), eq(informationAccess.email, email)));
  const moved = await tx
    .update(bookings)
    .set({ userId })
    .where(and(isNull(bookings.userId), eq(bookings.email, email)))
    .returning({ id: bookings.id });
  return { bookings: moved.length, credit: toDollars(balance?.amount ?? ZERO) };
}

/** Whether the e-mail has anything to claim: three indexed looks, so a sign-in with nothing to claim writes nothing. */
async function hasGuestRecords(db: Pick<DB, 'select'>, email: string): Promise<boolean> {
  const found = await Promise.all([
    db.select({ x: guestCredits.email }).from(guestCredits).where(eq(guestCredits.email, email)).limit(1),
    db
      .select({ x: informationAccess.id })
      .from(informationAccess)
      .where(and(eq(informationAccess.email, email), isNull(informationAccess.userId)))
      .limit(1),
    db
      .select({ x: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.email, email), isNull(bookings.userId)))
      .limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/** Claims in a transaction of its own (after a sign-in, outside any other write), when there is anything to claim. */
export async function claimGuestRecordsNow(db: DB, user: { id: number; email: string; emailVerified: number }): Promise<Claimed> {
  if (!user.emailVerified || !(await hasGuestRecords(db, normalizeEmail(user.email)))) return { bookings: 0, credit: 0 };
  return db.transaction((tx) => claimGuestRecords(tx, user.id));
}
