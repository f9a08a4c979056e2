import { describe, expect, it } from 'vitest';
import { cents, type Cents } from './money';
import {
  billableDays,
  billedDates,
  formatPrice,
  parseWallClock,
  priceDateChange,
  priceStay,
  standardLines,
  stayArithmetic,
  stayDayPrices,
  stayDayRates,
  stayLines,
} from './pricing';

/** Dollars as written on a price list, in cents. */
const $ = (dollars: number): Cents => cents(Math.round(dollars * 100));

describe('priceStay', () => {
  it('adds the flat $1.99 fee: 89.95 for one day is 91.94', () => {
    expect(priceStay({ dailyPrice: $(89.95), days: 1 })).toEqual({ days: 1, subtotal: 8995, serviceFee: 199, credit: 0, total: 9194 });
  });

  it('multiplies the daily price without floating-point drift', () => {
    expect(priceStay({ dailyPrice: $(12.99), days: 3 }).total).toBe(4096);
  });

  it('uses the weekly rate for full weeks only when cheaper', () => {
    expect(priceStay({ dailyPrice: $(10), weeklyRate: $(60), days: 8 }).subtotal).toBe(7000);
    expect(priceStay({ dailyPrice: $(10), weeklyRate: $(80), days: 8 }).subtotal).toBe(8000);
    expect(priceStay({ dailyPrice: $(10), weeklyRate: $(60), days: 6 }).subtotal).toBe(6000);
  });

  it('applies a credit but never below zero', () => {
    expect(priceStay({ dailyPrice: $(10), days: 1, credit: $(0.99) }).total).toBe(1100);
    expect(priceStay({ dailyPrice: $(1), days: 1, credit: $(50) }).total).toBe(0);
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
    expect(stayLines({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 7 })).toEqual([{ label: '1 week × $59.95', cents: 5995 }]);
    expect(stayArithmetic({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 9 })).toBe('1 week × $59.95 + 2 days × $10.95');
    expect(stayLines({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 15 })[0]).toEqual({ label: '2 weeks × $59.95', cents: 11990 });
    expect(stayLines({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 9 })).toEqual([
      { label: '1 week × $59.95', cents: 5995 },
      { label: '2 days × $10.95', cents: 2190 },
    ]);
  });

  it('uses days when the weekly rate is not cheaper, or the stay is shorter than a week', () => {
    expect(stayArithmetic({ dailyPrice: $(10.95), weeklyRate: $(90), days: 7 })).toBe('7 days × $10.95');
    expect(stayArithmetic({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 1 })).toBe('1 day × $10.95');
  });

  it('always adds up to the subtotal priceStay charges', () => {
    for (const [daily, weekly] of [
      [$(10.95), $(59.95)],
      [$(12.99), null],
      [$(8.5), $(49.99)],
      [$(25), $(150)],
    ] as const) {
      for (let days = 1; days <= 30; days++) {
        const sum = stayLines({ dailyPrice: daily, weeklyRate: weekly, days }).reduce((s, l) => s + l.cents, 0);
        expect(sum).toBe(priceStay({ dailyPrice: daily, weeklyRate: weekly, days }).subtotal);
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
      { date: '2026-12-23', price: $(20) },
      { date: '2026-12-24', price: $(20) },
      { date: '2026-12-26', price: $(20) },
    ];
    // 22:00 Dec 24 to 08:00 Dec 26 is 34 hours: 2 days billed, Dec 24 and Dec 25.
    expect(stayDayRates('2026-12-24T22:00', '2026-12-26T08:00', rates)).toEqual([{ date: '2026-12-24', price: $(20) }]);
    expect(stayDayRates('2026-12-24T08:00', '2026-12-27T08:00', rates).map((r) => r.date)).toEqual(['2026-12-24', '2026-12-26']);
  });

  it('adds each day rate minus the daily price to the standard price, with a line for it', () => {
    const stay = { dailyPrice: $(10.95), days: 3, dayRates: [{ date: '2026-12-24', price: $(15.95) }] };
    expect(priceStay(stay)).toEqual({ days: 3, subtotal: 3785, serviceFee: 199, credit: 0, total: 3984 });
    expect(stayLines(stay)).toEqual([
      { label: '3 days × $10.95', cents: 3285 },
      { label: 'Holiday rate Dec 24: +$5.00', cents: 500, dayRate: true },
    ]);
    expect(stayArithmetic(stay)).toBe('3 days × $10.95 + Holiday rate Dec 24: +$5.00');
  });

  it('groups consecutive days with the same difference, across a month end, and shows lower rates as special', () => {
    const lines = stayLines({
      dailyPrice: $(10),
      days: 5,
      dayRates: [
        { date: '2026-12-30', price: $(12) },
        { date: '2026-12-31', price: $(12) },
        { date: '2027-01-01', price: $(12) },
        { date: '2027-01-03', price: $(7.5) },
      ],
    });
    expect(lines).toEqual([
      { label: '5 days × $10.00', cents: 5000 },
      { label: 'Holiday rate Dec 30–Jan 1: 3 × +$2.00', cents: 600, dayRate: true },
      { label: 'Special rate Jan 3: −$2.50', cents: -250, dayRate: true },
    ]);
    expect(
      stayLines({
        dailyPrice: $(10),
        days: 3,
        dayRates: [
          { date: '2026-12-24', price: $(11) },
          { date: '2026-12-25', price: $(11) },
        ],
      })[1]!.label,
    ).toBe('Holiday rate Dec 24–25: 2 × +$1.00');
  });

  it('applies the difference on top of the weekly rate, and a rate equal to the daily price changes nothing', () => {
    const rates = [
      { date: '2026-12-25', price: $(20.95) },
      { date: '2026-12-26', price: $(10.95) },
    ];
    expect(priceStay({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 9, dayRates: rates }).subtotal).toBe(9185); // 59.95 + 2 × 10.95 + 10.00
    expect(stayLines({ dailyPrice: $(10.95), weeklyRate: $(59.95), days: 9, dayRates: rates }).map((l) => l.label)).toEqual([
      '1 week × $59.95',
      '2 days × $10.95',
      'Holiday rate Dec 25: +$10.00',
    ]);
  });

  it('never prices a stay below zero, and the lines still add up', () => {
    const dayRates = Array.from({ length: 7 }, (_, i) => ({ date: `2027-03-0${i + 1}`, price: $(0.5) }));
    const stay = { dailyPrice: $(20), weeklyRate: $(50), days: 7, dayRates };
    expect(priceStay(stay).subtotal).toBe(0);
    expect(stayLines(stay).reduce((s, l) => s + l.cents, 0)).toBe(0);
  });

  it('lines always add up to the subtotal with day rates', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 300; n++) {
      const days = 1 + Math.floor(rand() * 20);
      const dailyPrice = cents(Math.round((5 + rand() * 40) * 100));
      const weeklyRate = rand() < 0.5 ? cents(Math.round(dailyPrice * (4 + rand() * 4))) : null;
      const dayRates = billedDates('2027-05-28T10:00', days)
        .filter(() => rand() < 0.3)
        .map((date) => ({ date, price: cents(Math.round((1 + rand() * 60) * 100)) }));
      const stay = { dailyPrice, weeklyRate, days, dayRates };
      const sum = stayLines(stay).reduce((s, l) => s + l.cents, 0);
      expect(sum).toBe(priceStay(stay).subtotal);
    }
  });
});

describe('standardLines', () => {
  it('are the lines of a stay without day rates, and add up to its standard subtotal', () => {
    for (const stay of [
      { dailyPrice: $(10.95), days: 3 },
      { dailyPrice: $(10.95), weeklyRate: $(59.95), days: 9 },
      { dailyPrice: $(12), weeklyRate: $(99), days: 14 },
    ]) {
      expect(standardLines(stay)).toEqual(stayLines(stay));
      expect(standardLines(stay).reduce((sum, l) => sum + l.cents, 0)).toBe(priceStay(stay).subtotal);
    }
  });
});

describe('day prices and a change of dates', () => {
  const lot = { dailyPrice: $(10.95), weeklyRate: $(59.95) };

  it('gives each billed day its price, adding up to the subtotal (a week at the weekly rate spread over its days)', () => {
    for (let days = 1; days <= 20; days++) {
      const stay = { ...lot, days, dayRates: [{ date: '2027-05-03', price: $(15.95) }] };
      const prices = stayDayPrices('2027-05-01T10:00', stay);
      expect(prices.map((d) => d.date)).toEqual(billedDates('2027-05-01T10:00', days));
      expect(prices.reduce((s, d) => s + d.cents, 0)).toBe(priceStay(stay).subtotal);
    }
    expect(stayDayPrices('2027-05-01T10:00', { ...lot, days: 7 }).map((d) => d.cents)).toEqual([857, 857, 857, 856, 856, 856, 856]);
  });

  it("keeps what the kept days cost and prices only the added days at today's rates", () => {
    const paid = stayDayPrices('2027-05-01T10:00', { dailyPrice: $(10.95), days: 3 });
    // The lot now charges $20.00: extending by two days costs the two added days at $20.00.
    const change = priceDateChange({ paid, arrival: '2027-05-01T10:00', today: { dailyPrice: $(20), days: 5 } });
    expect(change.subtotal).toBe(3 * 1095 + 2 * 2000);
    expect(change.lines).toEqual([
      { label: '3 days as booked', cents: 3285 },
      { label: '2 days × $20.00', cents: 4000 },
    ]);
    expect(change.dayPrices.map((d) => d.cents)).toEqual([1095, 1095, 1095, 2000, 2000]);
    // Shorter: the days kept cost what they cost.
    expect(priceDateChange({ paid, arrival: '2027-05-02T10:00', today: { dailyPrice: $(20), days: 2 } }).subtotal).toBe(2190);
    // All new days: today's price.
    expect(priceDateChange({ paid, arrival: '2027-06-01T10:00', today: { dailyPrice: $(20), days: 2 } }).subtotal).toBe(4000);
  });

  it('never costs more than the new stay booked afresh today', () => {
    const paid = stayDayPrices('2027-05-01T10:00', { ...lot, days: 6 });
    // 6 days (6 × $10.95 = $65.70) extended to 7: the weekly rate, $59.95, not $65.70 + $10.95.
    const week = priceDateChange({ paid, arrival: '2027-05-01T10:00', today: { ...lot, days: 7 } });
    expect(week.subtotal).toBe(5995);
    expect(week.lines).toEqual([{ label: '1 week × $59.95', cents: 5995 }]);
    // The lot got cheaper: the whole stay at today's price.
    expect(priceDateChange({ paid, arrival: '2027-05-01T10:00', today: { dailyPrice: $(5), days: 6 } }).subtotal).toBe(3000);
  });

  it("a change's day prices and lines always add up to its subtotal", () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 300; n++) {
      const stay = {
        dailyPrice: cents(500 + Math.floor(rand() * 4000)),
        weeklyRate: rand() < 0.5 ? cents(3000 + Math.floor(rand() * 20000)) : null,
        days: 1 + Math.floor(rand() * 15),
      };
      const paid = stayDayPrices('2027-05-10T10:00', stay);
      const arrival = `2027-05-${String(5 + Math.floor(rand() * 10)).padStart(2, '0')}T10:00`;
      const today = { dailyPrice: cents(500 + Math.floor(rand() * 4000)), weeklyRate: stay.weeklyRate, days: 1 + Math.floor(rand() * 15) };
      const change = priceDateChange({ paid, arrival, today });
      expect(change.dayPrices.reduce((s, d) => s + d.cents, 0)).toBe(change.subtotal);
      expect(change.lines.reduce((s, l) => s + l.cents, 0)).toBe(change.subtotal);
      expect(change.subtotal).toBeLessThanOrEqual(priceStay(today).subtotal);
    }
  });
});
