// The hand-written US English formats must read exactly as Intl's en-US output.
import { describe, expect, it } from 'vitest';
import { formatCount, formatDayDate, formatLongDate, formatMonthYear, formatStay, formatUsd } from './format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const utc = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' });

// Every day of 2026-2028 at a spread of times, in wall-clock form.
const days: string[] = [];
for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
const times = ['00:00', '00:05', '09:00', '11:59', '12:00', '12:30', '13:07', '23:59'];

describe('format', () => {
  it('formats dollars as Intl does, from cents to millions, negatives and zero', () => {
    const values = [0, -0, 0.01, 0.1, 0.5, 1, 1.99, 9.995, 10, 91.94, 99.99, 100, 999.99, 1000, 1234.5, 12345.67, 999999.99, 1000000, 1234567.89, -1, -3, -1234.56];
    for (let c = 0; c < 300_000; c += 37) values.push(c / 100);
    for (const v of values) expect(formatUsd(v), String(v)).toBe(usd.format(v));
  });

  it('formats counts with thousands separators', () => {
    for (const n of [0, 1, 12, 999, 1000, 1001, 12345, 999999, 1000000, 123456789, -5, -12345]) expect(formatCount(n)).toBe(count.format(n));
  });

  it('formats stays as MMM dd, yyyy at h:mm a', () => {
    const date = utc({ month: 'short', day: '2-digit', year: 'numeric' });
    const time = utc({ hour: 'numeric', minute: '2-digit' });
    for (const day of days) {
      for (const t of times) {
        const d = new Date(`${day}T${t}:00Z`);
        expect(formatStay(`${day}T${t}`)).toBe(`${date.format(d)} at ${time.format(d)}`);
      }
    }
    expect(formatStay('2027-03-03')).toBe('Mar 03, 2027 at 12:00 AM');
    expect(formatStay('not a date')).toBe('not a date');
  });

  it('formats day dates and long dates', () => {
    const day = utc({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    const long = utc({ month: 'long', day: 'numeric', year: 'numeric' });
    for (const d of days) {
      expect(formatDayDate(`${d}T10:00`)).toBe(day.format(new Date(`${d}T10:00:00Z`)));
      expect(formatLongDate(`${d}T10:00:00Z`)).toBe(long.format(new Date(`${d}T10:00:00Z`)));
    }
    const month = utc({ month: 'long', year: 'numeric' });
    for (const d of days) expect(formatMonthYear(`${d}T00:00:00Z`)).toBe(month.format(new Date(`${d}T00:00:00Z`)));
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate(new Date('2027-03-03T23:30:00Z'))).toBe('March 3, 2027');
  });
});
