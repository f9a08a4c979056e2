// Money and dates: the one place prices, days, day rates (holiday rates), fees and credits are computed (all in
// whole cents).
import { SERVICE_FEE } from './constants';
import { formatUsd } from './format';
import { parseWallClock } from './wall-clock';

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

// Wall-clock dates live in wall-clock.ts (small enough for the first page's code); re-exported for callers here.
export { dayFromToday, parseWallClock, toWallClock } from './wall-clock';

/** Days billed: the ceiling of the days between arrival and departure, at least 1. */
export function billableDays(arrival: string, departure: string): number {
  const a = parseWallClock(arrival);
  const b = parseWallClock(departure);
  if (a === null || b === null || b <= a) return 1;
  return Math.max(1, Math.ceil((b - a) / 86_400_000));
}

export interface PriceBreakdown {
  days: number;
  subtotal: number;
  serviceFee: number;
  credit: number;
  total: number;
}

/** A lot's own daily price for one calendar day ('YYYY-MM-DD', lot-local), set by an operator (a holiday rate). */
export interface DayRate {
  date: string;
  price: number;
}

/** What a stay's parking price depends on. */
export interface StayPrice {
  dailyPrice: number;
  weeklyRate?: number | null;
  days: number;
  /** The day rates on the stay's billed days (see stayDayRates); other dates must not be passed. */
  dayRates?: readonly DayRate[];
}

const DAY_MS = 86_400_000;

/**
 * The calendar dates a stay is billed for: day i of the stay (i = 0 … days − 1) is the arrival's date + i.
 * A 2-day stay arriving Dec 24 at 22:00 is billed for Dec 24 and Dec 25, whatever the hour it leaves.
 */
export function billedDates(arrival: string, days: number): string[] {
  const a = parseWallClock(arrival);
  if (a === null) return [];
  const first = Math.floor(a / DAY_MS);
  return Array.from({ length: Math.max(0, days) }, (_, i) => new Date((first + i) * DAY_MS).toISOString().slice(0, 10));
}

/** Of a lot's day rates, those on the billed days of the stay from `arrival` to `departure`, by date. */
export function stayDayRates(arrival: string, departure: string, rates: Iterable<DayRate>): DayRate[] {
  const billed = new Set(billedDates(arrival, billableDays(arrival, departure)));
  const byDate = new Map<string, DayRate>();
  for (const r of rates) if (billed.has(r.date)) byDate.set(r.date, r);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The parking part of a stay in cents, and how it is made up (full weeks at the weekly rate, the rest by day). */
function parking(opts: { dailyPrice: number; weeklyRate?: number | null; days: number }): { cents: number; weeks: number; days: number } {
  const daily = toCents(opts.dailyPrice);
  const byDay = { cents: daily * opts.days, weeks: 0, days: opts.days };
  if (!opts.weeklyRate || opts.days < 7) return byDay;
  const weeks = Math.floor(opts.days / 7);
  const rest = opts.days % 7;
  const withWeeks = { cents: weeks * toCents(opts.weeklyRate) + rest * daily, weeks, days: rest };
  return withWeeks.cents < byDay.cents ? withWeeks : byDay;
}

/** Each day rate as what it adds to the standard price in cents (its price − the lot's daily price), by date. */
function adjustments(opts: StayPrice): { date: string; cents: number }[] {
  const daily = toCents(opts.dailyPrice);
  const byDate = new Map<string, number>();
  for (const r of opts.dayRates ?? []) byDate.set(r.date, toCents(r.price) - daily);
  return [...byDate]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, cents]) => ({ date, cents }));
}

/**
 * The parking subtotal in cents. The rule: the standard price of the stay (daily price × days, or the weekly
 * rate per full week when cheaper) plus, for each billed day that has a day rate, that day's rate minus the
 * lot's daily price (a holiday rate of $15.95 on a $10.95 lot adds $5.00; a lower one takes off). Never below
 * zero.
 */
function parkingCents(opts: StayPrice): { standard: ReturnType<typeof parking>; adjusted: { date: string; cents: number }[]; cents: number } {
  const standard = parking(opts);
  const adjusted = adjustments(opts);
  const cents = standard.cents + adjusted.reduce((s, a) => s + a.cents, 0);
  return { standard, adjusted, cents: Math.max(0, cents) };
}

/**
 * The total a traveller pays: the parking subtotal (see parkingCents: daily price × days or the weekly rate,
 * adjusted by the stay's day rates), plus the flat service fee, minus any credit (never below zero).
 */
export function priceStay(opts: StayPrice & { credit?: number }): PriceBreakdown {
  const subtotal = parkingCents(opts).cents;
  const fee = toCents(SERVICE_FEE);
  const credit = Math.min(toCents(opts.credit ?? 0), subtotal + fee);
  return {
    days: opts.days,
    subtotal: toDollars(subtotal),
    serviceFee: toDollars(fee),
    credit: toDollars(credit),
    total: toDollars(subtotal + fee - credit),
  };
}

export interface StayLine {
  label: string;
  /** Dollars. */
  amount: number;
  /** Set on the lines a stay's day rates add (holiday or special rates), which screens set apart. */
  dayRate?: true;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Dec 24' from 'YYYY-MM-DD'. */
const shortDate = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
/** 'Dec 24–26', 'Dec 30–Jan 2'. */
const dateSpan = (first: string, last: string) =>
  first === last ? shortDate(first) : first.slice(0, 7) === last.slice(0, 7) ? `${shortDate(first)}–${Number(last.slice(8, 10))}` : `${shortDate(first)}–${shortDate(last)}`;
const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatUsd(Math.abs(cents) / 100)}`;

/** Day-rate adjustments as lines: consecutive days with the same difference make one line. */
function adjustmentLines(adjusted: { date: string; cents: number }[]): StayLine[] {
  const runs: { first: string; last: string; cents: number; days: number }[] = [];
  for (const a of adjusted) {
    const run = runs.at(-1);
    const next = run && new Date(Date.parse(`${run.last}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    if (run && next === a.date && run.cents === a.cents) Object.assign(run, { last: a.date, days: run.days + 1 });
    else runs.push({ first: a.date, last: a.date, cents: a.cents, days: 1 });
  }
  return runs.map((r) => ({
    label: `${r.cents > 0 ? 'Holiday rate' : 'Special rate'} ${dateSpan(r.first, r.last)}: ${r.days > 1 ? `${r.days} × ` : ''}${signed(r.cents)}`,
    amount: toDollars(r.cents * r.days),
    dayRate: true as const,
  }));
}

/**
 * The parking subtotal as a traveller should read it, line by line, adding up to priceStay's subtotal:
 * '3 days × $10.95' $32.85, or with the weekly rate '1 week × $59.95' $59.95 and '2 days × $10.95' $21.90, then one
 * line per run of day rates: 'Holiday rate Dec 24: +$5.00' $5.00, 'Holiday rate Dec 24–26: 3 × +$5.00' $15.00.
 */
export function stayLines(opts: StayPrice): StayLine[] {
  const { standard: made, adjusted, cents } = parkingCents(opts);
  const lines = weekAndDayLines(opts, made);
  lines.push(...adjustmentLines(adjusted));
  // Lower day rates on a weekly-rate stay could take it below zero: the stay then costs nothing.
  const sum = made.cents + adjusted.reduce((s, a) => s + a.cents, 0);
  if (sum < cents) lines.push({ label: 'Never below $0.00', amount: toDollars(cents - sum), dayRate: true });
  return lines;
}

/**
 * The lines of a stay's standard price alone (weeks at the weekly rate, days at the daily price), without day
 * rates: what a page shows before the server's quote, which has them (browsers never format day-rate lines).
 */
export function standardLines(opts: Omit<StayPrice, 'dayRates'>): StayLine[] {
  return weekAndDayLines(opts, parking(opts));
}

function weekAndDayLines(opts: Omit<StayPrice, 'dayRates'>, made: ReturnType<typeof parking>): StayLine[] {
  const lines: StayLine[] = [];
  if (made.weeks) lines.push({ label: `${made.weeks} week${made.weeks === 1 ? '' : 's'} × ${formatUsd(opts.weeklyRate!)}`, amount: toDollars(made.weeks * toCents(opts.weeklyRate!)) });
  if (made.days) lines.push({ label: `${made.days} day${made.days === 1 ? '' : 's'} × ${formatUsd(opts.dailyPrice)}`, amount: toDollars(made.days * toCents(opts.dailyPrice)) });
  return lines;
}

/** The arithmetic in one line: '3 days × $10.95', '1 week × $59.95', '1 week × $59.95 + 2 days × $10.95'. */
export function stayArithmetic(opts: StayPrice): string {
  return linesArithmetic(stayLines(opts));
}

/** Lines' labels in one line: '3 days × $10.95 + Holiday rate Dec 24: +$5.00'. */
export function linesArithmetic(lines: readonly StayLine[]): string {
  return lines.map((l) => l.label).join(' + ');
}

/** What the card paid for a booking, net of what went back to it (the receipt's last line). */
export function netPaid(b: { totalFee: number; refundedAmount: number }): number {
  return toDollars(Math.max(0, toCents(b.totalFee) - toCents(b.refundedAmount)));
}

/** '$91.94' */
export function formatPrice(dollars: number): string {
  return formatUsd(dollars);
}

export { ACCESS_FEE_TEXT, SERVICE_FEE_TEXT } from './fee-text';
