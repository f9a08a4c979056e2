// Credit a traveller can spend on a booking. The ledger is `user_credits`; its rows belong to an account (their
// sum is `users.creditBalance`) or, for a guest, to an e-mail (their sum is `guest_credits.balance`) until an
// account proves that e-mail and claims them (guest-records.ts). Every movement goes through here: a ledger row
// and its owner's balance, in the caller's transaction.
import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { bound, prepared, type DB } from '../../db/client';
import { guestCredits, informationAccess, userCredits, users } from '../../db/schema';
import { add, atLeastZero, min, neg, sub, sum, ZERO, type Cents } from '@/shared/money';

type Tx = Pick<DB, 'select' | 'insert' | 'update'>;

/** Who owns credit: an account, or a guest's e-mail (lower-cased). */
export type CreditOwner = { userId: number } | { email: string };

/** The owner of a booking's credit: its account, or the guest e-mail it was booked with. */
export function bookingOwner(b: { userId: number | null; email: string }): CreditOwner {
  return b.userId !== null ? { userId: b.userId } : { email: normalizeEmail(b.email) };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The owner columns of a ledger or access-fee row. */
export const rowOwner = (owner: CreditOwner) => ('userId' in owner ? { userId: owner.userId, email: null } : { userId: null, email: owner.email });

const feesOf = (owner: CreditOwner): SQL =>
  'userId' in owner ? eq(informationAccess.userId, owner.userId) : and(isNull(informationAccess.userId), eq(informationAccess.email, owner.email))!;

/** Every signed-in checkout reads it: built once (db/client.ts, prepared). */
const userBalance = prepared((db) =>
  db
    .select({ balance: users.creditBalanceCents })
    .from(users)
    .where(eq(users.id, bound('userId', users.id)))
    .prepare('user_credit_balance'),
);

async function balanceOf(db: Pick<DB, 'select'>, owner: CreditOwner): Promise<Cents> {
  if ('userId' in owner) {
    const [row] = await userBalance(db).execute({ userId: owner.userId });
    return row?.balance ?? ZERO;
  }
  const [row] = await db.select({ balance: guestCredits.balanceCents }).from(guestCredits).where(eq(guestCredits.email, owner.email));
  return row?.balance ?? ZERO;
}

/**
 * Credit usable for a booking at a location: the unredeemed access fees paid for that location, plus credit
 * from other sources (refunds), never more than the balance.
 */
export async function availableCredit(db: Pick<DB, 'select'>, owner: CreditOwner, locationCode: string): Promise<Cents> {
  const balance = atLeastZero(await balanceOf(db, owner));
  if (balance <= 0) return ZERO; // most travellers: no second query
  const unredeemed = await db
    .select({ location: informationAccess.location, amount: informationAccess.amountCents })
    .from(informationAccess)
    .where(and(feesOf(owner), eq(informationAccess.status, 'succeeded'), eq(informationAccess.creditedBack, 0)));
  const here = sum(unredeemed.filter((r) => r.location === locationCode).map((r) => r.amount));
  const elsewhere = sum(unredeemed.filter((r) => r.location !== locationCode).map((r) => r.amount));
  const general = atLeastZero(sub(sub(balance, here), elsewhere));
  return min(balance, add(here, general));
}

/**
 * Spends `amount` of the owner's balance in the caller's transaction, with one conditional update: two bookings
 * at once (on any server) cannot both spend the same credit. False when the balance is short.
 */
export async function spendCredit(tx: Pick<DB, 'update'>, owner: CreditOwner, amount: Cents): Promise<boolean> {
  const spent =
    'userId' in owner
      ? await tx
          .update(users)
          .set({ creditBalanceCents: sql`${users.creditBalanceCents} - ${amount}` })
          .where(and(eq(users.id, owner.userId), gte(users.creditBalanceCents, amount)))
          .returning({ id: users.id })
      : await tx
          .update(guestCredits)
          .set({ balanceCents: sql`${guestCredits.balanceCents} - ${amount}` })
          .where(and(eq(guestCredits.email, owner.email), gte(guestCredits.balanceCents, amount)))
          .returning({ email: guestCredits.email });
  return spent.length > 0;
}

/** Moves the owner's balance by `amount` (positive adds), without a condition: credit given or given back. */
export async function moveBalance(tx: Pick<DB, 'insert' | 'update'>, owner: CreditOwner, amount: Cents): Promise<void> {
  if ('userId' in owner) {
    await tx
      .update(users)
      .set({ creditBalanceCents: sql`${users.creditBalanceCents} + ${amount}` })
      .where(eq(users.id, owner.userId));
  } else {
    await tx
      .insert(guestCredits)
      .values({ email: owner.email, balanceCents: amount })
      .onConflictDoUpdate({ target: guestCredits.email, set: { balanceCents: sql`${guestCredits.balanceCents} + ${amount}`, updatedAt: new Date() } });
  }
}

/** A ledger row for the owner and the same movement of its balance. */
export async function recordCredit(
  tx: Pick<DB, 'insert' | 'update'>,
  owner: CreditOwner,
  entry: { amountCents: Cents; type: (typeof userCredits.$inferInsert)['type']; description: string; relatedPaymentId?: string; relatedBookingId?: number },
): Promise<void> {
  await tx.insert(userCredits).values({ ...entry, ...rowOwner(owner) });
  await moveBalance(tx, owner, entry.amountCents);
}

/**
 * The ledger side of credit spent on a booking (after spendCredit took it from the balance): the use, and the
 * owner's access fees at that place marked as credited to it.
 */
export async function recordCreditUse(
  tx: Pick<DB, 'insert' | 'update'>,
  owner: CreditOwner,
  amount: Cents,
  booking: { id: number; confirmationNumber: string },
  locationCode: string,
  now: Date,
) {
  await tx.insert(userCredits).values({
    ...rowOwner(owner),
    amountCents: neg(amount),
    type: 'booking_use',
    description: `Applied to booking ${booking.confirmationNumber}`,
    relatedBookingId: booking.id,
  });
  await redeemFees(tx, owner, locationCode, booking.id, now);
}

/** Marks the owner's unredeemed access fees at a location as credited to a booking. */
async function redeemFees(tx: Pick<DB, 'update'>, owner: CreditOwner, locationCode: string, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(informationAccess)
    .set({ creditedBack: 1, creditedAt: now, creditedBookingId: bookingId })
    .where(and(feesOf(owner), eq(informationAccess.location, locationCode), eq(informationAccess.creditedBack, 0)));
}

/** Undoes a booking's credit use (its hold failed): each use goes back to whoever owns its ledger row now. */
export async function undoCreditUse(tx: Tx & Pick<DB, 'delete'>, bookingId: number): Promise<void> {
  const used = await tx
    .select()
    .from(userCredits)
    .where(and(eq(userCredits.relatedBookingId, bookingId), eq(userCredits.type, 'booking_use')))
    .orderBy(userCredits.id);
  for (const entry of used) {
    const owner: CreditOwner = entry.userId !== null ? { userId: entry.userId } : { email: entry.email! };
    await moveBalance(tx, owner, neg(entry.amountCents));
    await tx.delete(userCredits).where(eq(userCredits.id, entry.id));
  }
  await tx.update(informationAccess).set({ creditedBack: 0, creditedAt: null, creditedBookingId: null }).where(eq(informationAccess.creditedBookingId, bookingId));
}
