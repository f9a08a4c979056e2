// Money and dates: the one place prices, days, fees and credits are computed (all in whole cents).
import { DETAIL_ACCESS_FEE, SERVICE_FEE } from './constants';
import { formatUsd } from './format';

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** Parses 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' as a wall-clock time (UTC-based arithmetic, no zone drift). */
export function parseWallClock(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const check = new Date(t);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59) return null;
  return t;
}

/** Normalises 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' to 'YYYY-MM-DDTHH:mm' (comparable as text); null when invalid. */
export function toWallClock(value: string): string | null {
  const t = parseWallClock(value);
  return t === null ? null : new Date(t).toISOString().slice(0, 16);
}

/** 'YYYY-MM-DD' of a day offset from today (UTC), for default search windows. */
export function dayFromToday(offset: number, now = Date.now()): string {
  return new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
}

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

/**
 * The total a traveller pays: daily price × days (or the weekly rate per full week when cheaper),
 * plus the flat service fee, minus any credit (never below zero).
 */
export function priceStay(opts: { dailyPrice: number; weeklyRate?: number | null; days: number; credit?: number }): PriceBreakdown {
  const subtotal = parking(opts).cents;
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
}

/**
 * The parking subtotal as a traveller should read it, line by line, adding up to priceStay's subtotal:
 * '3 days × $10.95' $32.85, or with the weekly rate '1 week' $59.95 and '2 days × $10.95' $21.90.
 */
export function stayLines(opts: { dailyPrice: number; weeklyRate?: number | null; days: number }): StayLine[] {
  const made = parking(opts);
  const lines: StayLine[] = [];
  if (made.weeks) lines.push({ label: `${made.weeks} week${made.weeks === 1 ? '' : 's'}`, amount: toDollars(made.weeks * toCents(opts.weeklyRate!)) });
  if (made.days) lines.push({ label: `${made.days} day${made.days === 1 ? '' : 's'} × ${formatUsd(opts.dailyPrice)}`, amount: toDollars(made.days * toCents(opts.dailyPrice)) });
  return lines;
}

/** The arithmetic in one line: '3 days × $10.95', '1 week', '1 week + 2 days × $10.95'. */
export function stayArithmetic(opts: { dailyPrice: number; weeklyRate?: number | null; days: number }): string {
  return stayLines(opts)
    .map((l) => l.label)
    .join(' + ');
}

/** '$91.94' */
export function formatPrice(dollars: number): string {
  return formatUsd(dollars);
}

/** '$1.99' and '$0.99', for copy that names the fees (written once, from the constants). */
export const SERVICE_FEE_TEXT = formatUsd(SERVICE_FEE);
export const ACCESS_FEE_TEXT = formatUsd(DETAIL_ACCESS_FEE);
