import { describe, expect, it } from 'vitest';
import { billableDays, billedDates, formatPrice, parseWallClock, priceStay, standardLines, stayArithmetic, stayDayRates, stayLines } from './pricing';

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
  it("shows the weekly rate as weeks with the week's price, never as days × the daily price", () => {
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 7 })).toEqual([{ label: '1 week × $59.95', amount: 59.95 }]);
    expect(stayArithmetic({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9 })).toBe('1 week × $59.95 + 2 days × $10.95');
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 15 })[0]).toEqual({ label: '2 weeks × $59.95', amount: 119.9 });
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9 })).toEqual([
      { label: '1 week × $59.95', amount: 59.95 },
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

describe('day rates (holiday rates)', () => {
  it('bills day i of the stay as the arrival date + i', () => {
    expect(billedDates('2026-12-24T22:00', 2)).toEqual(['2026-12-24', '2026-12-25']);
    expect(billedDates('2026-12-31T08:00', 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    expect(billedDates('nonsense', 2)).toEqual([]);
  });

  it('keeps only the rates on billed days (a departure day past the last billed day is not charged)', () => {
    const rates = [
      { date: '2026-12-23', price: 20 },
      { date: '2026-12-24', price: 20 },
      { date: '2026-12-26', price: 20 },
    ];
    // 22:00 Dec 24 to 08:00 Dec 26 is 34 hours: 2 days billed, Dec 24 and Dec 25.
    expect(stayDayRates('2026-12-24T22:00', '2026-12-26T08:00', rates)).toEqual([{ date: '2026-12-24', price: 20 }]);
    expect(stayDayRates('2026-12-24T08:00', '2026-12-27T08:00', rates).map((r) => r.date)).toEqual(['2026-12-24', '2026-12-26']);
  });

  it('adds each day rate minus the daily price to the standard price, with a line for it', () => {
    const stay = { dailyPrice: 10.95, days: 3, dayRates: [{ date: '2026-12-24', price: 15.95 }] };
    expect(priceStay(stay)).toEqual({ days: 3, subtotal: 37.85, serviceFee: 1.99, credit: 0, total: 39.84 });
    expect(stayLines(stay)).toEqual([
      { label: '3 days × $10.95', amount: 32.85 },
      { label: 'Holiday rate Dec 24: +$5.00', amount: 5, dayRate: true },
    ]);
    expect(stayArithmetic(stay)).toBe('3 days × $10.95 + Holiday rate Dec 24: +$5.00');
  });

  it('groups consecutive days with the same difference, across a month end, and shows lower rates as special', () => {
    const lines = stayLines({
      dailyPrice: 10,
      days: 5,
      dayRates: [
        { date: '2026-12-30', price: 12 },
        { date: '2026-12-31', price: 12 },
        { date: '2027-01-01', price: 12 },
        { date: '2027-01-03', price: 7.5 },
      ],
    });
    expect(lines).toEqual([
      { label: '5 days × $10.00', amount: 50 },
      { label: 'Holiday rate Dec 30–Jan 1: 3 × +$2.00', amount: 6, dayRate: true },
      { label: 'Special rate Jan 3: −$2.50', amount: -2.5, dayRate: true },
    ]);
    expect(stayLines({ dailyPrice: 10, days: 3, dayRates: [{ date: '2026-12-24', price: 11 }, { date: '2026-12-25', price: 11 }] })[1]!.label).toBe('Holiday rate Dec 24–25: 2 × +$1.00');
  });

  it('applies the difference on top of the weekly rate, and a rate equal to the daily price changes nothing', () => {
    const rates = [{ date: '2026-12-25', price: 20.95 }, { date: '2026-12-26', price: 10.95 }];
    expect(priceStay({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9, dayRates: rates }).subtotal).toBe(91.85); // 59.95 + 2 × 10.95 + 10.00
    expect(stayLines({ dailyPrice: 10.95, weeklyRate: 59.95, days: 9, dayRates: rates }).map((l) => l.label)).toEqual(['1 week × $59.95', '2 days × $10.95', 'Holiday rate Dec 25: +$10.00']);
  });

  it('never prices a stay below zero, and the lines still add up', () => {
    const dayRates = Array.from({ length: 7 }, (_, i) => ({ date: `2027-03-0${i + 1}`, price: 0.5 }));
    const stay = { dailyPrice: 20, weeklyRate: 50, days: 7, dayRates };
    expect(priceStay(stay).subtotal).toBe(0);
    expect(stayLines(stay).reduce((s, l) => s + Math.round(l.amount * 100), 0)).toBe(0);
  });

  it('lines always add up to the subtotal with day rates', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const days = 1 + Math.floor(rand() * 20);
      const dailyPrice = Math.round((5 + rand() * 40) * 100) / 100;
      const weeklyRate = rand() < 0.5 ? Math.round(dailyPrice * (4 + rand() * 4) * 100) / 100 : null;
      const dayRates = billedDates('2027-05-28T10:00', days)
        .filter(() => rand() < 0.3)
        .map((date) => ({ date, price: Math.round((1 + rand() * 60) * 100) / 100 }));
      const stay = { dailyPrice, weeklyRate, days, dayRates };
      const sum = stayLines(stay).reduce((s, l) => s + Math.round(l.amount * 100), 0);
      expect(sum / 100).toBe(priceStay(stay).subtotal);
    }
  });
});

describe('standardLines', () => {
  it('are the lines of a stay without day rates, and add up to its standard subtotal', () => {
    for (const stay of [{ dailyPrice: 10.95, days: 3 }, { dailyPrice: 10.95, weeklyRate: 59.95, days: 9 }, { dailyPrice: 12, weeklyRate: 99, days: 14 }]) {
      expect(standardLines(stay)).toEqual(stayLines(stay));
      expect(standardLines(stay).reduce((sum, l) => sum + Math.round(l.amount * 100), 0) / 100).toBe(priceStay(stay).subtotal);
    }
  });
});
