// Whether a parking pass is good at the gate right now, and why not: the rules in one pure function, so the
// lookup shows exactly what check-in and check-out then enforce.
//
// A pass is valid for check-in at its own lot from EARLY_ARRIVAL_MS before its arrival time until its
// departure time (lot-local), once paid and not cancelled, and only once. Check-out needs a check-in first and
// is allowed at any time after it (a car that stays late still has to leave).
import { formatStay } from '@/shared/format';
import { otherLotMessage } from '@/shared/schemas/gate';
import type { bookings } from '../../db/schema';
import { instantAt } from '../bookings/booking-view';
import { lotWallClock } from '../catalogue/lot-time';

export const EARLY_ARRIVAL_MS = 2 * 3_600_000;

type Booking = Pick<typeof bookings.$inferSelect, 'status' | 'providerId' | 'arrivalDate' | 'departureDate' | 'checkedInAt' | 'checkedOutAt'>;

export interface PassVerdict {
  /** The next step at the gate may be taken: the car may come in (check in) or, once in, go out (check out). */
  valid: boolean;
  /** One sentence for the staff member: why it is valid or why not. */
  reason: string;
  canCheckIn: boolean;
  canCheckOut: boolean;
}

/** A verdict and what a check-in or a check-out would answer (null: allowed). */
export interface PassRuling extends PassVerdict {
  checkInRefusal: string | null;
  checkOutRefusal: string | null;
}

const refused = (reason: string): PassRuling => ({ valid: false, reason, canCheckIn: false, canCheckOut: false, checkInRefusal: reason, checkOutRefusal: reason });

/**
 * The ruling on a booking at `now`. `atLot` is the lot whose gate is asking (when known) and `lotName` the
 * booking's own lot; `state` is that lot's state (its time zone).
 */
export function passRuling(b: Booking, opts: { now: Date; state: string; lotName: string; atLot?: number }): PassRuling {
  const local = (instant: Date) => formatStay(lotWallClock(instant, opts.state));
  if (b.status === 'pending') return refused('Not paid: the payment for this booking is not complete.');
  if (b.status === 'failed') return refused('Not paid: the payment for this booking failed.');
  if (b.status === 'cancelled') return refused('Cancelled: this booking was cancelled and is no longer valid.');
  if (opts.atLot !== undefined && opts.atLot !== b.providerId) return refused(otherLotMessage(opts.lotName));
  if (b.checkedOutAt) return refused(`Already checked out on ${local(b.checkedOutAt)}.`);
  if (b.status === 'completed') return refused('This booking is already completed.');
  const arrival = instantAt(b.arrivalDate, opts.state).getTime();
  const departure = instantAt(b.departureDate, opts.state).getTime();
  const now = opts.now.getTime();
  if (b.checkedInAt) {
    const late = now > departure ? ` Its departure time (${formatStay(b.departureDate)}) has passed.` : '';
    return {
      valid: true,
      reason: `Checked in on ${local(b.checkedInAt)}: check out when the car leaves.${late}`,
      canCheckIn: false,
      canCheckOut: true,
      checkInRefusal: `Already checked in on ${local(b.checkedInAt)}.`,
      checkOutRefusal: null,
    };
  }
  if (now < arrival - EARLY_ARRIVAL_MS) {
    return refused(`Too early: arrival is ${formatStay(b.arrivalDate)}; check-in opens ${local(new Date(arrival - EARLY_ARRIVAL_MS))}.`);
  }
  if (now > departure) return refused(`Expired: this booking ended on ${formatStay(b.departureDate)}.`);
  const reason =
    now < arrival ? `Early arrival, booked from ${formatStay(b.arrivalDate)}: valid until ${formatStay(b.departureDate)}.` : `Valid until ${formatStay(b.departureDate)}.`;
  return { valid: true, reason, canCheckIn: true, canCheckOut: false, checkInRefusal: null, checkOutRefusal: 'Not checked in yet: check the car in first.' };
}

/** What a lookup shows: the verdict without the refusals. */
export function verdictOf(r: PassRuling): PassVerdict {
  return { valid: r.valid, reason: r.reason, canCheckIn: r.canCheckIn, canCheckOut: r.canCheckOut };
}
