// What a traveller may change on a booking, and when (one place for the rules and their words): new dates before
// arrival, a later departure during the stay, the vehicle until departure; never a cancelled, finished or
// mid-change booking.
import { MAX_ADVANCE_DAYS, MAX_ADVANCE_MESSAGE } from '@/shared/schemas/bookings';
import type { BookingRow } from './booking-view';

export const CHANGE_IN_PROGRESS_MESSAGE = 'A change to this booking is being processed. Please try again in a minute.';
export const CANCELLED_MESSAGE = 'This booking is cancelled and can no longer be changed.';
export const FINISHED_MESSAGE = 'This stay is over and can no longer be changed.';
export const SAME_DATES_MESSAGE = 'These are already your dates. Pick new dates to change the booking.';
export const STARTED_MESSAGE = 'Your stay has started, so only the departure can change: pick a later departure to extend it.';
export const PAYMENT_NEEDED_MESSAGE = 'Please enter a card to pay the difference.';

export interface StayClock {
  /** When the stay starts and ends, as instants. */
  startsAt: Date;
  endsAt: Date;
  now: Date;
}

/** What the booking allows now (the manage page shows the actions this says yes to). */
export function allowedChanges(b: Pick<BookingRow, 'status' | 'checkedInAt' | 'checkedOutAt' | 'pendingChangeId'>, t: StayClock) {
  const live = b.status === 'confirmed' && !b.checkedOutAt && t.now < t.endsAt;
  const started = Boolean(b.checkedInAt) || t.now >= t.startsAt;
  return {
    /** Both dates may move (before arrival). */
    dates: live && !started,
    /** Only a later departure (during the stay). */
    extend: live && started,
    vehicle: live,
    cancel: live && !started,
    changing: b.pendingChangeId !== null,
  };
}

/** Why a booking cannot take these new dates now, or null (availability and payment are checked after). */
export function dateChangeProblem(
  b: Pick<BookingRow, 'status' | 'checkedInAt' | 'checkedOutAt' | 'pendingChangeId' | 'arrivalDate' | 'departureDate'>,
  next: { arrival: string; departure: string; arrivalAt: Date; departureAt: Date },
  t: StayClock,
): string | null {
  if (b.status === 'cancelled') return CANCELLED_MESSAGE;
  const allowed = allowedChanges(b, t);
  if (b.status !== 'confirmed' || (!allowed.dates && !allowed.extend)) return FINISHED_MESSAGE;
  if (allowed.changing) return CHANGE_IN_PROGRESS_MESSAGE;
  if (next.arrival === b.arrivalDate && next.departure === b.departureDate) return SAME_DATES_MESSAGE;
  if (allowed.extend) {
    if (next.arrival !== b.arrivalDate || next.departure <= b.departureDate) return STARTED_MESSAGE;
    return null;
  }
  if (next.arrivalAt < t.now) return 'Arrival date cannot be in the past';
  if (next.arrivalAt.getTime() > t.now.getTime() + MAX_ADVANCE_DAYS * 86_400_000) return MAX_ADVANCE_MESSAGE;
  return null;
}
