import { describe, expect, it } from 'vitest';
import { billableDays, formatPrice, parseWallClock, priceStay } from './pricing';

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
