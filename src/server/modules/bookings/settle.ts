// Settling a held booking: exactly one of confirm or release wins, by a conditional update on the pending
// booking (a claim), on whichever server and path gets there first: the checkout request, its retry, the
// payment webhook or the hold reaper. Only the winner writes anything else; the gateway is never called
// inside a transaction.
import { countBooking } from '../../observability/metrics';
import { and, asc, eq, lt } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { Services } from '../../deps';
import type { AppErrorCode } from '../../errors';
import type { PaymentIntent } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import { checkoutResult, checkoutResultOf, type providerWithLocation, type TCheckoutResult } from './booking-view';
import { undoCreditUse } from './credit';
import { completeKeyForBooking } from './idempotency';
import { releaseDays } from './inventory';
import { recordCharge } from './ledger';

/** The lot being booked and its place, read once per checkout. */
export type Lot = NonNullable<Awaited<ReturnType<typeof providerWithLocation>>>;

export const EXPIRED_HOLD_MESSAGE = 'Your payment took too long and the space was released. You have not been charged. Please try again.';

/** One refund key per charge whose booking is gone, whichever path (request, webhook, reaper) notices it. */
export const orphanRefundKey = (paymentIntentId: string) => `orphan-charge-${paymentIntentId}`;

/**
 * Confirms a held booking that was paid: in one transaction the booking, the key's stored outcome, and the
 * confirmation e-mail as a job. Null if it was not pending.
 */
export async function confirmBooking(services: Pick<Services, 'db' | 'jobs'>, bookingId: number, intent: PaymentIntent | null, lot?: Lot): Promise<TCheckoutResult | null> {
  const result = await services.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(bookings)
      .set({ status: 'confirmed', holdExpiresAt: null, paymentIntentId: intent?.id ?? null, cardBrand: intent?.card?.brand ?? null, cardLast4: intent?.card?.last4 ?? null })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
      .returning();
    if (!confirmed) return null;
    if (intent) await recordCharge(tx, confirmed.id, intent);
    const out = lot ? checkoutResultOf(confirmed, lot.provider, lot.location.state) : await checkoutResult(tx, confirmed.id);
    await completeKeyForBooking(tx, confirmed.id, { ok: true, data: out });
    await enqueueJob(tx, 'mail.booking-confirmation', { bookingId: confirmed.id }, { dedupeKey: `booking-confirmation:${confirmed.id}` });
    return out;
  });
  if (result) {
    countBooking('placed');
    services.jobs.kick();
  }
  return result;
}

/**
 * Undoes a hold whose payment did not go through: its days, its credit use (back to the account or the guest
 * e-mail that owns it) and the booking. The key replays `refusal`. False if the booking was no longer pending
 * (another path settled it: nothing is reversed twice).
 */
export async function releaseHold(services: Pick<Services, 'db'>, bookingId: number, refusal: { code: AppErrorCode; message: string }): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    // The claim: of concurrent releases (and confirms), one gets the row back; the others change nothing.
    const [claimed] = await tx
      .update(bookings)
      .set({ status: 'failed' })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
      .returning();
    if (!claimed) return false;
    // Lot days before the user row, in the order checkout takes them.
    await releaseDays(tx, claimed.providerId, claimed.arrivalDate, claimed.departureDate);
    await undoCreditUse(tx, bookingId);
    await completeKeyForBooking(tx, bookingId, { ok: false, code: refusal.code, message: refusal.message });
    await tx.delete(bookings).where(eq(bookings.id, bookingId));
    return true;
  });
}

/**
 * A charge that succeeded for a booking: confirms the hold if it is still pending, and refunds money taken for a
 * booking that no longer exists (its hold was released) or that another charge paid. Gateway calls happen
 * outside any transaction.
 */
export async function settlePaidCharge(
  services: Pick<Services, 'db' | 'payments' | 'jobs'>,
  bookingId: number,
  intent: PaymentIntent,
): Promise<'confirmed' | 'refunded' | 'unchanged'> {
  if (await confirmBooking(services, bookingId, intent)) return 'confirmed';
  const [now] = await services.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!now || now.status === 'failed' || (now.paymentIntentId && now.paymentIntentId !== intent.id)) {
    await services.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: orphanRefundKey(intent.id) });
    return 'refunded';
  }
  return 'unchanged';
}

/**
 * Settles holds older than HOLD_MS whose request never came back (a crash, a closed tab): if the gateway has
 * a successful charge for the booking it is confirmed, otherwise the hold is released. Runs every minute; two
 * servers running it at once settle each hold once (both settle through the claims above).
 */
export async function settleExpiredHolds(services: Pick<Services, 'db' | 'payments' | 'jobs'>, now = new Date()): Promise<{ confirmed: number; released: number }> {
  const stale = await services.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lt(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.id));
  let confirmed = 0;
  let released = 0;
  for (const b of stale) {
    const intent = b.totalFeeCents > 0 && b.paymentKey ? await services.payments.findCharge({ idempotencyKey: b.paymentKey, bookingId: b.id }) : null;
    if (b.totalFeeCents <= 0) {
      if (await confirmBooking(services, b.id, null)) confirmed++;
    } else if (intent?.status === 'succeeded') {
      // Refunded instead if another path released the hold after our look (it found no charge yet).
      if ((await settlePaidCharge(services, b.id, intent)) === 'confirmed') confirmed++;
    } else if (await releaseHold(services, b.id, { code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE })) released++;
  }
  return { confirmed, released };
}
