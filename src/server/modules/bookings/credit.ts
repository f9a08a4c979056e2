// Credit a traveller can spend on a booking: the ledger is `user_credits`, its sum is `users.creditBalance`.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { informationAccess, users } from '../../db/schema';

/**
 * Credit usable for a booking at a location: the unredeemed access fees paid for that location, plus credit
 * from other sources (refunds), never more than the balance.
 */
export async function availableCredit(db: Pick<DB, 'select'>, userId: number, locationCode: string): Promise<number> {
  const [user] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  const balance = Math.max(0, user?.balance ?? 0);
  if (balance <= 0) return 0; // most travellers: no second query
  const unredeemed = await db
    .select({ location: informationAccess.location, amount: informationAccess.amount })
    .from(informationAccess)
    .where(and(eq(informationAccess.userId, userId), eq(informationAccess.status, 'succeeded'), eq(informationAccess.creditedBack, 0)));
  const here = unredeemed.filter((r) => r.location === locationCode).reduce((s, r) => s + r.amount, 0);
  const elsewhere = unredeemed.filter((r) => r.location !== locationCode).reduce((s, r) => s + r.amount, 0);
  const general = Math.max(0, balance - here - elsewhere);
  return Math.round(Math.min(balance, here + general) * 100) / 100;
}

/**
 * Spends `amount` of a traveller's balance in the caller's transaction, with one conditional update: two
 * bookings at once (on any server) cannot both spend the same credit. False when the balance is short.
 */
export async function spendCredit(tx: Pick<DB, 'update'>, userId: number, amount: number): Promise<boolean> {
  const spent = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} - ${amount}` })
    // A hair of tolerance for the doubles the balance is summed in.
    .where(and(eq(users.id, userId), gte(users.creditBalance, amount - 0.000001)))
    .returning({ id: users.id });
  return spent.length > 0;
}
