// Bookings: the estimate, history, one booking (by its owner or a signed link), cancellation with refunds,
// and reconciliation from payment-provider events. Checkout itself is in checkout.ts.
import { TRPCError } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, locations, parkingProviders, userCredits, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { Context, Services } from '../../trpc/init';
import { refundPlan, refundShare } from '@/shared/cancellation';
import { billableDays, priceStay, stayLines } from '@/shared/pricing';
import { bookingByLink, instantAt, providerWithLocation, publicBooking } from './booking-view';
import { confirmBooking, releaseHold } from './checkout';
import { availableCredit } from './credit';
import { releaseDays } from './inventory';

type Ctx = Context;

export { availableCredit } from './credit';
export { createBooking, settleExpiredHolds, soldOutMessage, newConfirmationNumber, HOLD_MS } from './checkout';
export { passSvg } from './booking-mail';

// ---------------------------------------------------------------------------------------------------------
// Estimate

export function estimate(ctx: Pick<Ctx, 'db' | 'user'>, input: { providerId: number; arrivalDate: string; departureDate: string }) {
  const found = providerWithLocation(ctx.db, input.providerId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Provider not found' });
  const days = billableDays(input.arrivalDate, input.departureDate);
  const credit = ctx.user ? availableCredit(ctx.db, ctx.user.id, found.location.code) : 0;
  const stay = { dailyPrice: found.provider.price, weeklyRate: found.provider.weeklyRate, days };
  const price = priceStay({ ...stay, credit });
  return { ...price, creditApplied: price.credit, dailyPrice: found.provider.price, lines: stayLines(stay) };
}

// ---------------------------------------------------------------------------------------------------------
// History and one booking

export function bookingHistory(db: DB, userId: number) {
  const rows = db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.userId, userId), sql`${bookings.status} != 'pending'`))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .all();
  const now = Date.now();
  return rows.map(({ booking: b, provider: p, state }) => {
    const startsAt = instantAt(b.arrivalDate, state);
    const hoursBefore = (startsAt.getTime() - now) / 3_600_000;
    const plan = refundPlan(b, refundShare(p.cancellationPolicy, hoursBefore));
    return {
      ...publicBooking(b),
      providerName: p.name,
      providerSlug: p.slug,
      providerLocation: p.location,
      address: p.address,
      providerPhone: p.phoneNumber,
      shuttleInfo: p.shuttleInfo,
      cancellationPolicy: p.cancellationPolicy,
      /** When the stay starts, as an instant (the dates are lot-local wall-clock times). */
      startsAt,
      endsAt: instantAt(b.departureDate, state),
      cancellable: b.status === 'confirmed' && hoursBefore > 0,
      /** What cancelling now would return. */
      refundIfCancelledNow: plan,
    };
  });
}

export function getBooking(db: DB, userId: number, confirmationNumber: string) {
  const found = bookingHistory(db, userId).find((b) => b.confirmationNumber === confirmationNumber.trim().toUpperCase());
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Booking not found' });
  return found;
}

/** One booking through its signed link (a guest's thank-you page, the confirmation e-mail), without a session. */
export function getBookingByLink(db: DB, confirmationNumber: string, token: string) {
  return bookingByLink(db, confirmationNumber, token);
}

// ---------------------------------------------------------------------------------------------------------
// Cancellation

export async function cancelBooking(ctx: Ctx & { user: NonNullable<Ctx['user']> }, input: { id: number; reason: string }) {
  const { db } = ctx;
  const row = db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.id, input.id), eq(bookings.userId, ctx.user.id)))
    .get();
  // Someone else's booking does not exist as far as this caller can tell.
  if (!row || row.booking.status === 'pending') throw new TRPCError({ code: 'NOT_FOUND', message: 'Booking not found' });
  const { booking: b, provider } = row;
  if (b.status === 'cancelled') throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking is already cancelled.' });
  if (b.status !== 'confirmed') throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only confirmed bookings can be cancelled.' });
  const now = new Date();
  const hoursBefore = (instantAt(b.arrivalDate, row.state).getTime() - now.getTime()) / 3_600_000;
  if (hoursBefore <= 0) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking has already started and can no longer be cancelled.' });

  // One transaction: the claim (so two clicks cannot refund twice), the credit returned, and the refund and
  // e-mail as jobs, so neither a crash nor a slow gateway can leave a cancellation half done.
  const plan = refundPlan(b, refundShare(provider.cancellationPolicy, hoursBefore));
  db.transaction(
    (tx) => {
      const claimed = tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, cancellationReason: input.reason || null, refundedAmount: plan.card })
        .where(and(eq(bookings.id, b.id), eq(bookings.status, 'confirmed')))
        .returning({ id: bookings.id })
        .get();
      if (!claimed) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking is already cancelled.' });
      releaseDays(tx, b.providerId, b.arrivalDate, b.departureDate);
      if (plan.credit > 0) {
        tx.insert(userCredits)
          .values({ userId: b.userId, amount: plan.credit, type: 'refund', description: `Credit returned from cancelled booking ${b.confirmationNumber}`, relatedBookingId: b.id })
          .run();
        tx.update(users).set({ creditBalance: sql`${users.creditBalance} + ${plan.credit}` }).where(eq(users.id, b.userId)).run();
      }
      if (plan.card > 0 && b.paymentIntentId) {
        enqueueJob(tx, 'payments.refund', { paymentIntentId: b.paymentIntentId, amount: Math.round(plan.card * 100), idempotencyKey: `refund-booking-${b.id}` }, { dedupeKey: `refund-booking-${b.id}` });
      }
      enqueueJob(tx, 'mail.booking-cancelled', { bookingId: b.id, refund: plan.card, credit: plan.credit }, { dedupeKey: `booking-cancelled:${b.id}` });
    },
    { behavior: 'immediate' },
  );
  ctx.jobs.kick();

  const updated = db.select().from(bookings).where(eq(bookings.id, b.id)).get()!;
  return { success: true as const, booking: publicBooking(updated), refundAmount: plan.card, creditReturned: plan.credit };
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation from payment-provider events (webhooks)

/**
 * A booking charge succeeded at the provider. Normally the checkout request has confirmed it already; if that
 * request died after the charge, the held booking is confirmed here (as the retry or the reaper would), and
 * money taken for a booking that no longer exists (its hold was released) is refunded.
 */
export async function reconcileBookingPaid(services: Pick<Services, 'db' | 'payments' | 'jobs'>, intent: { id: string; amount: number; bookingId: number; card?: { brand: string; last4: string } }) {
  const booking = services.db.select().from(bookings).where(eq(bookings.id, intent.bookingId)).get();
  if (booking?.status === 'pending') {
    if (confirmBooking(services, booking.id, { id: intent.id, amount: intent.amount, card: intent.card, status: 'succeeded', clientSecret: '', currency: 'usd', metadata: {} })) return 'confirmed' as const;
  }
  const now = services.db.select().from(bookings).where(eq(bookings.id, intent.bookingId)).get();
  if (!now || now.status === 'failed' || (now.paymentIntentId && now.paymentIntentId !== intent.id)) {
    await services.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: `orphan-charge-${intent.id}` });
    return 'refunded' as const;
  }
  return 'unchanged' as const;
}

/** A booking charge failed at the provider: a hold still waiting on it is released. */
export function reconcileBookingFailed(db: DB, bookingId: number, message = 'Your card was declined.') {
  releaseHold({ db }, bookingId, { code: 'PAYMENT_REQUIRED', message });
}

/** A refund happened at the provider (from our cancellation or the provider's dashboard): record the total. */
export function reconcileRefund(db: DB, paymentIntentId: string, amountRefundedCents: number) {
  db.update(bookings).set({ refundedAmount: amountRefundedCents / 100 }).where(eq(bookings.paymentIntentId, paymentIntentId)).run();
}
