// Cancellation refunds (terms section 6): cancelling 24 hours or more before arrival refunds the parking
// fee; later, the lot's own policy decides. The $1.99 service fee is kept either way.
import { SERVICE_FEE } from './constants';
import { formatUsd } from './format';
import { atLeastZero, max, min, share, sub, toDollars, ZERO, type Cents } from './money';
import { SERVICE_FEE_CENTS } from './pricing';

export const FULL_REFUND_HOURS = 24;

/** Share of the parking fee refunded when cancelling `hoursBefore` arrival under a lot's policy text. */
export function refundShare(policy: string | null | undefined, hoursBefore: number): number {
  if (hoursBefore <= 0) return 0;
  if (hoursBefore >= FULL_REFUND_HOURS) return 1;
  const text = (policy ?? '').toLowerCase();
  if (/any time before/.test(text)) return 1;
  const hours = /up to (\d+)\s*hours?/.exec(text);
  const days = /up to (\d+)\s*days?/.exec(text);
  const window = hours ? Number(hours[1]) : days ? Number(days[1]) * 24 : FULL_REFUND_HOURS;
  return hoursBefore >= window ? 1 : 0;
}

/** How many hours before arrival a cancellation still gets the parking fee back, under refundShare's rule. */
export function freeCancellationHours(policy: string | null | undefined): number | 'any' {
  const text = (policy ?? '').toLowerCase();
  if (/any time before/.test(text)) return 'any';
  const hours = /up to (\d+)\s*hours?/.exec(text);
  return hours && Number(hours[1]) < FULL_REFUND_HOURS ? Number(hours[1]) : FULL_REFUND_HOURS;
}

/**
 * The cancellation terms we actually apply to a lot, in words (shown wherever a policy is shown, so the page,
 * the e-mail and the refund agree): the parking fee back up to 24 hours before arrival (or the lot's own,
 * more generous window), nothing later, and the service fee kept.
 */
export function appliedCancellationPolicy(policy: string | null | undefined): string {
  const hours = freeCancellationHours(policy);
  const window =
    hours === 'any' ? 'Free cancellation any time before arrival' : `Free cancellation up to ${hours} hour${hours === 1 ? '' : 's'} before arrival; no refund after that`;
  return `${window}. The ${formatUsd(SERVICE_FEE)} service fee is not refundable.`;
}

export interface RefundPlan {
  /** Back to the card. */
  card: Cents;
  /** Back to the credit balance (credit that paid for more than the kept service fee). */
  credit: Cents;
}

/** A plan in dollars, for the API (which shows dollars). */
export const planInDollars = (p: RefundPlan): { card: number; credit: number } => ({ card: toDollars(p.card), credit: toDollars(p.credit) });

/** What a booking's refunds are computed from (its money as it stands). */
export interface RefundBasis {
  parkingFeeCents: Cents;
  serviceFeeCents?: Cents;
  creditAppliedCents: Cents;
  totalFeeCents: Cents;
  /** Cents of the parking fee that no later refund may return (kept by the policy when the traveller acted). */
  nonRefundableCents?: Cents;
}

/**
 * Cents of the parking fee that may come back when `released` of it is given up now (all of it on a
 * cancellation, the difference on a cheaper change): the policy's share, and never the part kept earlier.
 */
export function refundableCents(b: RefundBasis, fraction: number, released: Cents = b.parkingFeeCents): Cents {
  if (fraction <= 0 || released <= 0) return ZERO;
  return atLeastZero(min(share(released, fraction), sub(b.parkingFeeCents, b.nonRefundableCents ?? ZERO)));
}

/**
 * What giving up `released` of the parking fee returns (a cancellation: all of it). The service fee is kept;
 * of the refundable part, the card gets back up to what it paid and any rest goes back to credit.
 */
export function refundPlan(b: RefundBasis, fraction: number, released: Cents = b.parkingFeeCents): RefundPlan {
  const due = refundableCents(b, fraction, released);
  if (due <= 0) return { card: ZERO, credit: ZERO };
  const card = min(b.totalFeeCents, due);
  const credit = atLeastZero(min(sub(due, card), sub(b.creditAppliedCents, b.serviceFeeCents ?? SERVICE_FEE_CENTS)));
  return { card, credit };
}

/**
 * The non-refundable cents of a booking after a change of dates made now: what already was, and what the
 * policy would have kept had the traveller cancelled instead of moving (so a free move out of the window,
 * then a cancellation, returns no more than cancelling at once would have). Never more than the new fee.
 */
export function nonRefundableAfterChange(b: RefundBasis, fractionNow: number, parkingFeeAfter: Cents): Cents {
  const before = b.parkingFeeCents;
  const keptIfCancelledNow = sub(before, share(before, Math.max(0, Math.min(1, fractionNow))));
  return atLeastZero(min(parkingFeeAfter, max(b.nonRefundableCents ?? ZERO, keptIfCancelledNow)));
}
