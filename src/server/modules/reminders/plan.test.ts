// When the two reminders go: lot-local times turned into instants across daylight saving, and the late cases.
import { describe, expect, it } from 'vitest';
import { reminderTimes } from './plan';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const times = (arrivalDate: string, departureDate: string, now: string, zone = LA) => {
  const plan = reminderTimes({ arrivalDate, departureDate }, zone, at(now));
  return { arrival: plan.arrival?.runAt.toISOString() ?? null, departure: plan.departure?.runAt.toISOString() ?? null };
};

describe('reminderTimes', () => {
  it('plans 10:00 at the lot the day before arrival and 07:00 on the departure day, in the zone of the day itself', () => {
    // Winter: Pacific Standard Time (UTC-8).
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-11-27T00:00Z')).toEqual({ arrival: '2026-12-09T18:00:00.000Z', departure: '2026-12-12T15:00:00.000Z' });
    // Daylight saving starts at 02:00 on Sunday 14 March 2027: the day before a Monday arrival is already PDT (UTC-7).
    expect(times('2027-03-15T09:00', '2027-03-17T18:00', '2026-11-27T00:00Z')).toEqual({ arrival: '2027-03-14T17:00:00.000Z', departure: '2027-03-17T14:00:00.000Z' });
    // A Sunday arrival's reminder is on the Saturday, still PST.
    expect(times('2027-03-14T09:00', '2027-03-16T18:00', '2026-11-27T00:00Z').arrival).toBe('2027-03-13T18:00:00.000Z');
    // Back to PST on 7 November 2027: the Sunday before a Monday arrival is UTC-8 again.
    expect(times('2027-11-08T09:00', '2027-11-09T18:00', '2026-11-27T00:00Z').arrival).toBe('2027-11-07T18:00:00.000Z');
    // Another zone: Eastern (UTC-5 in winter).
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-11-27T00:00Z', 'America/New_York')).toEqual({
      arrival: '2026-12-09T15:00:00.000Z',
      departure: '2026-12-12T12:00:00.000Z',
    });
  });

  it('sends at once when booked after the planned time but before arrival, and not at all once it has passed', () => {
    // Booked at 12:00 PST the day before arrival (the 10:00 reminder time has gone): at once.
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-12-09T20:00Z').arrival).toBe('2026-12-09T20:00:00.000Z');
    // On arrival day, an hour before check-in: still at once.
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-12-10T16:00Z').arrival).toBe('2026-12-10T16:00:00.000Z');
    // After check-in: no arrival reminder; the departure one stays planned.
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-12-10T18:00Z')).toEqual({ arrival: null, departure: '2026-12-12T15:00:00.000Z' });
    // During the departure morning: at once; after departure: nothing.
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-12-12T17:00Z').departure).toBe('2026-12-12T17:00:00.000Z');
    expect(times('2026-12-10T09:00', '2026-12-12T18:00', '2026-12-13T03:00Z')).toEqual({ arrival: null, departure: null });
  });

  it('keeps the departure reminder 3 hours ahead of an early check-out, and after the arrival of a same-day stay', () => {
    // Check-out 08:00: at 05:00 rather than 07:00.
    expect(times('2026-12-10T09:00', '2026-12-12T08:00', '2026-11-27T00:00Z').departure).toBe('2026-12-12T13:00:00.000Z');
    // A stay from 12:00 to 20:00 on one day: at check-in (12:00 PST), not at 07:00 before it.
    expect(times('2026-12-10T12:00', '2026-12-10T20:00', '2026-11-27T00:00Z').departure).toBe('2026-12-10T20:00:00.000Z');
  });

  it('plans nothing for dates that are not wall-clock times', () => {
    expect(times('soon', '2026-12-12T08:00', '2026-11-27T00:00Z')).toEqual({ arrival: null, departure: null });
  });
});
