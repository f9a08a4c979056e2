import { describe, expect, it } from 'vitest';
import { add, cents, sum } from './money';
import { priceOverstay, type DayPrice } from './pricing';

const H = 3_600_000;
const departureAt = Date.parse('2026-12-03T10:00:00Z');
const paid: DayPrice[] = [
  { date: '2026-12-01', cents: cents(1095) },
  { date: '2026-12-02', cents: cents(1500) },
  { date: '2026-12-03', cents: cents(1295) },
];
const late = (hours: number, graceHours = 2) => priceOverstay({ departureAt, checkedOutAt: departureAt + hours * H, graceHours, paid });

describe('priceOverstay', () => {
  it('charges nothing on time, early or within the grace', () => {
    expect(late(-1).amount).toBe(0);
    expect(late(0).amount).toBe(0);
    expect(late(2).days).toBe(0);
    expect(late(2).lines).toEqual([]);
  });

  it('3 hours late with a 2-hour grace is one extra day at the booked rate of the last day', () => {
    const o = late(3);
    expect(o).toMatchObject({ lateMinutes: 180, days: 1, rate: 1295, amount: 1295 });
    expect(o.dayPrices).toEqual([{ date: '2026-12-04', cents: 1295 }]);
    expect(o.lines).toEqual([{ label: 'late check-out: 1 extra day × $12.95', cents: 1295 }]);
  });

  it('counts every started 24 hours from the booked departure: 26 h late is two days', () => {
    expect(late(26)).toMatchObject({ days: 2, amount: 2590 });
    expect(late(24)).toMatchObject({ days: 1, amount: 1295 });
    expect(late(24.02)).toMatchObject({ days: 2 });
  });

  it('a grace of 0 charges the first late minute; a 24-hour grace forgives a day', () => {
    expect(late(1 / 60, 0).days).toBe(1);
    expect(late(23, 24).days).toBe(0);
    expect(late(25, 24).days).toBe(2);
  });

  it('uses the day prices whatever order they are stored in, and the extra days add up to the amount', () => {
    const o = priceOverstay({ departureAt, checkedOutAt: departureAt + 50 * H, graceHours: 2, paid: [...paid].reverse() });
    expect(o.days).toBe(3);
    expect(sum(o.dayPrices.map((d) => d.cents))).toBe(o.amount);
    expect(add(sum(paid.map((d) => d.cents)), o.amount)).toBe(3890 + 3 * 1295);
    expect(o.dayPrices.map((d) => d.date)).toEqual(['2026-12-04', '2026-12-05', '2026-12-06']);
  });
});
