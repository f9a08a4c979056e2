// Credit a traveller can spend on a booking: the ledger is `user_credits`, its sum is `users.creditBalance`.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { informationAccess, users } from '../../db/schema';

/**
 * Credit usable for a booking at a location: the unredeemed access fees paid for that location, plus credit
 * from other sources (refunds), never more than the balance.
 */
export function availableCredit(db: Pick<DB, 'select'>, userId: number, locationCode: string): number {
  const user = db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId)).get();
  const balance = Math.max(0, user?.balance ?? 0);
  if (balance <= 0) return 0; // most travellers: no second query
  const unredeemed = db
    .select({ location: informationAccess.location, amount: informationAccess.amount })
    .from(informationAccess)
    .where(and(eq(informationAccess.userId, userId), eq(informationAccess.status, 'succeeded'), eq(informationAccess.creditedBack, 0)))
    .all();
  const here = unredeemed.filter((r) => r.location === locationCode).reduce((s, r) => s + r.amount, 0);
  const elsewhere = unredeemed.filter((r) => r.location !== locationCode).reduce((s, r) => s + r.amount, 0);
  const general = Math.max(0, balance - here - elsewhere);
  return Math.round(Math.min(balance, here + general) * 100) / 100;
}
