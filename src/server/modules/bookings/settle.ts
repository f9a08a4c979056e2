// A new booking as a paid hold (paid-hold.ts does the charge, the retry, the webhook and the reaper the same way
// for every kind): confirming it or releasing it, each by a conditional update on the pending booking (a claim),
// so exactly one wins. Only the winner writes anything else; the gateway is never called inside a transaction.
import { countBooking } from '../../observability/metrics';
import { and, eq, lt, sql } from 'drizzle-orm';
import { bound, prepared, type DB } from '../../db/client';
import { lastTrip } from '../../db/pg-trips';
import { bookings } from '../../db/schema';
import type { Services } from '../../deps';
import type { AppErrorCode } from '../../errors';
import type { PaymentIntent } from '../../integrations/payments';
import { enqueueJobs, jobOf } from '../../jobs/queue';
import { checkoutResult, checkoutResultOf, type BookingRow, type providerWithLocation, type TCheckoutResult } from './booking-view';
import { undoCreditUse } from './credit';
import { completeKeyForBooking } from './idempotency';
import { releaseDays } from './inventory';
import { recordCharge } from './ledger';
import { recordPartnerLine } from '../partners/ledger';
import { reapExpired, type HoldKind } from './paid-hold';

/** The lot being booked and its place, read once per checkout. */
export type Lot = NonNullable<Awaited<ReturnType<typeof providerWithLocation>>>;

export { EXPIRED_HOLD_MESSAGE, orphanRefundKey } from './paid-hold';

/** The claim that confirms a held booking: built once (db/client.ts, prepared), as it returns every column. */
const confirmPending = prepared((db) =>
  db
    .update(bookings)
    .set({
      status: 'confirmed',
      holdExpiresAt: null,
      paymentIntentId: bound('intent', bookings.paymentIntentId),
      cardBrand: bound('brand', bookings.cardBrand),
      cardLast4: bound('last4', bookings.cardLast4),
    })
    .where(and(eq(bookings.id, bound('id', bookings.id)), eq(bookings.status, 'pending')))
    .returning()
    .prepare('booking_confirm_pending'),
);

/**
 * Confirms a held booking that was paid: in one transaction the booking, the key's stored outcome, and the
 * confirmation e-mail as a job. Null if it was not pending.
 */
export async function confirmBooking(services: Pick<Services, 'db' | 'jobs'>, bookingId: number, intent: PaymentIntent | null, lot?: Lot): Promise<TCheckoutResult | null> {
  // The confirmation e-mail is written claimed by this server, which sends it once the booking commits.
  const claim = services.jobs.claimHere?.() ?? null;
  const settled = await services.db.transaction(async (tx) => {
    const [confirmed] = await confirmPending(tx).execute({ id: bookingId, intent: intent?.id ?? null, brand: intent?.card?.brand ?? null, last4: intent?.card?.last4 ?? null });
    if (!confirmed) return null;
    const out = lot ? checkoutResultOf(confirmed, lot.provider, lot.location.state) : await checkoutResult(tx, confirmed.id);
    // The writes that follow the claim, with the COMMIT, in one round trip on PostgreSQL (db/pg-trips.ts): the
    // charge, the partner's line, the key's outcome, and the confirmation e-mail, whose job plans the trip
    // reminders (booking-mail.ts) before it sends. Nothing may follow them in this transaction.
    const [, , , mail] = await lastTrip(tx, [
      () => (intent ? recordCharge(tx, confirmed.id, intent) : Promise.resolve()),
      () => recordPartnerLine(tx, confirmed, { kind: 'booking', sourceKey: `booking:${confirmed.id}`, gross: confirmed.parkingFeeCents, at: confirmed.createdAt }),
      () => completeKeyForBooking(tx, confirmed.id, { ok: true, data: out }),
      () => enqueueJobs(tx, [jobOf('mail.booking-confirmation', { bookingId: confirmed.id }, { dedupeKey: `booking-confirmation:${confirmed.id}`, claim })]),
    ]);
    return { out, mail };
  });
  if (!settled) return null;
  countBooking('placed');
  if (settled.mail.length) services.jobs.runClaimed?.(settled.mail);
  else services.jobs.kick();
  return settled.out;
}

/**
 * Undoes a hold whose payment did not go through: its days, its credit use (back to the account or the guest
 * e-mail that owns it) and the booking. The key replays `refusal`. False if the booking was no longer pending
 * (another path settled it: nothing is reversed twice).
 */
export async function releaseHold(services: Pick<Services, 'db'>, bookingId: number, refusal: { code: AppErrorCode; message: string }): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    // The claim: of concurrent releases (and confirms), one gets the row back; the others change nothing.
    const [claimed] = await tx
      .update(bookings)
      .set({ status: 'failed' })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
      .returning();
    if (!claimed) return false;
    // Lot days before the user row, in the order checkout takes them.
    await releaseDays(tx, claimed.providerId, claimed.arrivalDate, claimed.departureDate);
    await undoCreditUse(tx, bookingId);
    await completeKeyForBooking(tx, bookingId, { ok: false, code: refusal.code, message: refusal.message });
    await tx.delete(bookings).where(eq(bookings.id, bookingId));
    return true;
  });
}

/** Written as the hold index's condition (bookings_pending_hold_idx), so both engines read that small index. */
const PENDING = sql`${bookings.status} = 'pending'`;
/** Holds whose time ran out before `now` (the reaper's read). */
export const expiredHolds = (db: Pick<DB, 'select'>, now: Date) =>
  db
    .select()
    .from(bookings)
    .where(and(PENDING, lt(bookings.holdExpiresAt, now)));

/** What the paid hold reads of a booking (checkout's insert returns only these: a booking has 42 columns). */
export const HELD_COLUMNS = {
  id: bookings.id,
  status: bookings.status,
  totalFeeCents: bookings.totalFeeCents,
  paymentKey: bookings.paymentKey,
  paymentIntentId: bookings.paymentIntentId,
  confirmationNumber: bookings.confirmationNumber,
  email: bookings.email,
};
export type HeldBooking = Pick<BookingRow, keyof typeof HELD_COLUMNS>;

/** A new booking as a paid hold (paid-hold.ts): pending while its card is charged, then confirmed or released. */
export const bookingHold: HoldKind<HeldBooking, TCheckoutResult, Lot> = {
  purpose: 'booking',
  idKey: 'bookingId',
  load: async (db, id) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0],
  state: (b) => (b.status === 'pending' ? 'pending' : b.status === 'failed' ? 'failed' : 'settled'),
  amount: (b) => b.totalFeeCents,
  paymentKey: (b) => b.paymentKey ?? `booking-${b.id}`,
  paymentIntentId: (b) => b.paymentIntentId,
  awaitAuthentication: (db, id, paymentIntentId) =>
    db
      .update(bookings)
      .set({ paymentIntentId })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'pending'))),
  chargeInput: (b, lot) => ({
    description: `Parking at ${lot?.provider.name ?? 'a ParkPilot lot'}, ${b.confirmationNumber}`,
    receiptEmail: b.email,
    metadata: { purpose: 'booking', bookingId: String(b.id), confirmationNumber: b.confirmationNumber },
  }),
  chargeLookup: (b) => ({ idempotencyKey: b.paymentKey ?? `booking-${b.id}`, bookingId: b.id }),
  settle: (services, id, intent, lot) => confirmBooking(services, id, intent, lot),
  release: releaseHold,
  result: (db, b) => checkoutResult(db, b.id),
  completeKey: completeKeyForBooking,
  // Oldest first, sorted here: an ORDER BY id makes SQLite (with no table statistics) walk the whole table in id
  // order rather than read the holds' index and sort the few rows it finds.
  expired: async (db, now) =>
    (
      await db
        .select()
        .from(bookings)
        .where(and(PENDING, lt(bookings.holdExpiresAt, now)))
    ).sort((a, b) => a.id - b.id),
};

/** Settles booking holds older than HOLD_MS whose request never came back (the periodic task, every minute). */
export const settleExpiredHolds = (services: Pick<Services, 'db' | 'payments' | 'jobs'>, now = new Date()) => reapExpired(services, bookingHold, now);
