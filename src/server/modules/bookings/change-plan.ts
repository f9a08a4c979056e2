// A change of dates planned: the new stay priced with pricing.ts at the lot's rates now (the days kept at the price
// paid, only added days at today's rates), the money that moves under the cancellation policy, and the days
// taken from or given back to inventory. Nothing here writes but `takeAdded` (in the caller's transaction).
import type { DB } from '../../db/client';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { nonRefundableAfterChange, refundPlan, refundShare, type RefundPlan } from '@/shared/cancellation';
import { add, atLeastZero, neg, sub, toDollars, ZERO, type Cents } from '@/shared/money';
import { billableDays, billedDates, linesInDollars, priceDateChange, spreadOver, toWallClock, type DayPrice, type StayLine } from '@/shared/pricing';
import type { TNewDates } from '@/shared/schemas/manage';
import { lotDayRatesForStay } from '../lot-days/day-rates';
import { instantAt, type BookingRow } from './booking-view';
import { closedDaysMessage, soldOutMessage } from './stay-problems';
import { closedDays, dayRangesOutside, freeSpaces, stayDays, takeDayRange } from './inventory';
import type { Managed } from './manage';
import { dateChangeProblem, stayClock } from './booking-rules';

type Ctx = Context;
type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

export const KEPT_LINE_LABEL = 'Not refunded under the cancellation policy';
const DAY = 86_400_000;
const dayStart = (day: number) => `${new Date(day * DAY).toISOString().slice(0, 10)}T00:00`;

export interface ChangePlan {
  arrival: string;
  departure: string;
  days: number;
  /** How the new parking fee is made up (a kept amount is a line of its own). */
  lines: StayLine[];
  dayPrices: DayPrice[];
  parkingFeeBefore: Cents;
  parkingFeeAfter: Cents;
  /** New stay's price minus the old one (negative: cheaper). */
  difference: Cents;
  charge: Cents;
  refundToCard: Cents;
  creditBack: Cents;
  /** Of a cheaper stay's difference, what the cancellation policy keeps. */
  kept: Cents;
  /** The booking's non-refundable cents once changed (bookings.nonRefundableCents). */
  nonRefundableCentsAfter: Cents;
  totalBefore: Cents;
  totalAfter: Cents;
  creditAppliedAfter: Cents;
  added: [number, number][];
  removed: [number, number][];
}

/** What the booking's billed days cost as booked (older bookings, which did not keep them: spread evenly). */
export const paidDayPrices = (b: Pick<BookingRow, 'dayPrices' | 'parkingFeeCents' | 'arrivalDate' | 'departureDate'>): DayPrice[] =>
  b.dayPrices ?? spreadOver(b.parkingFeeCents, billedDates(b.arrivalDate, billableDays(b.arrivalDate, b.departureDate)));

export async function planChange(db: Pick<DB, 'select'>, m: Pick<Managed, 'booking' | 'provider' | 'state'>, arrival: string, departure: string, now: Date): Promise<ChangePlan> {
  const { booking: b, provider: p } = m;
  const days = billableDays(arrival, departure);
  const today = { dailyPrice: p.priceCents, weeklyRate: p.weeklyRateCents, days, dayRates: await lotDayRatesForStay(db, p.id, arrival, departure) };
  const priced = priceDateChange({ paid: paidDayPrices(b), arrival, today });
  const lines = [...priced.lines];
  const diff = sub(priced.subtotal, b.parkingFeeCents);
  // What the policy would return if the booking were cancelled now: a cheaper stay's difference comes back
  // at that share, and what it would keep stays non-refundable after the move.
  const fraction = refundShare(p.cancellationPolicy, (instantAt(b.arrivalDate, m.state).getTime() - now.getTime()) / 3_600_000);
  let refund: RefundPlan = { card: ZERO, credit: ZERO };
  let kept = ZERO;
  if (diff < 0) {
    refund = refundPlan(b, fraction, neg(diff));
    kept = sub(neg(diff), add(refund.card, refund.credit));
    if (kept > 0) lines.push({ label: KEPT_LINE_LABEL, cents: kept });
  }
  const charge = atLeastZero(diff);
  const oldDays = stayDays(b.arrivalDate, b.departureDate);
  const newDays = stayDays(arrival, departure);
  const parkingFeeAfter = add(priced.subtotal, kept);
  return {
    arrival,
    departure,
    days,
    lines,
    // The kept amount belongs to the stay's last day (it is never refunded: nonRefundableCents).
    dayPrices: kept > 0 ? priced.dayPrices.map((d, i, all) => (i === all.length - 1 ? { ...d, cents: add(d.cents, kept) } : d)) : priced.dayPrices,
    parkingFeeBefore: b.parkingFeeCents,
    parkingFeeAfter,
    difference: diff,
    charge,
    refundToCard: refund.card,
    creditBack: refund.credit,
    kept,
    nonRefundableCentsAfter: nonRefundableAfterChange(b, fraction, parkingFeeAfter),
    totalBefore: b.totalFeeCents,
    totalAfter: sub(add(b.totalFeeCents, charge), refund.card),
    creditAppliedAfter: sub(b.creditAppliedCents, refund.credit),
    added: dayRangesOutside(newDays, oldDays),
    removed: dayRangesOutside(oldDays, newDays),
  };
}

/** Checks the rules, then plans; throws the rule's words (400) or, when an added day is full or closed, why (409). */
export async function checkedPlan(ctx: Ctx, m: Managed, input: TNewDates): Promise<ChangePlan> {
  const arrival = toWallClock(input.arrivalDate)!;
  const departure = toWallClock(input.departureDate)!;
  const now = ctx.clock.now();
  const b = m.booking;
  const problem = dateChangeProblem(b, { arrival, departure, arrivalAt: instantAt(arrival, m.state), departureAt: instantAt(departure, m.state) }, stayClock(m, now));
  if (problem) throw new AppError(problem.code, problem.message);
  const plan = await planChange(ctx.db, m, arrival, departure, now);
  const message = await addedDaysProblem(ctx.db, m, plan.added);
  if (message) throw new AppError('CONFLICT', message);
  return plan;
}

/** Why the added days cannot be had (closed, or full), or null. A read: taking them re-checks under lock. */
export async function addedDaysProblem(db: Pick<DB, 'select'>, m: Pick<Managed, 'provider'>, added: [number, number][]): Promise<string | null> {
  for (const [first, last] of added) {
    const from = dayStart(first);
    const to = dayStart(last + 1);
    const closed = await closedDays(db, m.provider.id, from, to);
    if (closed.length) return closedDaysMessage(m.provider.name, closed);
    const free = await freeSpaces(db, [m.provider], from, to);
    if ((free.get(m.provider.id) ?? 0) <= 0) return soldOutMessage(m.provider.name);
  }
  return null;
}

/** Takes every added day, or explains (in the caller's transaction, which must then fail) why not. */
export async function takeAdded(tx: Tx, m: Pick<Managed, 'provider'>, added: [number, number][]): Promise<void> {
  for (const [first, last] of added) {
    if (!(await takeDayRange(tx, m.provider.id, first, last))) {
      const closed = await closedDays(tx, m.provider.id, dayStart(first), dayStart(last + 1));
      throw new AppError('CONFLICT', closed.length ? closedDaysMessage(m.provider.name, closed) : soldOutMessage(m.provider.name));
    }
  }
}

/** A plan as the API shows it (dollars). */
export const quoteOf = (p: ChangePlan) => ({
  arrival: p.arrival,
  departure: p.departure,
  days: p.days,
  lines: linesInDollars(p.lines),
  parkingFeeBefore: toDollars(p.parkingFeeBefore),
  parkingFeeAfter: toDollars(p.parkingFeeAfter),
  difference: toDollars(p.difference),
  charge: toDollars(p.charge),
  refundToCard: toDollars(p.refundToCard),
  creditBack: toDollars(p.creditBack),
  kept: toDollars(p.kept),
  totalBefore: toDollars(p.totalBefore),
  totalAfter: toDollars(p.totalAfter),
  creditAppliedAfter: toDollars(p.creditAppliedAfter),
});
