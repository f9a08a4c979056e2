// Managing one booking from any device (/manage/{confirmation}): who may (its signed-in owner, or whoever holds
// a live 'manage' link from its e-mail), what they see (the pass, the receipt, the changes so far, what they
// may do now), a new vehicle (new flights: travel.ts, through the same changeDetails), cancelling, ending every
// link, and asking for a fresh link by confirmation number and e-mail. Changes of dates are in change-dates.ts.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { bookingChanges, bookings, guaranteeClaims, locations, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { appliedCancellationPolicy, planInDollars, refundPlan, refundShare } from '@/shared/cancellation';
import { toDollars } from '@/shared/money';
import type { TChangeVehicleInput, TManageRef, TRequestManageLink } from '@/shared/schemas/manage';
import { lotWallClockOrNull } from '../catalogue/lot-time';
import { overstayDue } from './overstay';
import { reviewsOfBookings } from '../reviews/reviews.service';
import { bookingWithLot, guaranteeCover, LINK_INVALID_MESSAGE, linkOpens, revokeBookingLinks, type BookingRow } from './booking-view';
import { allowedChanges, assertAllowed, bookingActions, CANCELLED_MESSAGE, CHANGE_IN_PROGRESS_MESSAGE, FINISHED_MESSAGE, stayClock } from './booking-rules';
import { vehicleText } from '@/shared/vehicle-text';

type Ctx = Context;
export type Managed = Awaited<ReturnType<typeof loadManaged>>;

/**
 * The booking a caller may manage: its owner signed in, or a live link token for it. Anything else (no such
 * booking, someone else's, a tampered or expired link) is the same 404, so nobody learns what exists.
 */
export async function loadManaged(ctx: Pick<Ctx, 'db' | 'user' | 'clock'>, ref: { confirmationNumber: string; token?: string }) {
  const [row] = await ctx.db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.confirmationNumber, ref.confirmationNumber.trim().toUpperCase()));
  const live = row && row.booking.status !== 'pending' && row.booking.status !== 'failed';
  const owner = live && ctx.user?.id === row.booking.userId;
  const linked = live && !owner && ref.token ? await linkOpens(ctx.db, row.booking.id, ref.token, 'manage', ctx.clock.now()) : false;
  if (!row || !(owner || linked)) throw new AppError('NOT_FOUND', ref.token ? LINK_INVALID_MESSAGE : 'Booking not found');
  return { ...row, via: owner ? ('owner' as const) : ('link' as const) };
}

/** Everything the manage page shows: the booking and its lot, the receipt, the changes so far, the actions allowed now. */
export async function getManaged(ctx: Pick<Ctx, 'db' | 'user' | 'clock'>, ref: TManageRef) {
  const m = await loadManaged(ctx, ref);
  return manageView(ctx, m);
}

export async function manageView(ctx: Pick<Ctx, 'db' | 'clock'>, m: Pick<Managed, 'booking' | 'provider' | 'state' | 'via'>) {
  const { booking: b, provider: p, state } = m;
  const now = ctx.clock.now();
  const clock = stayClock(m, now);
  const changes = await ctx.db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, b.id), eq(bookingChanges.status, 'applied')))
    .orderBy(asc(bookingChanges.id));
  const allowed = allowedChanges(b, clock);
  const review = (await reviewsOfBookings(ctx.db, [b.id], now)).get(b.id) ?? null;
  // The guarantee once per trip: not again on a booking claimed for, nor on the booking a move made (read only in the window).
  if (allowed.guarantee && (await guaranteeClaimed(ctx.db, b.id))) allowed.guarantee = false;
  return {
    ...bookingWithLot(b, p, state),
    via: m.via,
    cancellationPolicy: appliedCancellationPolicy(p.cancellationPolicy),
    /** Paid by the platform under the parking guarantee (a move to a dearer lot): parking + fee − credit − this = total. */
    guaranteeCovered: toDollars(await guaranteeCover(ctx.db, b.id)),
    checkedInLocal: lotWallClockOrNull(b.checkedInAt, state),
    checkedOutLocal: lotWallClockOrNull(b.checkedOutAt, state),
    allowed,
    /** The stay's review: written (with its moderation state), or whether the prompt to write one shows. */
    review,
    reviewable: !review && !bookingActions(b, clock).review,
    /** A late check-out no card on file paid: "Overstay due $X — Pay now" (overstay-pay.ts). */
    overstayDue: await overstayDue(ctx.db, b.id),
    /** Flights (an airport) or a ship and sailing date (a cruise port): what the travel form asks for. */
    travelKind: (await ctx.db.select({ kind: locations.kind }).from(locations).where(eq(locations.id, p.locationId)))[0]?.kind ?? 'airport',
    /** What cancelling now would give back (when cancelling is allowed). */
    refundIfCancelledNow: allowed.cancel ? planInDollars(refundPlan(b, refundShare(p.cancellationPolicy, (clock.startsAt.getTime() - now.getTime()) / 3_600_000))) : null,
    changes: changes.map((c) => ({
      id: c.id,
      kind: c.kind,
      at: c.createdAt,
      fromArrival: c.fromArrival,
      fromDeparture: c.fromDeparture,
      toArrival: c.toArrival,
      toDeparture: c.toDeparture,
      fromVehicle: c.fromVehicle,
      toVehicle: c.toVehicle,
      fromTravel: c.fromTravel,
      toTravel: c.toTravel,
      charged: toDollars(c.chargedCents),
      refunded: toDollars(c.refundedCents),
      creditReturned: toDollars(c.creditReturnedCents),
      card: c.cardLast4 ? { brand: c.cardBrand, last4: c.cardLast4 } : null,
    })),
  };
}
export type TManagedBooking = Awaited<ReturnType<typeof manageView>>;

/** Whether the guarantee was claimed for this booking, or this booking is where a claim moved a traveller. */
export async function guaranteeClaimed(db: Pick<Ctx['db'], 'select'>, bookingId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: guaranteeClaims.id })
    .from(guaranteeClaims)
    .where(or(eq(guaranteeClaims.bookingId, bookingId), eq(guaranteeClaims.newBookingId, bookingId)))
    .limit(1);
  return Boolean(found);
}

/** A new vehicle or plate, until departure: the lot's gate and pass read the booking, so they show it at once. */
export async function changeVehicle(ctx: Ctx, input: TChangeVehicleInput & { licensePlate?: string }) {
  const m = await loadManaged(ctx, input);
  const b = m.booking;
  const next = { vehicleMake: input.vehicleMake.trim(), vehicleModel: input.vehicleModel.trim(), licensePlate: (input.licensePlate ?? '').trim().toUpperCase() };
  assertAllowed(bookingActions(b, stayClock(m, ctx.clock.now())).vehicle);
  if (vehicleText(next) === vehicleText(b)) return manageView(ctx, m);
  return changeDetails(ctx, m, next, { kind: 'vehicle', fromVehicle: vehicleText(b), toVehicle: vehicleText(next) });
}

/**
 * A change of the booking's details that moves no money (its vehicle, its flights), until departure: the booking
 * updated, the change in its history and the pass e-mailed again with it, in one transaction.
 */
export async function changeDetails(
  ctx: Ctx,
  m: Managed,
  set: Partial<typeof bookings.$inferInsert>,
  change: Pick<typeof bookingChanges.$inferInsert, 'kind' | 'fromVehicle' | 'toVehicle' | 'fromTravel' | 'toTravel'>,
) {
  const b = m.booking;
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set(set)
      .where(and(eq(bookings.id, b.id), eq(bookings.status, 'confirmed'), isNull(bookings.checkedOutAt)))
      .returning();
    if (!row) throw new AppError('BAD_REQUEST', FINISHED_MESSAGE);
    const [made] = await tx
      .insert(bookingChanges)
      .values({ ...change, bookingId: b.id, status: 'applied', changedBy: ctx.user?.id ?? null, parkingFeeBeforeCents: b.parkingFeeCents, parkingFeeAfterCents: b.parkingFeeCents })
      .returning({ id: bookingChanges.id });
    await enqueueJob(tx, 'mail.booking-changed', { bookingId: b.id, changeId: made!.id }, { dedupeKey: `booking-changed:${made!.id}` });
    return row;
  });
  ctx.jobs.kick();
  return manageView(ctx, { ...m, booking: updated });
}

/** Ends every link to the booking (a forwarded e-mail, a shared phone): only its owner signed in can open it after. */
export async function endLinks(ctx: Ctx, ref: TManageRef) {
  const m = await loadManaged(ctx, ref);
  await revokeBookingLinks(ctx.db, m.booking.id);
  return { success: true as const };
}

/**
 * A fresh manage link, sent only to the booking's own e-mail. The answer is the same whether or not the
 * confirmation number and e-mail match, and the link is minted by the mail job (never in a response). Requests
 * are limited per address and per booking (manageLinkProcedure, trpc/rate-limits.ts).
 */
export async function requestManageLink(ctx: Ctx, input: TRequestManageLink & { email: string; confirmationNumber: string }) {
  const [b] = await ctx.db
    .select({ id: bookings.id, email: bookings.email, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.confirmationNumber, input.confirmationNumber));
  if (b && b.email.toLowerCase() === input.email && b.status !== 'pending' && b.status !== 'failed') {
    await enqueueJob(ctx.db, 'mail.booking-link', { bookingId: b.id });
    ctx.jobs.kick();
  }
  return { success: true as const };
}

/** Refuses a change of a booking whose row moved on (cancelled, mid-change) since it was read. */
export function changeRefusal(b: Pick<BookingRow, 'status' | 'pendingChangeId'> | undefined): AppError {
  if (b?.status === 'cancelled') return new AppError('BAD_REQUEST', CANCELLED_MESSAGE);
  if (b?.status === 'confirmed') return new AppError('CONFLICT', CHANGE_IN_PROGRESS_MESSAGE);
  return new AppError('BAD_REQUEST', FINISHED_MESSAGE);
}
