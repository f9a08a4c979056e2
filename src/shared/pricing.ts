// Prices and days: the one place a stay's price, its day rates (holiday rates), the service fee and credit are
// computed, in integer cents (money.ts). Dollars only at the edges: linesInDollars/breakdownInDollars for the API.
import { SERVICE_FEE } from './constants';
import { formatUsd } from './format';
import { add, atLeastZero, cents, formatCents, min, sub, sum, times, toCents, toDollars, ZERO, type Cents } from './money';
import { parseWallClock } from './wall-clock';

/** The service fee, in cents. */
export const SERVICE_FEE_CENTS = toCents(SERVICE_FEE);

// Wall-clock dates live in wall-clock.ts (small enough for the first page's code); re-exported for callers here.
export { dayFromToday, parseWallClock, toWallClock } from './wall-clock';

/** Days billed: the ceiling of the days between arrival and departure, at least 1. */
export function billableDays(arrival: string, departure: string): number {
  const a = parseWallClock(arrival);
  const b = parseWallClock(departure);
  if (a === null || b === null || b <= a) return 1;
  return Math.max(1, Math.ceil((b - a) / 86_400_000));
}

export interface PriceBreakdown<M = Cents> {
  days: number;
  subtotal: M;
  serviceFee: M;
  credit: M;
  total: M;
}

/** A lot's own daily price for one calendar day ('YYYY-MM-DD', lot-local), set by an operator (a holiday rate). */
export interface DayRate {
  date: string;
  price: Cents;
}

/** What a stay's parking price depends on. */
export interface StayPrice {
  dailyPrice: Cents;
  weeklyRate?: Cents | null;
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
function parking(opts: { dailyPrice: Cents; weeklyRate?: Cents | null; days: number }): { cents: Cents; weeks: number; days: number } {
  const daily = opts.dailyPrice;
  const byDay = { cents: times(daily, opts.days), weeks: 0, days: opts.days };
  if (!opts.weeklyRate || opts.days < 7) return byDay;
  const weeks = Math.floor(opts.days / 7);
  const rest = opts.days % 7;
  const withWeeks = { cents: add(times(opts.weeklyRate, weeks), times(daily, rest)), weeks, days: rest };
  return withWeeks.cents < byDay.cents ? withWeeks : byDay;
}

/** Each day rate as what it adds to the standard price in cents (its price − the lot's daily price), by date. */
function adjustments(opts: StayPrice): { date: string; cents: Cents }[] {
  const daily = opts.dailyPrice;
  const byDate = new Map<string, Cents>();
  for (const r of opts.dayRates ?? []) byDate.set(r.date, sub(r.price, daily));
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
function parkingCents(opts: StayPrice): { standard: ReturnType<typeof parking>; adjusted: { date: string; cents: Cents }[]; cents: Cents } {
  const standard = parking(opts);
  const adjusted = adjustments(opts);
  return { standard, adjusted, cents: atLeastZero(add(standard.cents, sum(adjusted.map((a) => a.cents)))) };
}

/**
 * The total a traveller pays: the parking subtotal (see parkingCents: daily price × days or the weekly rate,
 * adjusted by the stay's day rates), plus the flat service fee, minus any credit (never below zero).
 */
export function priceStay(opts: StayPrice & { credit?: Cents }): PriceBreakdown {
  const subtotal = parkingCents(opts).cents;
  const fee = SERVICE_FEE_CENTS;
  const credit = min(atLeastZero(opts.credit ?? ZERO), add(subtotal, fee));
  return { days: opts.days, subtotal, serviceFee: fee, credit, total: sub(add(subtotal, fee), credit) };
}

/** A breakdown in dollars, for the API (which shows dollars). */
export function breakdownInDollars(p: PriceBreakdown): PriceBreakdown<number> {
  return { days: p.days, subtotal: toDollars(p.subtotal), serviceFee: toDollars(p.serviceFee), credit: toDollars(p.credit), total: toDollars(p.total) };
}

/** One line of how a parking price is made up, as stored with a booking (cents). */
/** What one billed day of a stay costs ('YYYY-MM-DD', lot-local). */
export interface DayPrice {
  date: string;
  cents: Cents;
}

/** `total` spread over `dates` as evenly as cents allow (the odd cents on the first days). */
export function spreadOver(total: Cents, dates: readonly string[]): DayPrice[] {
  if (!dates.length) return [];
  const each = Math.floor(total / dates.length);
  const odd = total - each * dates.length;
  return dates.map((date, i) => ({ date, cents: cents(each + (i < odd ? 1 : 0)) }));
}

/**
 * What each of `dates` (the stay's billed days, in order) costs under `opts`, adding up to its parking
 * subtotal: a day at the daily price, a day of a full week its share of the weekly rate (the odd cents on
 * the week's first days), plus the day's own rate difference. Stored with a booking, so a change of dates
 * keeps what the kept days cost (priceDateChange).
 */
function dayPricesOn(dates: readonly string[], opts: StayPrice): DayPrice[] {
  const { standard, adjusted, cents: total } = parkingCents({ ...opts, days: dates.length });
  const adjustment = new Map(adjusted.map((a) => [a.date, a.cents]));
  const week = standard.weeks ? spreadOver(opts.weeklyRate!, ['1', '2', '3', '4', '5', '6', '7']).map((d) => d.cents) : [];
  const out = dates.map((date, i) => ({ date, cents: add(i < standard.weeks * 7 ? week[i % 7]! : opts.dailyPrice, adjustment.get(date) ?? ZERO) }));
  // Lower day rates that take the stay below zero (it then costs nothing): spread what it costs instead.
  return out.some((d) => d.cents < 0) || sum(out.map((d) => d.cents)) !== total ? spreadOver(total, dates) : out;
}

/** What each billed day of the stay from `arrival` costs (see dayPricesOn). */
export function stayDayPrices(arrival: string, opts: StayPrice): DayPrice[] {
  return dayPricesOn(billedDates(arrival, opts.days), opts);
}

/**
 * A change of dates: the days the stay keeps cost what was paid for them (`paid`, by date), the days it adds
 * cost today's rates (priced as a stay of their own: a week of them at the weekly rate), and never more than
 * the new stay would cost booked afresh today (6 days extended to 7 pays at most the weekly rate). The lines
 * explain it ('3 days as booked' $32.85, '2 days × $10.95' $21.90) and the day prices are stored again.
 */
export function priceDateChange(opts: { paid: readonly DayPrice[]; arrival: string; today: StayPrice }): { subtotal: Cents; lines: StayLine[]; dayPrices: DayPrice[] } {
  const dates = billedDates(opts.arrival, opts.today.days);
  const fresh = { subtotal: parkingCents(opts.today).cents, lines: stayLines(opts.today), dayPrices: dayPricesOn(dates, opts.today) };
  const paid = new Map(opts.paid.map((d) => [d.date, d.cents]));
  const kept = dates.filter((d) => paid.has(d)).map((date) => ({ date, cents: paid.get(date)! }));
  if (!kept.length) return fresh;
  const addedDates = dates.filter((d) => !paid.has(d));
  const addedSet = new Set(addedDates);
  const added: StayPrice = { ...opts.today, days: addedDates.length, dayRates: (opts.today.dayRates ?? []).filter((r) => addedSet.has(r.date)) };
  const keptCents = sum(kept.map((d) => d.cents));
  const subtotal = add(keptCents, addedDates.length ? parkingCents(added).cents : ZERO);
  if (subtotal >= fresh.subtotal) return fresh;
  return {
    subtotal,
    lines: [{ label: `${kept.length} day${kept.length === 1 ? '' : 's'} as booked`, cents: keptCents }, ...(addedDates.length ? stayLines(added) : [])],
    dayPrices: [...kept, ...(addedDates.length ? dayPricesOn(addedDates, added) : [])].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

export interface StayLine {
  label: string;
  cents: Cents;
  /** Set on the lines a stay's day rates add (holiday or special rates), which screens set apart. */
  dayRate?: true;
}

/** A line as the API shows it (dollars). */
export interface PriceLine {
  label: string;
  amount: number;
  dayRate?: true;
}

export const linesInDollars = (lines: readonly StayLine[]): PriceLine[] =>
  lines.map((l) => ({ label: l.label, amount: toDollars(l.cents), ...(l.dayRate ? { dayRate: true as const } : {}) }));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Dec 24' from 'YYYY-MM-DD'. */
const shortDate = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
/** 'Dec 24–26', 'Dec 30–Jan 2'. */
const dateSpan = (first: string, last: string) =>
  first === last ? shortDate(first) : first.slice(0, 7) === last.slice(0, 7) ? `${shortDate(first)}–${Number(last.slice(8, 10))}` : `${shortDate(first)}–${shortDate(last)}`;
const signed = (cents: Cents) => `${cents < 0 ? '−' : '+'}${formatUsd(Math.abs(cents) / 100)}`;

/** Day-rate adjustments as lines: consecutive days with the same difference make one line. */
function adjustmentLines(adjusted: { date: string; cents: Cents }[]): StayLine[] {
  const runs: { first: string; last: string; cents: Cents; days: number }[] = [];
  for (const a of adjusted) {
    const run = runs.at(-1);
    const next = run && new Date(Date.parse(`${run.last}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    if (run && next === a.date && run.cents === a.cents) Object.assign(run, { last: a.date, days: run.days + 1 });
    else runs.push({ first: a.date, last: a.date, cents: a.cents, days: 1 });
  }
  return runs.map((r) => ({
    label: `${r.cents > 0 ? 'Holiday rate' : 'Special rate'} ${dateSpan(r.first, r.last)}: ${r.days > 1 ? `${r.days} × ` : ''}${signed(r.cents)}`,
    cents: times(r.cents, r.days),
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
  const stated = add(made.cents, sum(adjusted.map((a) => a.cents)));
  if (stated < cents) lines.push({ label: 'Never below $0.00', cents: sub(cents, stated), dayRate: true });
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
  if (made.weeks) lines.push({ label: `${made.weeks} week${made.weeks === 1 ? '' : 's'} × ${formatCents(opts.weeklyRate!)}`, cents: times(opts.weeklyRate!, made.weeks) });
  if (made.days) lines.push({ label: `${made.days} day${made.days === 1 ? '' : 's'} × ${formatCents(opts.dailyPrice)}`, cents: times(opts.dailyPrice, made.days) });
  return lines;
}

/** The arithmetic in one line: '3 days × $10.95', '1 week × $59.95', '1 week × $59.95 + 2 days × $10.95'. */
export function stayArithmetic(opts: StayPrice): string {
  return linesArithmetic(stayLines(opts));
}

/** Lines' labels in one line: '3 days × $10.95 + Holiday rate Dec 24: +$5.00'. */
export function linesArithmetic(lines: readonly { label: string }[]): string {
  return lines.map((l) => l.label).join(' + ');
}

/** What the card paid for a booking, net of what went back to it (the receipt's last line). */
export function netPaid(b: { totalFeeCents: Cents; refundedCents: Cents }): Cents {
  return atLeastZero(sub(b.totalFeeCents, b.refundedCents));
}

/** '$91.94' */
export function formatPrice(dollars: number): string {
  return formatUsd(dollars);
}

export { ACCESS_FEE_TEXT, SERVICE_FEE_TEXT } from './fee-text';

/** What a guarantee claim (a lot turned the traveller away) moves, in cents: see priceGuaranteeMove. */
export interface GuaranteeMove {
  /** The stay at the new lot, as it costs there today (parking and the service fee, no credit). */
  newPrice: Cents;
  /** What the traveller had paid for the original booking: the card's net and the credit used. */
  paid: Cents;
  /** What the traveller pays for the new booking (never more than `paid`), and how it is paid. */
  travellerPays: Cents;
  card: Cents;
  credit: Cents;
  /** Given back now: to the card, and to the credit balance (a cheaper lot). */
  cardRefund: Cents;
  creditBack: Cents;
  /** What the platform pays beyond what the traveller paid (a dearer lot); charged to the original lot's partner. */
  platformPays: Cents;
}

/**
 * A move under the guarantee: the traveller keeps paying what they paid, never more. A cheaper lot gives the
 * difference back (the card first keeps what the new booking costs beyond the credit already used); a dearer
 * lot's difference is the platform's.
 */
export function priceGuaranteeMove(opts: { cardNet: Cents; creditUsed: Cents; newSubtotal: Cents; serviceFee: Cents }): GuaranteeMove {
  const newPrice = add(opts.newSubtotal, opts.serviceFee);
  const paid = add(opts.cardNet, opts.creditUsed);
  const travellerPays = min(newPrice, paid);
  const credit = min(opts.creditUsed, travellerPays);
  const card = sub(travellerPays, credit);
  return {
    newPrice,
    paid,
    travellerPays,
    card,
    credit,
    cardRefund: atLeastZero(sub(opts.cardNet, card)),
    creditBack: atLeastZero(sub(opts.creditUsed, credit)),
    platformPays: atLeastZero(sub(newPrice, paid)),
  };
}

/** What a car that left after its booked departure owes: see priceOverstay. */
export interface Overstay {
  /** Minutes after the booked departure (0 when on time or early). */
  lateMinutes: number;
  /** Extra days charged (0 within the grace). */
  days: number;
  /** The booked daily rate they are charged at. */
  rate: Cents;
  amount: Cents;
  /** The extra days as billed days (after the stay's last billed day), each at `rate`. */
  dayPrices: DayPrice[];
  lines: StayLine[];
}

/**
 * A late check-out at the booked rate, never a drive-up one. Within the lot's grace nothing is owed; beyond it,
 * every started 24 hours after the booked departure is a day (the grace forgives a delay, it does not move the
 * departure: 3 h late with a 2 h grace is 1 day, 26 h late is 2). The rate is the stay's last billed day as
 * booked (`paid`, the booking's day prices: a holiday or week share included), the day a late car overstayed.
 */
export function priceOverstay(opts: { departureAt: number; checkedOutAt: number; graceHours: number; paid: readonly DayPrice[] }): Overstay {
  const late = Math.max(0, opts.checkedOutAt - opts.departureAt);
  const lateMinutes = Math.floor(late / 60_000);
  const last = [...opts.paid].sort((a, b) => a.date.localeCompare(b.date)).at(-1);
  const rate = last?.cents ?? ZERO;
  const days = late > opts.graceHours * 3_600_000 ? Math.ceil(late / DAY_MS) : 0;
  const first = last ? Math.floor(Date.parse(`${last.date}T00:00Z`) / DAY_MS) + 1 : 0;
  const dayPrices = last ? Array.from({ length: days }, (_, i) => ({ date: new Date((first + i) * DAY_MS).toISOString().slice(0, 10), cents: rate })) : [];
  const amount = times(rate, days);
  const lines = days ? [{ label: `late check-out: ${days} extra day${days === 1 ? '' : 's'} × ${formatCents(rate)}`, cents: amount }] : [];
  return { lateMinutes, days, rate, amount, dayPrices, lines };
}
