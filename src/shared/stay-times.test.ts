// Default check-in and check-out times: 10:00 at the lot, or the next half hour on the lot's today once 10:00 is past.
import { describe, expect, it } from 'vitest';
import { billableDays } from './pricing';
import { defaultArrival, defaultDeparture, nextBookableTime } from './stay-times';
import { wallClockToInstant } from './time-zones';

const NY = 'America/New_York';
const HNL = 'Pacific/Honolulu';
/** The instant a New York wall-clock time happens. */
const at = (wall: string, zone = NY) => wallClockToInstant(wall, zone)!.getTime();

describe('nextBookableTime', () => {
  it('rounds up to the next half hour at the lot, in its own zone', () => {
    expect(nextBookableTime(NY, at('2027-07-15T15:05'))).toBe('2027-07-15T15:30');
    expect(nextBookableTime(NY, at('2027-07-15T15:30'))).toBe('2027-07-15T15:30');
    expect(nextBookableTime(NY, at('2027-07-15T15:31'))).toBe('2027-07-15T16:00');
    expect(nextBookableTime(NY, at('2027-07-15T23:45'))).toBe('2027-07-16T00:00');
    // 3:05 PM in New York is 9:05 AM in Honolulu.
    expect(nextBookableTime(HNL, at('2027-07-15T15:05'))).toBe('2027-07-15T09:30');
  });
});

describe('defaultArrival', () => {
  it("is 10:00 on a later day, and on the lot's today until 10:00", () => {
    expect(defaultArrival('2027-07-20', NY, at('2027-07-15T15:05'))).toBe('2027-07-20T10:00');
    expect(defaultArrival('2027-07-15T00:00', NY, at('2027-07-15T08:05'))).toBe('2027-07-15T10:00');
  });

  it("is the next half hour on the lot's today after 10:00, never a time already gone", () => {
    expect(defaultArrival('2027-07-15', NY, at('2027-07-15T15:05'))).toBe('2027-07-15T15:30');
    expect(defaultArrival('2027-07-15T00:00', NY, at('2027-07-15T23:50'))).toBe('2027-07-16T00:00');
    // Today in New York, but in Honolulu it is only 9:05 AM: 10:00 there is still ahead.
    expect(defaultArrival('2027-07-15', HNL, at('2027-07-15T15:05'))).toBe('2027-07-15T10:00');
  });

  it('keeps a time of day it was given, and a past day at 10:00 for the estimate to flag', () => {
    expect(defaultArrival('2027-07-15T09:15', NY, at('2027-07-15T15:05'))).toBe('2027-07-15T09:15');
    expect(defaultArrival('2027-07-14', NY, at('2027-07-15T15:05'))).toBe('2027-07-14T10:00');
    expect(defaultArrival('nope', NY, at('2027-07-15T15:05'))).toBeNull();
  });

  it('bills the days between the dates, as the search priced them', () => {
    for (const now of ['2027-07-15T06:00', '2027-07-15T15:05', '2027-07-15T23:50']) {
      const arrival = defaultArrival('2027-07-15', NY, at(now))!;
      expect(billableDays(arrival, defaultDeparture('2027-07-18')!)).toBe(3);
    }
  });
});

describe('defaultDeparture', () => {
  it('is 10:00 on a bare date and keeps a time of day', () => {
    expect(defaultDeparture('2027-07-18')).toBe('2027-07-18T10:00');
    expect(defaultDeparture('2027-07-18T00:00')).toBe('2027-07-18T10:00');
    expect(defaultDeparture('2027-07-18T17:30')).toBe('2027-07-18T17:30');
  });
});
