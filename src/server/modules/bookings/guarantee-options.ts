// The parking guarantee, what the traveller is offered (guarantee.ts makes the claim): during the booking's
// arrival window (booking-rules.ts guaranteeWindow) its owner or manage link sees whether it may be claimed, the
// nearby lots with space for the same dates (same place, published, within their online buffer, nearest first)
// and what they would pay there (never more than they paid), or the full refund.
import { eq, or } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, guaranteeClaims } from '../../db/schema';
import type { Context } from '../../deps';
import { add, toDollars } from '@/shared/money';
import { haversineMiles } from '@/shared/geo';
import { billableDays, netPaid, priceGuaranteeMove, priceStay } from '@/shared/pricing';
import type { TGuaranteeRef } from '@/shared/schemas/guarantee';
import { catalogueSnapshot } from '../catalogue/snapshot';
import { lotWallClock } from '../catalogue/lot-time';
import { dayRatesForStay } from '../lot-days/day-rates';
import { bookingActions, guaranteeWindow, stayClock } from './booking-rules';
import type { BookingRow } from './booking-view';
import { freeSpaces } from './inventory';
import { loadManaged, type Managed } from './manage';

export const ALREADY_CLAIMED_MESSAGE = 'The parking guarantee was already claimed for this booking. For anything else, please contact support.';

/** How many nearby lots are offered. */
const MAX_OPTIONS = 8;

/** The claim made for this booking, or for the booking it was moved from (one claim per trip). */
export async function existingClaim(db: Pick<DB, 'select'>, bookingId: number) {
  const [claim] = await db
    .select()
    .from(guaranteeClaims)
    .where(or(eq(guaranteeClaims.bookingId, bookingId), eq(guaranteeClaims.newBookingId, bookingId)));
  return claim;
}

/** The lots near the booking's lot with space for its dates (after their online buffer), nearest first, priced. */
export async function nearbyOptions(db: DB, m: Pick<Managed, 'booking' | 'provider'>) {
  const b = m.booking;
  const snapshot = await catalogueSnapshot(db);
  const others = (snapshot.lotsByLocation.get(m.provider.locationId) ?? []).filter((p) => p.id !== m.provider.id);
  if (!others.length) return [];
  const free = await freeSpaces(db, others, b.arrivalDate, b.departureDate);
  const open = others.filter((p) => (free.get(p.id) ?? 0) > 0);
  const rates = open.length
    ? await dayRatesForStay(
        db,
        open.map((p) => p.id),
        b.arrivalDate,
        b.departureDate,
      )
    : new Map();
  const days = billableDays(b.arrivalDate, b.departureDate);
  return open
    .map((p) => {
      const stay = { dailyPrice: p.priceCents, weeklyRate: p.weeklyRateCents, days, dayRates: rates.get(p.id) };
      const move = priceGuaranteeMove({ cardNet: netPaid(b), creditUsed: b.creditAppliedCents, newSubtotal: priceStay(stay).subtotal, serviceFee: b.serviceFeeCents });
      return { lot: p, stay, move, miles: Math.round(haversineMiles(m.provider, p) * 10) / 10 };
    })
    .sort((x, y) => x.miles - y.miles || x.move.newPrice - y.move.newPrice)
    .slice(0, MAX_OPTIONS);
}
export type Option = Awaited<ReturnType<typeof nearbyOptions>>[number];

/** A full refund of what the booking took: the card's net and the credit used (the service fee too). */
export const fullRefund = (b: BookingRow) => ({ card: netPaid(b), credit: b.creditAppliedCents });

function claimView(c: typeof guaranteeClaims.$inferSelect, newConfirmation: string | null) {
  return {
    outcome: c.outcome,
    at: c.createdAt,
    newConfirmationNumber: newConfirmation,
    refunded: toDollars(c.refundedCents),
  };
}

/** GET /api/bookings/{n}/guarantee: whether the guarantee may be claimed now (and why not), the window, the lots to move to, the refund. */
export async function guaranteeOptions(ctx: Pick<Context, 'db' | 'user' | 'clock'>, ref: TGuaranteeRef) {
  const m = await loadManaged(ctx, ref);
  const b = m.booking;
  const clock = stayClock(m, ctx.clock.now());
  const claim = await existingClaim(ctx.db, b.id);
  const refusal = claim ? { code: 'CONFLICT' as const, message: ALREADY_CLAIMED_MESSAGE } : bookingActions(b, clock).guarantee;
  const { opensAt, closesAt } = guaranteeWindow(clock);
  const [next] = claim?.newBookingId ? await ctx.db.select({ n: bookings.confirmationNumber }).from(bookings).where(eq(bookings.id, claim.newBookingId)) : [];
  const newConfirmation = next?.n ?? null;
  const options = refusal ? [] : await nearbyOptions(ctx.db, m);
  const refund = fullRefund(b);
  return {
    confirmationNumber: b.confirmationNumber,
    providerName: m.provider.name,
    eligible: !refusal,
    reason: refusal?.message ?? null,
    /** The arrival window, at the lot's time ('YYYY-MM-DDTHH:mm') and as instants. */
    window: { opensAt, closesAt, opensLocal: lotWallClock(opensAt, m.state), closesLocal: lotWallClock(closesAt, m.state) },
    /** What the traveller paid for this booking (card and credit). */
    paid: toDollars(add(refund.card, refund.credit)),
    claim: claim ? claimView(claim, newConfirmation) : null,
    options: options.map((o) => optionView(o)),
    /** Taking the refund instead: back to the card, and to the credit balance. */
    refund: { card: toDollars(refund.card), credit: toDollars(refund.credit), total: toDollars(add(refund.card, refund.credit)) },
  };
}

function optionView(o: Option) {
  const p = o.lot;
  return {
    lotId: p.id,
    name: p.name,
    slug: p.slug,
    address: p.address,
    /** Miles from the lot that turned the traveller away. */
    milesAway: o.miles,
    shuttleInfo: p.shuttleInfo,
    features: p.features,
    rating: p.rating,
    /** The stay's price at this lot today (parking and the service fee). */
    price: toDollars(o.move.newPrice),
    /** What the traveller pays in all for the new booking: never more than they paid. */
    youPay: toDollars(o.move.travellerPays),
    /** Given back now (a cheaper lot): to the card, and to the credit balance. */
    refundNow: toDollars(add(o.move.cardRefund, o.move.creditBack)),
    /** Paid by us (a dearer lot). */
    wePay: toDollars(o.move.platformPays),
  };
}

export type TGuaranteeOptions = Awaited<ReturnType<typeof guaranteeOptions>>;
