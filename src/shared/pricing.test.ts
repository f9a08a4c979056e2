import { describe, expect, it } from 'vitest';
import { billableDays, formatPrice, parseWallClock, priceStay, stayArithmetic, stayLines } from './pricing';

describe('priceStay', () => {
  it('adds the flat $1.99 fee: 89.95 for one day is 91.94', () => {
    expect(priceStay({ dailyPrice: 89.95, days: 1 })).toEqual({ days: 1, subtotal: 89.95, serviceFee: 1.99, credit: 0, total: 91.94 });
  });

  it('multiplies the daily price without floating-point drift', () => {
    expect(priceStay({ dailyPrice: 12.99, days: 3 }).total).toBe(40.96);
  });

  it('uses the weekly rate for full weeks only when cheaper', () => {
    expect(priceStay({ dailyPrice: 10, weeklyRate: 60, days: 8 }).subtotal).toBe(70);
    expect(priceStay({ dailyPrice: 10, weeklyRate: 80, days: 8 }).subtotal).toBe(80);
    expect(priceStay({ dailyPrice: 10, weeklyRate: 60, days: 6 }).subtotal).toBe(60);
  });

  it('applies a credit but never below zero', () => {
    expect(priceStay({ dailyPrice: 10, days: 1, credit: 0.99 }).total).toBe(11);
    expect(priceStay({ dailyPrice: 1, days: 1, credit: 50 }).total).toBe(0);
  });
});

describe('billableDays', () => {
  it('is the ceiling of the days between the dates, at least 1', () => {
    expect(billableDays('2026-03-03', '2026-03-07')).toBe(4);
    expect(billableDays('2026-03-03T08:00', '2026-03-04T09:00')).toBe(2);
    expect(billableDays('2026-03-03T08:00', '2026-03-03T20:00')).toBe(1);
    expect(billableDays('2026-03-05', '2026-03-03')).toBe(1);
  });

  it('rejects impossible dates', () => {
    expect(parseWallClock('2026-02-30')).toBeNull();
    expect(parseWallClock('2026-13-01')).toBeNull();
    expect(parseWallClock('soon')).toBeNull();
  });
});

it('formats US dollars', () => {
  expect(formatPrice(91.94)).toBe('$91.94');
  expect(formatPrice(1234.5)).toBe('$1,234.50');
});

describe('stayLines', () => {
  it('shows the weekly rate as weeks, never as days × the daily price', () => {
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 7 })).toEqual([{ label: '1 week', amount: 59.95 }]);
    expect(stayArithmetic({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9 })).toBe('1 week + 2 days × $10.95');
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9 })).toEqual([
      { label: '1 week', amount: 59.95 },
      { label: '2 days × $10.95', amount: 21.9 },
    ]);
  });

  it('uses days when the weekly rate is not cheaper, or the stay is shorter than a week', () => {
    expect(stayArithmetic({ dailyPrice: 10.95, weeklyRate: 90, days: 7 })).toBe('7 days × $10.95');
    expect(stayArithmetic({ dailyPrice: 10.95, weeklyRate: 59.95, days: 1 })).toBe('1 day × $10.95');
  });

  it('always adds up to the subtotal priceStay charges', () => {
    for (const [daily, weekly] of [[10.95, 59.95], [12.99, null], [8.5, 49.99], [25, 150]] as const) {
      for (let days = 1; days <= 30; days++) {
        const sum = stayLines({ dailyPrice: daily, weeklyRate: weekly, days }).reduce((s, l) => s + Math.round(l.amount * 100), 0);
        expect(sum / 100).toBe(priceStay({ dailyPrice: daily, weeklyRate: weekly, days }).subtotal);
      }
    }
  });
});
