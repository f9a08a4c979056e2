// The one booking rule: what each door may do to a booking now.
import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  CHECKED_IN_MESSAGE,
  GUARANTEE_CHECKED_IN_MESSAGE,
  GUARANTEE_TOO_EARLY_MESSAGE,
  GUARANTEE_TOO_LATE_MESSAGE,
  STAY_OVER_CANCEL_MESSAGE,
  UNLISTED_MESSAGE,
} from './booking-rules';

/** A stay that ended (departure passed) before 24 hours from arrival: the window closed at departure. */
const FINISHED_GUARANTEE = GUARANTEE_TOO_LATE_MESSAGE;

const H = 3_600_000;
const now = new Date('2027-03-01T12:00:00Z');
const clock = (startsInHours: number, lengthHours = 72, lotListed = true) => ({
  now,
  startsAt: new Date(now.getTime() + startsInHours * H),
  endsAt: new Date(now.getTime() + (startsInHours + lengthHours) * H),
  lotListed,
});
const live = { status: 'confirmed' as const, checkedInAt: null, checkedOutAt: null, pendingChangeId: null };
const allowed = (a: ReturnType<typeof bookingActions>) =>
  Object.entries(a)
    .filter(([k, v]) => k !== 'changing' && v === null)
    .map(([k]) => k);

describe('bookingActions', () => {
  it('before arrival: cancel, new dates and vehicle', () => {
    expect(allowed(bookingActions(live, clock(48)))).toEqual(['cancel', 'dates', 'vehicle']);
  });
  it('during the stay: extend and vehicle only (and the guarantee, in its first 24 hours)', () => {
    expect(allowed(bookingActions(live, clock(-2)))).toEqual(['extend', 'vehicle', 'guarantee']);
  });
  it('the guarantee: from 2 hours before arrival to 24 hours after (never after departure), not once checked in', () => {
    expect(bookingActions(live, clock(2.5)).guarantee).toEqual({ code: 'BAD_REQUEST', message: GUARANTEE_TOO_EARLY_MESSAGE });
    expect(bookingActions(live, clock(2)).guarantee).toBeNull();
    expect(bookingActions(live, clock(-23.9)).guarantee).toBeNull();
    expect(bookingActions(live, clock(-24)).guarantee).toEqual({ code: 'BAD_REQUEST', message: GUARANTEE_TOO_LATE_MESSAGE });
    expect(bookingActions(live, clock(-5, 4)).guarantee?.message).toBe(FINISHED_GUARANTEE);
    expect(bookingActions({ ...live, checkedInAt: new Date() }, clock(1)).guarantee).toEqual({ code: 'CONFLICT', message: GUARANTEE_CHECKED_IN_MESSAGE });
  });
  it('checked in early: no cancel (409), extend allowed', () => {
    const a = bookingActions({ ...live, checkedInAt: new Date() }, clock(1));
    expect(a.cancel).toEqual({ code: 'CONFLICT', message: CHECKED_IN_MESSAGE });
    expect(allowed(a)).toEqual(['extend', 'vehicle']);
  });
  it('checked out or completed: only a review', () => {
    const a = bookingActions({ ...live, status: 'completed', checkedInAt: new Date(), checkedOutAt: new Date() }, clock(-2));
    expect(a.cancel).toEqual({ code: 'CONFLICT', message: STAY_OVER_CANCEL_MESSAGE });
    expect(allowed(a)).toEqual(['review']);
  });
  it('at a lot no longer listed the dates stay; vehicle and cancel remain', () => {
    const a = bookingActions(live, clock(48, 72, false));
    expect(a.dates).toEqual({ code: 'CONFLICT', message: UNLISTED_MESSAGE });
    expect(allowed(a)).toEqual(['cancel', 'vehicle']);
  });
  it('mid-change: nothing but the vehicle, and the refusal is a conflict', () => {
    const a = bookingActions({ ...live, pendingChangeId: 7 }, clock(48));
    expect(a.cancel?.code).toBe('CONFLICT');
    expect(a.changing).toBe(true);
    expect(allowed(a)).toEqual(['vehicle']);
  });
});
