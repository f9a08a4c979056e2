// A booking's card money: every charge it has (checkout's, each change of dates that cost more) and what was
// refunded of each. A refund is split over the charges newest first, one refund job per charge with its own
// idempotency key, written in the caller's transaction: no charge is ever refunded beyond what it took, and a
// crash after the commit only delays the refund (the job runs it once).
import { and, desc, eq, sql } from 'drizzle-orm';
import { prepared, type DB } from '../../db/client';
import { bookingChanges, bookingPayments } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { add, cents, min, sub, ZERO, type Cents } from '@/shared/money';
import type { BookingRow } from './booking-view';
import { bookingOwner, recordCredit } from './credit';

type Tx = Pick<DB, 'select' | 'insert' | 'update'>;

/** A cancellation in the booking's history (the traveller's, an administrator's, or under the guarantee): what came
 * back to the card and to credit. */
export async function recordCancellation(
  tx: Pick<DB, 'insert'>,
  b: Pick<BookingRow, 'id' | 'arrivalDate' | 'departureDate' | 'parkingFeeCents'>,
  changedBy: number | null,
  back: { card: Cents; credit: Cents },
): Promise<void> {
  await tx.insert(bookingChanges).values({
    bookingId: b.id,
    kind: 'cancel',
    status: 'applied',
    changedBy,
    fromArrival: b.arrivalDate,
    fromDeparture: b.departureDate,
    parkingFeeBeforeCents: b.parkingFeeCents,
    parkingFeeAfterCents: b.parkingFeeCents,
    refundedCents: back.card,
    creditReturnedCents: back.credit,
  });
}

/** A successful charge joins the booking's ledger (once per payment intent). `amount` is the gateway's, in cents. */
export async function recordCharge(tx: Pick<DB, 'insert'>, bookingId: number, intent: { id: string; amount: number }): Promise<void> {
  await insertCharge(tx).execute({ bookingId, paymentIntentId: intent.id, amountCents: cents(intent.amount), now: new Date() });
}

/** Every paid booking runs it: built once (db/client.ts, prepared). */
const insertCharge = prepared((db) =>
  db
    .insert(bookingPayments)
    .values({
      bookingId: sql.placeholder('bookingId'),
      paymentIntentId: sql.placeholder('paymentIntentId'),
      amountCents: sql.placeholder('amountCents'),
      createdAt: sql.placeholder('now'),
    })
    .onConflictDoNothing()
    .prepare('booking_payment_insert'),
);

/**
 * Queues refunds of up to `amount` to the booking's cards, newest charge first, and returns what was queued
 * (less than asked only when the cards took less). `keyBase` names the refund: its part on the checkout
 * charge carries `keyBase` itself, parts on later charges `keyBase-<intent>`.
 */
export async function refundToCards(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId' | 'totalFeeCents' | 'refundedCents'>,
  amount: Cents,
  keyBase: string,
): Promise<Cents> {
  let left = amount;
  if (left <= 0) return ZERO;
  let charges = await tx.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id)).orderBy(desc(bookingPayments.id));
  if (!charges.length && booking.paymentIntentId) {
    // A booking paid before the ledger existed and never changed since: its one charge is its total.
    await recordCharge(tx, booking.id, { id: booking.paymentIntentId, amount: add(booking.totalFeeCents, booking.refundedCents) });
    await tx.update(bookingPayments).set({ refundedCents: booking.refundedCents }).where(eq(bookingPayments.paymentIntentId, booking.paymentIntentId));
    charges = await tx.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id)).orderBy(desc(bookingPayments.id));
  }
  for (const charge of charges) {
    const part = min(left, sub(charge.amountCents, charge.refundedCents));
    if (part <= 0) continue;
    await tx
      .update(bookingPayments)
      .set({ refundedCents: sql`${bookingPayments.refundedCents} + ${part}` })
      .where(and(eq(bookingPayments.id, charge.id)));
    const key = charge.paymentIntentId === booking.paymentIntentId ? keyBase : `${keyBase}-${charge.paymentIntentId}`;
    await enqueueJob(tx, 'payments.refund', { paymentIntentId: charge.paymentIntentId, amount: part, idempotencyKey: key }, { dedupeKey: key });
    left = sub(left, part);
    if (left <= 0) break;
  }
  return sub(amount, left);
}

/** A refund seen at the provider (ours, or made in its dashboard): the charge's refunded total, never lowered. */
export async function syncChargeRefund(db: Pick<DB, 'update'>, paymentIntentId: string, amountRefundedCents: number): Promise<void> {
  const refunded = cents(amountRefundedCents);
  await db
    .update(bookingPayments)
    .set({ refundedCents: sql`case when ${bookingPayments.refundedCents} > ${refunded} then ${bookingPayments.refundedCents} else ${refunded} end` })
    .where(eq(bookingPayments.paymentIntentId, paymentIntentId));
}

/**
 * Gives money of a booking back, in the caller's transaction: `card` to its cards (refundToCards, keyed by
 * `key`) and `credit` to its owner's balance with a ledger line saying `why` (a cancellation, a cheaper change).
 */
export async function giveBack(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId' | 'totalFeeCents' | 'refundedCents' | 'userId' | 'email'>,
  money: { card: Cents; credit: Cents },
  key: string,
  why: string,
): Promise<void> {
  if (money.card > 0) await refundToCards(tx, booking, money.card, key);
  if (money.credit > 0) await recordCredit(tx, bookingOwner(booking), { amountCents: money.credit, type: 'refund', description: why, relatedBookingId: booking.id });
}
