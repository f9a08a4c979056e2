// A late check-out (an overstay) as a paid hold. The gate's check-out writes, in its own transaction, the
// overstay row (a booking change of kind 'overstay': the extra days and their price, priceOverstay in
// shared/pricing.ts, at the booked rate beyond the lot's grace) as 'pending' when the traveller has a card on file,
// else as 'due'. paid-hold.ts then charges the card on file off-session with the row's own gateway key (one per
// booking: a retried or repeated check-out charges once) and settles it here: the booking's parking fee, lines,
// day prices and total grow by the overstay, the charge joins the booking's ledger and the partner's share is
// recorded like any parking revenue. A decline (or no card) leaves the row 'due': the traveller is e-mailed the
// manage link, where "Pay now" claims it again (overstay-pay.ts). The webhook and the reaper find it by its kind.
// The extra days take no spaces from inventory: the car was already there, and a leaving car is never refused.
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingChanges, bookings, paymentMethods, users } from '../../db/schema';
import type { Context, Services } from '../../deps';
import { AppError } from '../../errors';
import type { PaymentIntent } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import { add, toDollars } from '@/shared/money';
import { priceOverstay, type Overstay } from '@/shared/pricing';
import { recordPartnerLine } from '../partners/ledger';
import { bookedPriceLines, instantAt, type BookingRow } from './booking-view';
import { paidDayPrices } from './change-plan';
import { recordCharge } from './ledger';
import { payAndSettle, reapExpired, type HoldKind, type PayWith, type Refusal } from './paid-hold';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
export type OverstayRow = typeof bookingChanges.$inferSelect;

/** How long an overstay's off-session charge may stay unanswered before the reaper settles it. */
export const OVERSTAY_HOLD_MS = 10 * 60_000;

/** What a booking checked out at `at` owes beyond its departure and the lot's grace (nothing: days 0). */
export function overstayOf(b: Pick<BookingRow, 'departureDate' | 'dayPrices' | 'parkingFeeCents' | 'arrivalDate'>, lot: { state: string; graceHours: number }, at: Date): Overstay {
  return priceOverstay({ departureAt: instantAt(b.departureDate, lot.state).getTime(), checkedOutAt: at.getTime(), graceHours: lot.graceHours, paid: paidDayPrices(b) });
}

/** The card on file: the booking's account's default saved card (else its newest); guests have none. */
export async function cardOnFile(
  db: Pick<DB, 'select'>,
  userId: number | null,
): Promise<(Required<Pick<PayWith, 'paymentMethodId'>> & PayWith & { brand: string; last4: string }) | null> {
  if (userId === null) return null;
  const [card] = await db
    .select({ id: paymentMethods.stripePaymentMethodId, brand: paymentMethods.cardBrand, last4: paymentMethods.cardLast4, customerId: users.stripeCustomerId })
    .from(paymentMethods)
    .innerJoin(users, eq(users.id, paymentMethods.userId))
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.id))
    .limit(1);
  return card ? { paymentMethodId: card.id, customerId: card.customerId ?? undefined, brand: card.brand ?? 'card', last4: card.last4 ?? '' } : null;
}

/** What the gate, the manage page and a replayed request say of an overstay (dollars, as the API shows). */
export function overstaySummary(c: OverstayRow) {
  const days = c.dayPrices?.length ?? 0;
  return {
    changeId: c.id,
    /** 'paid': charged; 'pending': the card's bank has not answered yet; 'due': waiting for the traveller (the pay link). */
    status: c.status === 'applied' ? ('paid' as const) : c.status === 'pending' ? ('pending' as const) : ('due' as const),
    days,
    amount: toDollars(c.chargedCents),
    bookedDeparture: c.fromDeparture,
    checkedOut: c.toDeparture,
    lines: (c.priceLines ?? []).map((l) => ({ label: l.label, amount: toDollars(l.cents) })),
    card: c.cardLast4 ? { brand: c.cardBrand ?? 'card', last4: c.cardLast4 } : null,
  };
}
export type TOverstaySummary = ReturnType<typeof overstaySummary>;

/**
 * In the check-out's transaction: the overstay row when one is owed (null otherwise), pending a charge of the
 * card on file or due (then the traveller is e-mailed the pay link).
 */
export async function openOverstay(tx: Tx, b: BookingRow, lot: { state: string; graceHours: number }, checkedOutLocal: string, now: Date): Promise<OverstayRow | null> {
  const o = overstayOf(b, lot, now);
  if (o.amount <= 0) return null;
  const card = await cardOnFile(tx, b.userId);
  const [row] = await tx
    .insert(bookingChanges)
    .values({
      bookingId: b.id,
      kind: 'overstay',
      status: card ? 'pending' : 'due',
      changedBy: b.checkedOutBy,
      fromArrival: b.arrivalDate,
      fromDeparture: b.departureDate,
      toArrival: b.arrivalDate,
      toDeparture: checkedOutLocal,
      parkingFeeBeforeCents: b.parkingFeeCents,
      parkingFeeAfterCents: add(b.parkingFeeCents, o.amount),
      priceLines: o.lines,
      dayPrices: o.dayPrices,
      chargedCents: o.amount,
      // One overstay per booking (a car checks out once): its charge is keyed by the booking.
      paymentKey: `overstay-${b.id}`,
      holdExpiresAt: card ? new Date(now.getTime() + OVERSTAY_HOLD_MS) : null,
    })
    .returning();
  if (!card) await enqueueJob(tx, 'mail.overstay-due', { bookingId: b.id, changeId: row!.id }, { dedupeKey: `overstay-due:${row!.id}` });
  return row!;
}

/**
 * Charges a pending overstay to the card on file and settles it. The check-out stands whatever the bank says:
 * a decline (or no card) leaves it due, no answer leaves it pending for the reaper; the row's state is answered.
 */
export async function chargeOverstay(ctx: Context, row: OverstayRow, booking: Pick<BookingRow, 'userId' | 'confirmationNumber' | 'email'>): Promise<TOverstaySummary> {
  if (row.status !== 'pending') return overstaySummary(row);
  const card = await cardOnFile(ctx.db, booking.userId);
  if (!card) {
    await releaseOverstay(ctx, row.id, { code: 'PAYMENT_REQUIRED', message: 'No card on file.' });
  } else {
    try {
      return await payAndSettle(ctx, overstayHold, row, { paymentMethodId: card.paymentMethodId, customerId: card.customerId, offSession: true }, booking);
    } catch (err) {
      // A decline released it to 'due' (the pay link is on its way); a gateway fault leaves it to the reaper.
      if (!(err instanceof Error)) throw err;
    }
  }
  const now = await overstayHold.load(ctx.db, row.id);
  return overstaySummary(now ?? row);
}

type Hint = Pick<BookingRow, 'confirmationNumber' | 'email'>;

/** An overstay as a paid hold (paid-hold.ts): charged, then settled into the booking, or back to 'due'. */
export const overstayHold: HoldKind<OverstayRow, TOverstaySummary, Hint> = {
  purpose: 'overstay',
  idKey: 'changeId',
  load: async (db, id) =>
    (
      await db
        .select()
        .from(bookingChanges)
        .where(and(eq(bookingChanges.id, id), eq(bookingChanges.kind, 'overstay')))
    )[0],
  state: (c) => (c.status === 'pending' ? 'pending' : c.status === 'applied' ? 'settled' : 'failed'),
  amount: (c) => c.chargedCents,
  paymentKey: (c) => c.paymentKey ?? `overstay-${c.bookingId}`,
  paymentIntentId: (c) => c.paymentIntentId,
  awaitAuthentication: (db, id, paymentIntentId) =>
    db
      .update(bookingChanges)
      .set({ paymentIntentId })
      .where(and(eq(bookingChanges.id, id), eq(bookingChanges.status, 'pending'))),
  chargeInput: (c, b) => ({
    description: `Late check-out, ${b?.confirmationNumber ?? `booking ${c.bookingId}`}`,
    receiptEmail: b?.email,
    metadata: { purpose: 'overstay', bookingId: String(c.bookingId), changeId: String(c.id), ...(b ? { confirmationNumber: b.confirmationNumber } : {}) },
  }),
  chargeLookup: (c) => ({ idempotencyKey: c.paymentKey ?? `overstay-${c.bookingId}`, bookingId: c.bookingId, changeId: c.id }),
  settle: settleOverstay,
  release: releaseOverstay,
  result: async (_db, c) => overstaySummary(c),
  // The requests that pay an overstay (the gate's check-out, "Pay now") store their whole answer themselves.
  completeKey: async () => undefined,
  expired: (db, now) =>
    db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.kind, 'overstay'), eq(bookingChanges.status, 'pending'), lt(bookingChanges.holdExpiresAt, now)))
      .orderBy(asc(bookingChanges.id)),
};

/** A paid overstay joins the booking (its money, lines and days), its card ledger and its partner's ledger, once. */
async function settleOverstay(services: Pick<Services, 'db' | 'jobs'>, id: number, intent: PaymentIntent | null): Promise<TOverstaySummary | null> {
  const result = await services.db.transaction(async (tx) => {
    const [c] = await tx
      .update(bookingChanges)
      .set({ status: 'applied', holdExpiresAt: null, paymentIntentId: intent?.id ?? null, cardBrand: intent?.card?.brand ?? null, cardLast4: intent?.card?.last4 ?? null })
      .where(and(eq(bookingChanges.id, id), eq(bookingChanges.kind, 'overstay'), eq(bookingChanges.status, 'pending')))
      .returning();
    if (!c) return null;
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, c.bookingId));
    if (!b) throw new AppError('NOT_FOUND', 'Booking not found');
    const [booking] = await tx
      .update(bookings)
      .set({
        parkingFeeCents: add(b.parkingFeeCents, c.chargedCents),
        totalFeeCents: add(b.totalFeeCents, c.chargedCents),
        priceLines: [...bookedPriceLines(b), ...(c.priceLines ?? [])],
        dayPrices: [...paidDayPrices(b), ...(c.dayPrices ?? [])],
      })
      .where(eq(bookings.id, b.id))
      .returning();
    if (intent) await recordCharge(tx, b.id, intent);
    await recordPartnerLine(tx, booking!, { kind: 'overstay', sourceKey: `overstay:${c.id}`, gross: c.chargedCents, at: c.createdAt });
    await enqueueJob(tx, 'mail.booking-changed', { bookingId: b.id, changeId: c.id }, { dedupeKey: `booking-changed:${c.id}` });
    return overstaySummary(c);
  });
  if (result) services.jobs.kick();
  return result;
}

/** The card did not pay (declined, or none on file): the overstay is due, and the traveller gets the pay link. */
export async function releaseOverstay(services: Pick<Services, 'db'>, id: number, _refusal: Refusal): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [c] = await tx
      .update(bookingChanges)
      .set({ status: 'due', holdExpiresAt: null, paymentIntentId: null })
      .where(and(eq(bookingChanges.id, id), eq(bookingChanges.kind, 'overstay'), eq(bookingChanges.status, 'pending')))
      .returning();
    if (!c) return false;
    await enqueueJob(tx, 'mail.overstay-due', { bookingId: c.bookingId, changeId: c.id }, { dedupeKey: `overstay-due:${c.id}` });
    return true;
  });
}

/** Settles overstay charges left unanswered (the periodic task, beside the booking and change holds'). */
export const settleExpiredOverstays = (services: Pick<Services, 'db' | 'payments' | 'jobs'>, now = new Date()) => reapExpired(services, overstayHold, now);

/** The booking's overstay still to pay (the manage page's "Pay now"), or null. */
export async function overstayDue(db: Pick<DB, 'select'>, bookingId: number): Promise<TOverstaySummary | null> {
  const [c] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.kind, 'overstay'), eq(bookingChanges.status, 'due')));
  return c ? overstaySummary(c) : null;
}
