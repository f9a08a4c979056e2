// Changing a booking's dates, or extending a stay under way. The new stay is planned in change-plan.ts (the days
// kept at the price paid, added days at the lot's rates now); only the days it adds are taken from inventory; the
// difference is charged to a card, or refunded by the cancellation policy. With an Idempotency-Key, a repeat
// replays.
//   Costs more: a hold transaction (the change row, the booking claimed, the added days taken, the key linked),
//   the charge outside any transaction, then one apply transaction (the booking's dates and money, the days it
//   no longer needs, the ledger, the e-mail) or a release. A crash is settled by the retry with the same key,
//   the payment webhook or the reaper, through the same conditional claims.
//   Costs the same or less: one transaction does all of it.
import { countBooking } from '../../observability/metrics';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { bookingChanges, bookings } from '../../db/schema';
import type { DB } from '../../db/client';
import type { Context, Services } from '../../deps';
import { AppError } from '../../errors';
import type { PaymentIntent } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import { add, neg, sub, toDollars, ZERO } from '@/shared/money';
import { billableDays, linesInDollars, toWallClock } from '@/shared/pricing';
import type { TChangeDatesInput, TNewDates } from '@/shared/schemas/manage';
import { paymentFor } from './checkout';
import { checkedPlan, quoteOf, takeAdded, type ChangePlan } from './change-plan';
import { completeKeyForChange, linkKeyToChange, paymentKeyFor, requestHash, type KeyClaim } from './idempotency';
import { dayRangesOutside, releaseDayRange, stayDays } from './inventory';
import { giveBack, recordCharge } from './ledger';
import { recordPartnerLine } from '../partners/ledger';
import { planReminders } from '../reminders/plan';
import { changeRefusal, loadManaged, manageView, type Managed } from './manage';
import { PAYMENT_NEEDED_MESSAGE, unchangedSinceRead } from './booking-rules';
import { EXPIRED_HOLD_MESSAGE, payAndSettle, reapExpired, resumeHold, withIdempotencyKey, type HoldKind, type PayWith, type Refusal } from './paid-hold';

type Ctx = Context;
type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
type Change = typeof bookingChanges.$inferSelect;
type Owner = Extract<KeyClaim, { kind: 'owner' }>;

/** How long the added days are held while the difference is charged. */
export const CHANGE_HOLD_MS = 10 * 60_000;

// ---------------------------------------------------------------------------------------------------------
// Entry points

/** What new dates would cost, and what would move; changes nothing. */
export async function quoteChange(ctx: Ctx, input: TNewDates) {
  const m = await loadManaged(ctx, input);
  return quoteOf(await checkedPlan(ctx, m, input));
}

/** What a change did (stored against its Idempotency-Key and replayed): the plan's stay and money, and the card. */
export type TChangeSummary = Omit<ReturnType<typeof quoteOf>, 'totalBefore' | 'totalAfter' | 'creditAppliedAfter'> & {
  changeId: number;
  card: { brand: string; last4: string } | null;
};

export async function changeDates(ctx: Ctx, input: TChangeDatesInput & { idempotencyKey: string }) {
  const m = await loadManaged(ctx, input);
  const scope = `booking-change:${m.booking.id}`;
  const { cardNumber, cvv: _cvv, ...payment } = input.paymentInfo ?? {};
  const hash = requestHash({
    arrival: toWallClock(input.arrivalDate),
    departure: toWallClock(input.departureDate),
    payment: { ...payment, last4: cardNumber?.replace(/\D/g, '').slice(-4) },
  });
  const summary = await withIdempotencyKey(ctx.db, { scope, key: input.idempotencyKey, hash }, async (claim) => {
    const [pending] = claim.changeId ? await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, claim.changeId)) : [];
    // A repeat that took over from a request that died mid-change: settle that same change.
    if (pending) return resumeHold(ctx, dateChangeHold, pending, () => cardFor(ctx, input));
    return placeChange(ctx, m, input, claim, paymentKeyFor(scope, input.idempotencyKey));
  });
  return { success: true as const, change: summary, booking: await manageView(ctx, await loadManaged(ctx, input)) };
}

/** The card that pays a change's difference (one is needed). */
async function cardFor(ctx: Ctx, input: TChangeDatesInput): Promise<PayWith> {
  if (!input.paymentInfo) throw new AppError('BAD_REQUEST', PAYMENT_NEEDED_MESSAGE);
  return paymentFor(ctx, input.paymentInfo);
}

async function placeChange(ctx: Ctx, m: Managed, input: TChangeDatesInput, claim: Owner, paymentKey: string): Promise<TChangeSummary> {
  const plan = await checkedPlan(ctx, m, input);
  if (plan.charge <= 0) return applyWithoutCharge(ctx, m, plan, claim);
  const payWith = await cardFor(ctx, input);
  const change = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingChanges)
      .values({ ...changeValues(ctx, m, plan, 'pending'), paymentKey, holdExpiresAt: new Date(ctx.clock.now().getTime() + CHANGE_HOLD_MS) })
      .returning();
    await claimBooking(tx, m, { pendingChangeId: row!.id });
    await takeAdded(tx, m, plan.added);
    await linkKeyToChange(tx, claim, row!.id);
    return row!;
  });
  return payAndSettle(ctx, dateChangeHold, change, payWith, m);
}

function changeValues(ctx: Ctx, m: Managed, plan: ChangePlan, status: 'pending' | 'applied') {
  const b = m.booking;
  return {
    bookingId: b.id,
    kind: 'dates' as const,
    status,
    changedBy: ctx.user?.id ?? null,
    fromArrival: b.arrivalDate,
    fromDeparture: b.departureDate,
    toArrival: plan.arrival,
    toDeparture: plan.departure,
    parkingFeeBeforeCents: plan.parkingFeeBefore,
    parkingFeeAfterCents: plan.parkingFeeAfter,
    priceLines: plan.lines,
    dayPrices: plan.dayPrices,
    chargedCents: plan.charge,
    refundedCents: plan.refundToCard,
    creditReturnedCents: plan.creditBack,
    keptCents: plan.kept,
    nonRefundableCentsAfter: plan.nonRefundableCentsAfter,
  };
}

/** The booking as read, unchanged since and not mid-change, is claimed with `set` (or the transaction fails). */
async function claimBooking(tx: Tx, m: Managed, set: Partial<typeof bookings.$inferInsert>) {
  const b = m.booking;
  const [row] = await tx
    .update(bookings)
    .set(set)
    .where(and(unchangedSinceRead(b), isNull(bookings.checkedOutAt)))
    .returning();
  if (!row) {
    const [now] = await tx.select().from(bookings).where(eq(bookings.id, b.id));
    throw changeRefusal(now);
  }
  return row;
}

/** Same price or cheaper: one transaction moves the days, the booking, the ledger and the credit. */
async function applyWithoutCharge(ctx: Ctx, m: Managed, plan: ChangePlan, claim: Owner): Promise<TChangeSummary> {
  const b = m.booking;
  const summary = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .insert(bookingChanges)
      .values(changeValues(ctx, m, plan, 'applied'))
      .returning();
    // Lot days before the user row, in the order checkout takes them.
    await claimBooking(tx, m, {
      arrivalDate: plan.arrival,
      departureDate: plan.departure,
      parkingFeeCents: plan.parkingFeeAfter,
      priceLines: plan.lines,
      dayPrices: plan.dayPrices,
      totalFeeCents: plan.totalAfter,
      creditAppliedCents: plan.creditAppliedAfter,
      nonRefundableCents: plan.nonRefundableCentsAfter,
    });
    await takeAdded(tx, m, plan.added);
    for (const [first, last] of plan.removed) await releaseDayRange(tx, b.providerId, first, last);
    await giveBack(tx, b, { card: plan.refundToCard, credit: plan.creditBack }, `change-refund-${change!.id}`, `Credit returned from changing booking ${b.confirmationNumber}`);
    await recordPartnerLine(tx, b, { kind: 'change', sourceKey: `change:${change!.id}`, gross: neg(add(plan.refundToCard, plan.creditBack)), at: change!.createdAt });
    await linkKeyToChange(tx, claim, change!.id);
    const done = summaryOf(change!);
    await completeKeyForChange(tx, change!.id, { ok: true, data: done });
    await enqueueJob(tx, 'mail.booking-changed', { bookingId: b.id, changeId: change!.id }, { dedupeKey: `booking-changed:${change!.id}` });
    await planReminders(tx, { ...b, arrivalDate: plan.arrival, departureDate: plan.departure }, ctx.clock.now(), m.state);
    return done;
  });
  countBooking('changed');
  ctx.jobs.kick();
  return summary;
}

function summaryOf(c: Change): TChangeSummary {
  return {
    changeId: c.id,
    arrival: c.toArrival!,
    departure: c.toDeparture!,
    days: billableDays(c.toArrival!, c.toDeparture!),
    lines: linesInDollars(c.priceLines ?? []),
    parkingFeeBefore: toDollars(c.parkingFeeBeforeCents),
    parkingFeeAfter: toDollars(c.parkingFeeAfterCents),
    difference: toDollars(sub(sub(c.parkingFeeAfterCents, c.keptCents), c.parkingFeeBeforeCents)),
    charge: toDollars(c.chargedCents),
    refundToCard: toDollars(c.refundedCents),
    creditBack: toDollars(c.creditReturnedCents),
    kept: toDollars(c.keptCents),
    card: c.cardLast4 ? { brand: c.cardBrand ?? 'card', last4: c.cardLast4 } : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Costs more: a paid hold (paid-hold.ts charges it outside any transaction, then applies or releases it)

/** A change of dates that costs more, as a paid hold: its added days held while the difference is charged. */
export const dateChangeHold: HoldKind<Change, TChangeSummary, Pick<Managed, 'booking' | 'provider'>> = {
  purpose: 'booking-change',
  idKey: 'changeId',
  load: async (db, id) => (await db.select().from(bookingChanges).where(eq(bookingChanges.id, id)))[0],
  state: (c) => (c.status === 'pending' ? 'pending' : c.status === 'failed' ? 'failed' : 'settled'),
  amount: (c) => c.chargedCents,
  paymentKey: (c) => c.paymentKey ?? `booking-change-${c.id}`,
  paymentIntentId: (c) => c.paymentIntentId,
  awaitAuthentication: (db, id, paymentIntentId) =>
    db
      .update(bookingChanges)
      .set({ paymentIntentId })
      .where(and(eq(bookingChanges.id, id), eq(bookingChanges.status, 'pending'))),
  chargeInput: (c, m) => ({
    description: `Change of dates, ${m?.provider.name ?? 'your parking'}, ${m?.booking.confirmationNumber ?? `change ${c.id}`}`,
    receiptEmail: m?.booking.email,
    metadata: { purpose: 'booking-change', bookingId: String(c.bookingId), changeId: String(c.id), ...(m ? { confirmationNumber: m.booking.confirmationNumber } : {}) },
  }),
  chargeLookup: (c) => ({ idempotencyKey: c.paymentKey ?? `booking-change-${c.id}`, bookingId: c.bookingId, changeId: c.id }),
  settle: applyPaidChange,
  release: releaseChange,
  result: async (_db, c) => summaryOf(c),
  completeKey: (db, id, outcome) => completeKeyForChange(db, id, outcome),
  expired: (db, now) =>
    db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.kind, 'dates'), eq(bookingChanges.status, 'pending'), lt(bookingChanges.holdExpiresAt, now)))
      .orderBy(asc(bookingChanges.id)),
};

/**
 * A charge for a change succeeded: the change is applied if it is still pending (and the stay has not ended at
 * the gate meanwhile: then it is undone). Null when it was not applied (paid-hold.ts refunds the money).
 */
async function applyPaidChange(services: Pick<Services, 'db' | 'jobs'>, changeId: number, intent: PaymentIntent | null): Promise<TChangeSummary | null> {
  const result = await services.db.transaction(async (tx) => {
    const [change] = await tx
      .update(bookingChanges)
      .set({ status: 'applied', holdExpiresAt: null, paymentIntentId: intent?.id ?? null, cardBrand: intent?.card?.brand ?? null, cardLast4: intent?.card?.last4 ?? null })
      .where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.status, 'pending')))
      .returning();
    if (!change) return null;
    // The booking cannot move while this change holds it (other changes and cancelling wait for it).
    const [held] = await tx
      .select({ totalFeeCents: bookings.totalFeeCents, nonRefundableCents: bookings.nonRefundableCents })
      .from(bookings)
      .where(eq(bookings.id, change.bookingId));
    const [booking] = await tx
      .update(bookings)
      .set({
        arrivalDate: change.toArrival!,
        departureDate: change.toDeparture!,
        parkingFeeCents: change.parkingFeeAfterCents,
        priceLines: change.priceLines,
        dayPrices: change.dayPrices,
        totalFeeCents: add(held?.totalFeeCents ?? ZERO, change.chargedCents),
        nonRefundableCents: change.nonRefundableCentsAfter ?? held?.nonRefundableCents ?? ZERO,
        pendingChangeId: null,
      })
      .where(and(eq(bookings.id, change.bookingId), eq(bookings.pendingChangeId, change.id), eq(bookings.status, 'confirmed'), isNull(bookings.checkedOutAt)))
      .returning();
    if (!booking) {
      // The stay ended at the gate while the bank answered: the change cannot happen; its money goes back.
      await undoHold(tx, change, { code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE });
      return null;
    }
    for (const [first, last] of dayRangesOutside(stayDays(change.fromArrival!, change.fromDeparture!), stayDays(change.toArrival!, change.toDeparture!))) {
      await releaseDayRange(tx, booking.providerId, first, last);
    }
    if (intent) await recordCharge(tx, booking.id, intent);
    await recordPartnerLine(tx, booking, { kind: 'change', sourceKey: `change:${change.id}`, gross: change.chargedCents, at: change.createdAt });
    const summary = summaryOf(change);
    await completeKeyForChange(tx, change.id, { ok: true, data: summary });
    await enqueueJob(tx, 'mail.booking-changed', { bookingId: booking.id, changeId: change.id }, { dedupeKey: `booking-changed:${change.id}` });
    await planReminders(tx, booking, new Date());
    return summary;
  });
  if (result) {
    countBooking('changed');
    services.jobs.kick();
  }
  return result;
}

/** A change whose payment did not go through: its added days back, the booking free to change again. */
export async function releaseChange(services: Pick<Services, 'db'>, changeId: number, refusal: Refusal): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.status, 'pending')));
    if (!change) return false;
    return undoHold(tx, change, refusal);
  });
}

/** Fails a held change (still in the status it was read in): its added days back, the booking free again. */
async function undoHold(tx: Tx, change: Change, refusal: Refusal): Promise<boolean> {
  const [claimed] = await tx
    .update(bookingChanges)
    .set({ status: 'failed', holdExpiresAt: null })
    .where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, change.status)))
    .returning();
  if (!claimed) return false;
  const [booking] = await tx.update(bookings).set({ pendingChangeId: null }).where(eq(bookings.pendingChangeId, change.id)).returning({ providerId: bookings.providerId });
  const [providerId] = booking ? [booking.providerId] : (await tx.select({ p: bookings.providerId }).from(bookings).where(eq(bookings.id, change.bookingId))).map((r) => r.p);
  if (providerId !== undefined) {
    for (const [first, last] of dayRangesOutside(stayDays(change.toArrival!, change.toDeparture!), stayDays(change.fromArrival!, change.fromDeparture!))) {
      await releaseDayRange(tx, providerId, first, last);
    }
  }
  await completeKeyForChange(tx, change.id, { ok: false, code: refusal.code, message: refusal.message });
  return true;
}

/** Settles changes whose hold expired with no answer (the periodic task, every minute beside the booking holds'). */
export const settleExpiredChanges = (services: Pick<Services, 'db' | 'payments' | 'jobs'>, now = new Date()) => reapExpired(services, dateChangeHold, now);
