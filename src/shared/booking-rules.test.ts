// The booking rules that money and inventory depend on: refunds, per-day capacity, lot-local time, .ics.
import { cents } from './money';
import { describe, expect, it } from 'vitest';
import { stayDays } from '@/server/modules/bookings/inventory';
import { nonRefundableAfterChange, refundPlan, refundShare } from './cancellation';
import { bookingIcs } from './ics';
import { fieldWords } from './schemas/bookings';
import { wallClockToInstant, zoneForState } from './time-zones';

describe('refunds', () => {
  it.each([
    ['Free cancellation up to 24 hours before arrival.', 30, 1],
    ['Free cancellation up to 24 hours before arrival.', 23, 0],
    ['Free cancellation up to 48 hours before arrival.', 30, 1], // 24 hours or more always refunds
    ['Free cancellation any time before your reservation starts.', 2, 1],
    ['Free cancellation up to 24 hours before arrival; non-refundable within 24 hours.', 12, 0],
    [null, 0, 0],
    [null, -5, 0],
  ])('%s, %d hours ahead → share %d', (policy, hours, share) => {
    expect(refundShare(policy, hours)).toBe(share);
  });

  it('refunds the parking fee to the card and keeps the $1.99 fee, whatever credit paid', () => {
    expect(refundPlan({ parkingFeeCents: cents(6000), serviceFeeCents: cents(199), creditAppliedCents: cents(0), totalFeeCents: cents(6199) }, 1)).toEqual({
      card: 6000,
      credit: 0,
    });
    expect(refundPlan({ parkingFeeCents: cents(6000), serviceFeeCents: cents(199), creditAppliedCents: cents(99), totalFeeCents: cents(6100) }, 1)).toEqual({
      card: 6000,
      credit: 0,
    });
    // Credit beyond the kept fee goes back as credit.
    expect(refundPlan({ parkingFeeCents: cents(1000), serviceFeeCents: cents(199), creditAppliedCents: cents(500), totalFeeCents: cents(699) }, 1)).toEqual({
      card: 699,
      credit: 301,
    });
    expect(refundPlan({ parkingFeeCents: cents(6000), serviceFeeCents: cents(199), creditAppliedCents: cents(0), totalFeeCents: cents(6199) }, 0)).toEqual({ card: 0, credit: 0 });
  });

  it('never returns the part kept when the traveller changed dates inside the window', () => {
    const b = { parkingFeeCents: cents(10000), serviceFeeCents: cents(199), creditAppliedCents: cents(0), totalFeeCents: cents(10199) };
    // Moved inside the window (nothing refundable then): all of it stays kept, whatever the share later.
    const locked = nonRefundableAfterChange(b, 0, cents(10_000));
    expect(locked).toBe(10_000);
    expect(refundPlan({ ...b, nonRefundableCents: locked }, 1)).toEqual({ card: 0, credit: 0 });
    // Moved outside it: nothing is locked.
    expect(nonRefundableAfterChange(b, 1, cents(10_000))).toBe(0);
    // A longer stay after a move inside the window: only the added part may come back.
    expect(refundPlan({ ...b, parkingFeeCents: cents(15_000), totalFeeCents: cents(15_199), nonRefundableCents: nonRefundableAfterChange(b, 0, cents(15_000)) }, 1)).toEqual({
      card: 5000,
      credit: 0,
    });
    // A cheaper change returns its difference only down to the locked part.
    expect(refundPlan({ ...b, nonRefundableCents: cents(5_000) }, 1, cents(7_000))).toEqual({ card: 5000, credit: 0 });
    // What was locked before stays locked, never above the new fee.
    expect(nonRefundableAfterChange({ ...b, nonRefundableCents: cents(5_000) }, 1, cents(3_000))).toBe(3_000);
  });
});

describe('the days a stay occupies', () => {
  const days = (a: string, d: string) => stayDays(a, d).map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
  it('runs from the arrival day to the departure day; a departure at midnight does not touch that day', () => {
    expect(days('2027-01-01T10:00', '2027-01-05T10:00')).toEqual(['2027-01-01', '2027-01-05']);
    expect(days('2027-01-01T08:00', '2027-01-02T00:00')).toEqual(['2027-01-01', '2027-01-01']);
    expect(days('2027-01-02T14:00', '2027-01-02T18:00')).toEqual(['2027-01-02', '2027-01-02']);
    expect(days('2026-12-31T20:00', '2027-01-01T08:00')).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe('lot-local time', () => {
  it('turns a wall-clock time at the lot into an instant, daylight saving included', () => {
    expect(zoneForState('FL')).toBe('America/New_York');
    expect(zoneForState('az')).toBe('America/Phoenix');
    expect(wallClockToInstant('2027-01-15T10:00', 'America/New_York')!.toISOString()).toBe('2027-01-15T15:00:00.000Z');
    expect(wallClockToInstant('2027-07-15T10:00', 'America/New_York')!.toISOString()).toBe('2027-07-15T14:00:00.000Z');
    expect(wallClockToInstant('2027-07-15T10:00', 'America/Los_Angeles')!.toISOString()).toBe('2027-07-15T17:00:00.000Z');
    expect(wallClockToInstant('2027-07-15T10:00', 'Pacific/Honolulu')!.toISOString()).toBe('2027-07-15T20:00:00.000Z');
    expect(wallClockToInstant('nope', 'America/New_York')).toBeNull();
  });
});

describe('calendar file', () => {
  it('has drop-off and pick-up events in UTC with escaped text and folded lines', () => {
    const ics = bookingIcs(
      {
        confirmationNumber: 'PP-ABCD2345',
        providerName: 'Lot; A, B',
        address: '1 Long Road, Orlando, FL',
        start: new Date('2027-01-15T15:00:00Z'),
        end: new Date('2027-01-18T17:30:00Z'),
        url: 'https://example.com/thank-you?confirmation=PP-ABCD2345',
        brand: 'ParkPilot',
      },
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20270115T150000Z');
    expect(ics).toContain('DTSTART:20270118T173000Z');
    expect(ics).toContain('SUMMARY:Drop off car: Lot\\; A\\, B (PP-ABCD2345)');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  });
});

describe('field words', () => {
  it('spells field names as the spec messages do', () => {
    expect(fieldWords('firstName')).toBe('First name');
    expect(fieldWords('billingZip')).toBe('Billing zip');
    expect(fieldWords('cvv')).toBe('Cvv');
  });
});
