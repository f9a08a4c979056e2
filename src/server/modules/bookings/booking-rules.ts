// What may happen to a booking now, and why not: the one rule every door asks (booking history, the manage
// page, REST and tRPC, the support chat). Cancel before the stay starts and never once the car is in; new
// dates before arrival, a later departure during the stay, neither at a lot that no longer sells; the vehicle
// until departure; nothing on a cancelled, finished or mid-change booking. (The gate's own check-in and
// check-out rulings are in ../gate/pass-rules.ts.)
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { AppError } from '../../errors';
import { MAX_ADVANCE_DAYS, MAX_ADVANCE_MESSAGE } from '@/shared/schemas/bookings';
import { PAST_ARRIVAL_MESSAGE } from '@/shared/schemas/search';
import { instantAt, type BookingRow } from './booking-view';

export const CHANGE_IN_PROGRESS_MESSAGE = 'A change to this booking is being processed. Please try again in a minute.';
export const CANCELLED_MESSAGE = 'This booking is cancelled and can no longer be changed.';
export const FINISHED_MESSAGE = 'This stay is over and can no longer be changed.';
export const SAME_DATES_MESSAGE = 'These are already your dates. Pick new dates to change the booking.';
export const STARTED_MESSAGE = 'Your stay has started, so only the departure can change: pick a later departure to extend it.';
export const PAYMENT_NEEDED_MESSAGE = 'Please enter a card to pay the difference.';
export const UNLISTED_MESSAGE =
  "This lot is no longer taking bookings, so this booking's dates can't be changed. You can still change the vehicle, or cancel under the lot's policy.";
export const ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled.';
export const CHECKED_IN_MESSAGE = 'Your car is checked in at the lot, so this booking can no longer be cancelled.';
export const STAY_OVER_CANCEL_MESSAGE = 'This stay is over, so the booking can no longer be cancelled.';
export const STARTED_CANCEL_MESSAGE = 'This booking has already started and can no longer be cancelled.';
export const NOT_CONFIRMED_MESSAGE = 'Only confirmed bookings can be cancelled.';
export const REVIEW_NOT_OVER_MESSAGE = 'You can review this stay once it has ended.';
export const REVIEW_CANCELLED_MESSAGE = 'This booking was cancelled, so there is no stay to review.';
export const REVIEW_CLAIMED_MESSAGE = 'This booking was turned away under our parking guarantee, so there is no stay to review.';
export const GUARANTEE_CHECKED_IN_MESSAGE = 'Your car was checked in at the lot, so the parking guarantee no longer applies to this booking.';
export const GUARANTEE_TOO_EARLY_MESSAGE = 'The parking guarantee opens 2 hours before your arrival time. If the lot turns you away then, come back here.';
export const GUARANTEE_TOO_LATE_MESSAGE = 'The parking guarantee covers the first 24 hours from your arrival time, and that has passed.';
export const GUARANTEE_NOT_CONFIRMED_MESSAGE = 'Only a confirmed booking can claim the parking guarantee.';

/** The guarantee's arrival window: from 2 hours before the arrival time until 24 hours after it (never after departure). */
export const GUARANTEE_OPENS_BEFORE_MS = 2 * 3_600_000;
export const GUARANTEE_CLOSES_AFTER_MS = 24 * 3_600_000;

/** When a booking's guarantee may be claimed, as instants (the dates are lot-local wall-clock times). */
export function guaranteeWindow(t: Pick<StayClock, 'startsAt' | 'endsAt'>): { opensAt: Date; closesAt: Date } {
  const opensAt = new Date(t.startsAt.getTime() - GUARANTEE_OPENS_BEFORE_MS);
  const closesAt = new Date(Math.min(t.startsAt.getTime() + GUARANTEE_CLOSES_AFTER_MS, t.endsAt.getTime()));
  return { opensAt, closesAt };
}

export type BookingFacts = Pick<BookingRow, 'status' | 'checkedInAt' | 'checkedOutAt' | 'pendingChangeId'>;

export interface StayClock {
  /** When the stay starts and ends, as instants. */
  startsAt: Date;
  endsAt: Date;
  now: Date;
  /** The lot still sells (published): a booking at an unlisted lot keeps its dates. */
  lotListed: boolean;
}

/** Why an action is refused: the words and the HTTP class (400 for what the traveller asked, 409 for the booking's state). */
export interface Refusal {
  code: 'BAD_REQUEST' | 'CONFLICT';
  message: string;
}

/** The clock of a booking at its lot (dates are lot-local wall-clock times). */
export function stayClock(m: { booking: Pick<BookingRow, 'arrivalDate' | 'departureDate'>; provider: { published: number }; state: string }, now: Date): StayClock {
  return { startsAt: instantAt(m.booking.arrivalDate, m.state), endsAt: instantAt(m.booking.departureDate, m.state), now, lotListed: m.provider.published === 1 };
}

const no = (code: Refusal['code'], message: string): Refusal => ({ code, message });

/** Each action on the booking now: null when allowed, else why not. */
export function bookingActions(b: BookingFacts, t: StayClock) {
  const over = b.status === 'completed' || Boolean(b.checkedOutAt) || t.now >= t.endsAt;
  const started = Boolean(b.checkedInAt) || t.now >= t.startsAt;
  const changing = b.pendingChangeId !== null;
  // The refusal shared by every change: a booking that is not live.
  const dead =
    b.status === 'cancelled'
      ? no('BAD_REQUEST', CANCELLED_MESSAGE)
      : b.status !== 'confirmed' || over
        ? no('BAD_REQUEST', FINISHED_MESSAGE)
        : changing
          ? no('CONFLICT', CHANGE_IN_PROGRESS_MESSAGE)
          : null;
  const moving = dead ?? (t.lotListed ? null : no('CONFLICT', UNLISTED_MESSAGE));
  return {
    cancel:
      b.status === 'cancelled'
        ? no('BAD_REQUEST', ALREADY_CANCELLED_MESSAGE)
        : b.checkedOutAt || b.status === 'completed'
          ? no('CONFLICT', STAY_OVER_CANCEL_MESSAGE)
          : b.checkedInAt
            ? no('CONFLICT', CHECKED_IN_MESSAGE)
            : b.status !== 'confirmed'
              ? no('BAD_REQUEST', NOT_CONFIRMED_MESSAGE)
              : changing
                ? no('CONFLICT', CHANGE_IN_PROGRESS_MESSAGE)
                : started
                  ? no('BAD_REQUEST', STARTED_CANCEL_MESSAGE)
                  : null,
    /** Both dates may move (before arrival). */
    dates: moving ?? (started ? no('BAD_REQUEST', STARTED_MESSAGE) : null),
    /** Only a later departure (during the stay). */
    extend: moving ?? (started ? null : no('BAD_REQUEST', 'Your stay has not started yet: change its dates instead.')),
    vehicle: b.status === 'cancelled' ? no('BAD_REQUEST', CANCELLED_MESSAGE) : b.status !== 'confirmed' || over ? no('BAD_REQUEST', FINISHED_MESSAGE) : null,
    /** A verified-stay review: once the stay is over (checked out, or its departure passed), never for a cancelled booking. */
    review:
      b.status === 'cancelled'
        ? no('BAD_REQUEST', REVIEW_CANCELLED_MESSAGE)
        : (b.status === 'confirmed' || b.status === 'completed') && over
          ? null
          : no('BAD_REQUEST', REVIEW_NOT_OVER_MESSAGE),
    /** "The lot turned me away": confirmed, not checked in, within the arrival window (a claim made is refused by the service). */
    guarantee: guaranteeRefusal(b, t, changing),
    changing,
  };
}
export type BookingActions = ReturnType<typeof bookingActions>;

function guaranteeRefusal(b: BookingFacts, t: StayClock, changing: boolean): Refusal | null {
  if (b.status === 'cancelled') return no('CONFLICT', CANCELLED_MESSAGE);
  if (b.checkedInAt || b.checkedOutAt) return no('CONFLICT', GUARANTEE_CHECKED_IN_MESSAGE);
  if (b.status !== 'confirmed') return no('CONFLICT', GUARANTEE_NOT_CONFIRMED_MESSAGE);
  if (changing) return no('CONFLICT', CHANGE_IN_PROGRESS_MESSAGE);
  const { opensAt, closesAt } = guaranteeWindow(t);
  if (t.now < opensAt) return no('BAD_REQUEST', GUARANTEE_TOO_EARLY_MESSAGE);
  if (t.now >= closesAt) return no('BAD_REQUEST', GUARANTEE_TOO_LATE_MESSAGE);
  return null;
}

/** What the booking allows now, as yes/no (what the manage page and history show). */
export function allowedChanges(b: BookingFacts, t: StayClock) {
  const a = bookingActions(b, t);
  return { dates: !a.dates, extend: !a.extend, vehicle: !a.vehicle, cancel: !a.cancel, guarantee: !a.guarantee, changing: a.changing };
}

/** Throws the refusal, if any. */
export function assertAllowed(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** Why a booking cannot take these new dates now, or null (availability and payment are checked after). */
export function dateChangeProblem(
  b: BookingFacts & Pick<BookingRow, 'arrivalDate' | 'departureDate'>,
  next: { arrival: string; departure: string; arrivalAt: Date; departureAt: Date },
  t: StayClock,
): Refusal | null {
  const a = bookingActions(b, t);
  if (a.dates && a.extend) return a.dates.message === STARTED_MESSAGE ? a.extend : a.dates;
  if (next.arrival === b.arrivalDate && next.departure === b.departureDate) return no('BAD_REQUEST', SAME_DATES_MESSAGE);
  if (!a.extend) {
    if (next.arrival !== b.arrivalDate || next.departure <= b.departureDate) return no('BAD_REQUEST', STARTED_MESSAGE);
    return null;
  }
  if (next.arrivalAt < t.now) return no('BAD_REQUEST', PAST_ARRIVAL_MESSAGE);
  if (next.arrivalAt.getTime() > t.now.getTime() + MAX_ADVANCE_DAYS * 86_400_000) return no('BAD_REQUEST', MAX_ADVANCE_MESSAGE);
  return null;
}

/**
 * The booking's row is still as `b` was read: confirmed, not mid-change, the same dates and total. A plan made
 * on what was read (a refund, a change's difference) is applied only under this condition, in the same update.
 */
export function unchangedSinceRead(b: Pick<BookingRow, 'id' | 'arrivalDate' | 'departureDate' | 'totalFeeCents'>): SQL {
  return and(
    eq(bookings.id, b.id),
    eq(bookings.status, 'confirmed'),
    isNull(bookings.pendingChangeId),
    eq(bookings.arrivalDate, b.arrivalDate),
    eq(bookings.departureDate, b.departureDate),
    eq(bookings.totalFeeCents, b.totalFeeCents),
  )!;
}
