// Bookings: the estimate, history, one booking (by its owner or a signed link), cancellation with refunds,
// and reconciliation from payment-provider events. Checkout itself is in checkout.ts.
import { countBooking } from '../../observability/metrics';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingChanges, bookingPayments, bookings, locations, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { planInDollars, refundPlan, refundShare } from '@/shared/cancellation';
import { add, cents, neg, sub, toDollars, ZERO } from '@/shared/money';
import { billableDays, breakdownInDollars, linesInDollars, priceStay, stayLines, toWallClock } from '@/shared/pricing';
import { bookingByLink, lotOfBooking, providerWithLocation, publicBooking } from './booking-view';
import { availableCredit, type CreditOwner } from './credit';
import { releaseDays } from './inventory';
import { giveBack, recordCancellation, syncChargeRefund } from './ledger';
import { recordPartnerLine, recordProviderRefundLine } from '../partners/ledger';
import { ALREADY_CANCELLED_MESSAGE, assertAllowed, bookingActions, stayClock, unchangedSinceRead } from './booking-rules';
import { reviewsOfBookings } from '../reviews/reviews.service';
import { loadManaged } from './manage';
import { lotDayRatesForStay } from '../lot-days/day-rates';
import { lotWallClockOrNull } from '../catalogue/lot-time';
import { stayProblem } from './stay-problems';

type Ctx = Context;

export { availableCredit } from './credit';
export { createBooking, settleExpiredHolds, soldOutMessage, newConfirmationNumber, HOLD_MS } from './checkout';
export { passSvg } from './booking-mail';

// ---------------------------------------------------------------------------------------------------------
// Estimate

/**
 * What the stay costs now, as checkout would charge it (day rates included), with the lines that explain it,
 * and `problem`: why checkout would refuse these dates now (past, closed, sold out...), at its field, or null.
 * The credit is the signed-in traveller's, or for a guest the credit of the e-mail they typed (as checkout
 * applies it).
 */
export async function estimate(ctx: Pick<Ctx, 'db' | 'user' | 'clock'>, input: { providerId: number; arrivalDate: string; departureDate: string; email?: string }) {
  const found = await providerWithLocation(ctx.db, input.providerId);
  if (!found) throw new AppError('NOT_FOUND', 'Provider not found');
  const arrival = toWallClock(input.arrivalDate)!;
  const departure = toWallClock(input.departureDate)!;
  const days = billableDays(arrival, departure);
  const owner: CreditOwner | null = ctx.user ? { userId: ctx.user.id } : input.email ? { email: input.email } : null;
  const [credit, dayRates, problem] = await Promise.all([
    owner ? availableCredit(ctx.db, owner, found.location.code) : ZERO,
    lotDayRatesForStay(ctx.db, found.provider.id, arrival, departure),
    stayProblem(ctx.db, found, arrival, departure, ctx.clock.now()),
  ]);
  const stay = { dailyPrice: found.provider.priceCents, weeklyRate: found.provider.weeklyRateCents, days, dayRates };
  // Dollars: the API shows dollars.
  const price = breakdownInDollars(priceStay({ ...stay, credit }));
  /** The total without the traveller's credit (what the lot's page quotes). */
  const totalBeforeCredit = toDollars(priceStay(stay).total);
  return { ...price, creditApplied: price.credit, dailyPrice: toDollars(found.provider.priceCents), lines: linesInDollars(stayLines(stay)), totalBeforeCredit, problem };
}

// ---------------------------------------------------------------------------------------------------------
// History and one booking

/** A user's bookings with what each allows at `now` (the app's clock: cancelling decides on the same one). */
export async function bookingHistory(db: DB, userId: number, now: Date) {
  const rows = await db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.userId, userId), ne(bookings.status, 'pending')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  const written = await reviewsOfBookings(
    db,
    rows.filter((r) => r.booking.status === 'completed' || r.booking.status === 'confirmed').map((r) => r.booking.id),
    now,
  );
  return rows.map(({ booking: b, provider: p, state }) => {
    const clock = stayClock({ booking: b, provider: p, state }, now);
    const hoursBefore = (clock.startsAt.getTime() - now.getTime()) / 3_600_000;
    const actions = bookingActions(b, clock);
    const cancelRefusal = actions.cancel;
    const review = written.get(b.id) ?? null;
    const cancellable = !cancelRefusal;
    const plan = cancellable ? refundPlan(b, refundShare(p.cancellationPolicy, hoursBefore)) : { card: ZERO, credit: ZERO };
    return {
      ...publicBooking(b),
      ...lotOfBooking(p),
      providerLocation: p.location,
      cancellationPolicy: p.cancellationPolicy,
      /** When the stay starts, as an instant (the dates are lot-local wall-clock times). */
      startsAt: clock.startsAt,
      endsAt: clock.endsAt,
      /** The booking rule says it may be cancelled now (never once the car is checked in). */
      cancellable,
      /** Why not, in the rule's words (null when it may be cancelled). */
      cancelRefusal: cancelRefusal?.message ?? null,
      /** What cancelling now would return. */
      refundIfCancelledNow: planInDollars(plan),
      /** At the gate: when the car came in and went out, and the same as lot-local wall-clock times ('YYYY-MM-DDTHH:mm'). */
      checkedInAt: b.checkedInAt,
      checkedOutAt: b.checkedOutAt,
      checkedInLocal: lotWallClockOrNull(b.checkedInAt, state),
      checkedOutLocal: lotWallClockOrNull(b.checkedOutAt, state),
      /** The stay's review (with its moderation state and any rejection reason), or whether "Review your stay" shows. */
      review,
      reviewable: !review && !actions.review,
    };
  });
}

export async function getBooking(db: DB, userId: number, confirmationNumber: string, now: Date) {
  const found = (await bookingHistory(db, userId, now)).find((b) => b.confirmationNumber === confirmationNumber.trim().toUpperCase());
  if (!found) throw new AppError('NOT_FOUND', 'Booking not found');
  return found;
}

/** One booking through its signed link (a guest's thank-you page, the confirmation e-mail), without a session. */
export async function getBookingByLink(db: DB, confirmationNumber: string, token: string) {
  return bookingByLink(db, confirmationNumber, token);
}

// ---------------------------------------------------------------------------------------------------------
// Cancellation

export async function cancelBooking(ctx: Ctx & { user: NonNullable<Ctx['user']> }, input: { id: number; reason: string }) {
  const [row] = await ctx.db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.id, input.id), eq(bookings.userId, ctx.user.id)));
  // Someone else's booking does not exist as far as this caller can tell.
  if (!row || row.booking.status === 'pending') throw new AppError('NOT_FOUND', 'Booking not found');
  return cancelLoaded(ctx, row, input.reason);
}

/** Cancelling from the manage page: its owner signed in, or whoever holds the booking's manage link. */
export async function cancelManaged(ctx: Ctx, input: { confirmationNumber: string; token?: string; reason: string }) {
  const row = await loadManaged(ctx, input);
  return cancelLoaded(ctx, row, input.reason);
}

async function cancelLoaded(ctx: Ctx, row: { booking: typeof bookings.$inferSelect; provider: typeof parkingProviders.$inferSelect; state: string }, reason: string) {
  const { db } = ctx;
  const { booking: b, provider } = row;
  const now = ctx.clock.now();
  const clock = stayClock(row, now);
  assertAllowed(bookingActions(b, clock).cancel);
  const hoursBefore = (clock.startsAt.getTime() - now.getTime()) / 3_600_000;

  // One transaction: the claim (so two clicks cannot refund twice), the credit returned, the ledger's line,
  // and the refund and e-mail as jobs, so neither a crash nor a slow gateway can leave a cancellation half done.
  const plan = refundPlan(b, refundShare(provider.cancellationPolicy, hoursBefore));
  const updated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, cancellationReason: reason || null, refundedCents: sql`${bookings.refundedCents} + ${plan.card}` })
      // The booking as read above: not checked in (the gate's claim races this one), not mid-change, and not
      // changed since (its refund was planned on these dates and this money).
      .where(and(unchangedSinceRead(b), isNull(bookings.checkedInAt)))
      .returning();
    if (!claimed) {
      const [seen] = await tx.select().from(bookings).where(eq(bookings.id, b.id));
      assertAllowed(seen ? bookingActions(seen, clock).cancel : { code: 'BAD_REQUEST', message: ALREADY_CANCELLED_MESSAGE });
      throw new AppError('CONFLICT', 'This booking changed meanwhile. Please reload it and try again.');
    }
    // Lot days before the user row, in the order checkout takes them.
    await releaseDays(tx, b.providerId, b.arrivalDate, b.departureDate);
    await recordCancellation(tx, b, ctx.user?.id ?? null, plan);
    // The card part split over the booking's charges (checkout's and any change's), newest first.
    await giveBack(tx, b, plan, `refund-booking-${b.id}`, `Credit returned from cancelled booking ${b.confirmationNumber}`);
    await recordPartnerLine(tx, b, { kind: 'refund', sourceKey: `cancel:${b.id}`, gross: neg(add(plan.card, plan.credit)), at: ctx.clock.now() });
    await enqueueJob(tx, 'mail.booking-cancelled', { bookingId: b.id, refundCents: plan.card, creditCents: plan.credit }, { dedupeKey: `booking-cancelled:${b.id}` });
    return claimed;
  });
  countBooking('cancelled');
  ctx.jobs.kick();

  return { success: true as const, booking: publicBooking(updated), refundAmount: toDollars(plan.card), creditReturned: toDollars(plan.credit) };
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation from payment-provider events (webhooks)

/**
 * A refund happened at the provider (from our cancellation or the provider's dashboard): record the total. Our
 * own refunds are counted before they are sent, so only money refunded in the dashboard raises it; that part is
 * also taken from the partner's share (partners/ledger.ts).
 */
export async function reconcileRefund(db: DB, paymentIntentId: string, amountRefundedCents: number, at = new Date()): Promise<void> {
  const refundedTotal = cents(amountRefundedCents);
  await db.transaction(async (tx) => {
    const [charge] = await tx.select().from(bookingPayments).where(eq(bookingPayments.paymentIntentId, paymentIntentId));
    await syncChargeRefund(tx, paymentIntentId, refundedTotal);
    // The booking's refunded total follows its checkout charge while it has no other card money (a booking
    // whose dates changed keeps its own account of refunds in the ledger).
    await tx
      .update(bookings)
      .set({ refundedCents: refundedTotal })
      .where(
        and(
          eq(bookings.paymentIntentId, paymentIntentId),
          sql`not exists (select 1 from ${bookingChanges} where ${bookingChanges.bookingId} = ${bookings.id} and ${bookingChanges.kind} = 'dates' and ${bookingChanges.status} = 'applied')`,
        ),
      );
    const extra = charge ? sub(refundedTotal, charge.refundedCents) : ZERO;
    if (charge && extra > 0) await recordProviderRefundLine(tx, { bookingId: charge.bookingId, paymentIntentId, extra, refundedTotal, at });
  });
}
