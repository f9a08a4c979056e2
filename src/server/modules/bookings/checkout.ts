// Checkout: hold a space (and the traveller's credit) in one transaction, charge the card outside it, then
// settle the booking in one transaction: confirmed (with its e-mails queued and the Idempotency-Key's outcome
// stored), or released (the hold, the credit, an account made only for it). A request that dies anywhere is
// settled by the client's retry with the same key, by the payment webhook, or by the hold reaper, never twice.
import { randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, informationAccess, paymentMethods, userCredits, userPreferences, users, userSessions } from '../../db/schema';
import { CardError, type PaymentIntent } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import type { Context, Services } from '../../trpc/init';
import { billableDays, priceStay, stayLines, toWallClock } from '@/shared/pricing';
import { MAX_ADVANCE_DAYS, MAX_ADVANCE_MESSAGE, type TCreateBooking } from '@/shared/schemas/bookings';
import { findUserByEmail } from '../auth/auth.service';
import { availableCredit } from './credit';
import { checkoutResult, checkoutResultOf, GUEST_LINK_TTL_MS, instantAt, mintBookingLink, providerWithLocation, type BookingRow, type TCheckoutResult } from './booking-view';
import {
  claimKey,
  completeKey,
  completeKeyForBooking,
  errorOutcome,
  linkKeyToBooking,
  paymentKeyFor,
  releaseKey,
  replay,
  requestHash,
  type KeyClaim,
} from './idempotency';
import { releaseDays, takeDays } from './inventory';

type Ctx = Context;
type Owner = Extract<KeyClaim, { kind: 'owner' }>;
/** The lot being booked and its place, read once per checkout. */
type Lot = NonNullable<ReturnType<typeof providerWithLocation>>;

/** How long a space is held while the card is charged; the reaper settles holds older than this. */
export const HOLD_MS = 10 * 60_000;
/** Arrivals may be a little in the past (a traveller booking from the shuttle queue). */
const ARRIVAL_GRACE_MS = 60 * 60_000;

export const EXPIRED_HOLD_MESSAGE = 'Your payment took too long and the space was released. You have not been charged. Please try again.';
const GATEWAY_DOWN_MESSAGE = 'We could not reach the payment processor. Please try again: you will not be charged twice.';

const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I

/** 'PP-7K3M9Q2H': short enough to read over the phone, 32^8 possibilities. */
export function newConfirmationNumber(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)];
  return `PP-${s}`;
}

export function soldOutMessage(providerName: string) {
  return `Sorry, ${providerName} is sold out for these dates. Please choose different dates or another lot.`;
}

/** What the card step needs: a typed test card (sandbox) or a payment method, and its customer. */
interface PayWith {
  card?: { number: string; expMonth: number; expYear: number; cvc: string; postalCode?: string };
  paymentMethodId?: string;
  customerId?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Entry point

export async function createBooking(ctx: Ctx, input: TCreateBooking): Promise<TCheckoutResult> {
  const now = new Date();
  const found = providerWithLocation(ctx.db, input.providerId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'This parking lot is no longer available. Please choose another one.' });
  const arrivalAt = instantAt(toWallClock(input.reservationDetails.arrivalDate)!, found.location.state).getTime();
  if (arrivalAt < now.getTime() - ARRIVAL_GRACE_MS) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Arrival date cannot be in the past' });
  if (arrivalAt > now.getTime() + MAX_ADVANCE_DAYS * 86_400_000) throw new TRPCError({ code: 'BAD_REQUEST', message: MAX_ADVANCE_MESSAGE });
  const payWith = paymentFor(ctx, input);

  if (!input.idempotencyKey) return withViewToken(ctx, await placeBooking(ctx, found, input, payWith, null));

  const scope = `booking:${ctx.user ? `user:${ctx.user.id}` : `guest:${input.customerInfo.email}`}`;
  // The hash covers what is booked, not the card number (only its last four).
  const { cardNumber, cvv: _cvv, ...payment } = input.paymentInfo;
  const hash = requestHash({ ...input, idempotencyKey: undefined, paymentInfo: { ...payment, last4: cardNumber?.replace(/\D/g, '').slice(-4) } });
  const claim = await claimKey(ctx.db, scope, input.idempotencyKey, hash);
  if (claim.kind === 'replay') return withViewToken(ctx, replay<TCheckoutResult>(claim.outcome));

  const paymentKey = paymentKeyFor(scope, input.idempotencyKey);
  try {
    const booking = claim.bookingId ? ctx.db.select().from(bookings).where(eq(bookings.id, claim.bookingId)).get() : undefined;
    // A repeat that took over from a request that died after its hold: settle that same booking.
    const result = booking ? await resumeBooking(ctx, found, booking, payWith) : await placeBooking(ctx, found, input, payWith, { claim, paymentKey });
    return withViewToken(ctx, result);
  } catch (err) {
    const outcome = errorOutcome(err);
    if (outcome) completeKey(ctx.db, claim.rowId, outcome); // no-op when settling stored it already
    else releaseKey(ctx.db, claim);
    throw err;
  }
}

function paymentFor(ctx: Ctx, input: TCreateBooking): PayWith {
  const pay = input.paymentInfo;
  if (pay.paymentMethodId) {
    const saved = ctx.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, pay.paymentMethodId)).get();
    if (saved && saved.userId !== ctx.user?.id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Payment method not found' });
    const customerId = saved ? (ctx.db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, saved.userId)).get()?.c ?? undefined) : undefined;
    return { paymentMethodId: pay.paymentMethodId, customerId };
  }
  if (ctx.payments.mode === 'stripe') throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please enter your card in the secure card form.' });
  const [mm, yy] = pay.expirationDate!.split('/').map((p) => Number(p.trim()));
  return { card: { number: pay.cardNumber!.replace(/\D/g, ''), expMonth: mm!, expYear: 2000 + yy!, cvc: pay.cvv!.trim(), postalCode: pay.billingZip } };
}

/** Guests see their booking through a signed link of its own (never a session for the account made for them). */
function withViewToken(ctx: Ctx, result: TCheckoutResult): TCheckoutResult {
  if (ctx.user) return result; // the owner sees it signed in
  const token = mintBookingLink(ctx.db, result.booking.id, new Date(Date.now() + GUEST_LINK_TTL_MS));
  return { ...result, viewToken: token };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Hold

async function placeBooking(ctx: Ctx, lot: Lot, input: TCreateBooking, payWith: PayWith, keyed: { claim: Owner; paymentKey: string } | null) {
  const { db } = ctx;
  const now = new Date();
  const { provider, location } = lot;
  const arrival = toWallClock(input.reservationDetails.arrivalDate)!;
  const departure = toWallClock(input.reservationDetails.departureDate)!;
  const customer = input.customerInfo;
  const res = input.reservationDetails;
  const days = billableDays(arrival, departure);

  const booking = db.transaction(
    (tx) => {
      let userId = ctx.user?.id ?? null;
      let createdAccount = false;
      if (!userId) {
        // Insert-or-nothing, then read: two guest checkouts with one e-mail share one account.
        const made = tx
          .insert(users)
          .values({ name: `${customer.firstName} ${customer.lastName}`, email: customer.email, phone: customer.phone })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id })
          .get();
        if (made) {
          tx.insert(userPreferences)
            .values({ userId: made.id, vehicleMake: res.vehicleMake, vehicleModel: res.vehicleModel, licensePlate: res.licensePlate || null })
            .onConflictDoNothing()
            .run();
          createdAccount = true;
          userId = made.id;
        } else userId = findUserByEmail(tx as unknown as DB, customer.email)!.id;
      }

      // Every day of the stay, or none: a full day fails the transaction (and undoes the other days).
      if (!takeDays(tx, provider, arrival, departure)) throw new TRPCError({ code: 'CONFLICT', message: soldOutMessage(provider.name) });

      // Credit only for the signed-in owner: typing someone's e-mail must not spend their credit.
      let price = priceStay({ dailyPrice: provider.price, weeklyRate: provider.weeklyRate, days, credit: ctx.user ? availableCredit(tx, ctx.user.id, location.code) : 0 });
      if (price.credit > 0) {
        // Spent with a conditional update, so two bookings at once cannot both spend one credit.
        const spent = tx
          .update(users)
          .set({ creditBalance: sql`${users.creditBalance} - ${price.credit}` })
          .where(and(eq(users.id, userId), sql`${users.creditBalance} >= ${price.credit} - 0.000001`))
          .returning({ id: users.id })
          .get();
        if (!spent) price = priceStay({ dailyPrice: provider.price, weeklyRate: provider.weeklyRate, days, credit: 0 });
      }

      let row: BookingRow | undefined;
      for (let attempt = 0; !row; attempt++) {
        if (attempt > 5) throw new Error('Could not allocate a confirmation number');
        row = tx
          .insert(bookings)
          .values({
            userId,
            providerId: provider.id,
            confirmationNumber: newConfirmationNumber(),
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phone: customer.phone,
            arrivalDate: arrival,
            departureDate: departure,
            vehicleMake: res.vehicleMake,
            vehicleModel: res.vehicleModel,
            licensePlate: res.licensePlate.toUpperCase(),
            parkingFee: price.subtotal,
            priceLines: stayLines({ dailyPrice: provider.price, weeklyRate: provider.weeklyRate, days }),
            serviceFee: price.serviceFee,
            creditApplied: price.credit,
            totalFee: price.total,
            status: 'pending',
            holdExpiresAt: new Date(now.getTime() + HOLD_MS),
            paymentKey: keyed?.paymentKey ?? null,
            createdAccount: createdAccount ? 1 : 0,
          })
          .onConflictDoNothing({ target: bookings.confirmationNumber })
          .returning()
          .get();
      }
      if (!keyed) row = tx.update(bookings).set({ paymentKey: `booking-${row.id}` }).where(eq(bookings.id, row.id)).returning().get()!;

      if (price.credit > 0) {
        tx.insert(userCredits)
          .values({ userId, amount: -price.credit, type: 'booking_use', description: `Applied to booking ${row.confirmationNumber}`, relatedBookingId: row.id })
          .run();
        tx.update(informationAccess)
          .set({ creditedBack: 1, creditedAt: now, creditedBookingId: row.id })
          .where(and(eq(informationAccess.userId, userId), eq(informationAccess.location, location.code), eq(informationAccess.creditedBack, 0)))
          .run();
      }
      if (keyed) linkKeyToBooking(tx, keyed.claim, row.id);
      return row;
    },
    { behavior: 'immediate' },
  );

  return settleWithCard(ctx, lot, booking, payWith);
}

/** A repeat of a request that died: the booking it made is shown, or settled now if it was still pending. */
async function resumeBooking(ctx: Ctx, lot: Lot, booking: BookingRow, payWith: PayWith): Promise<TCheckoutResult> {
  if (booking.status === 'pending') return settleWithCard(ctx, lot, booking, payWith);
  if (booking.status === 'failed') throw new TRPCError({ code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE });
  const result = checkoutResult(ctx.db, booking.id);
  completeKeyForBooking(ctx.db, booking.id, { ok: true, data: result });
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// 2. Charge, outside any transaction (the hold keeps the space meanwhile)

async function settleWithCard(ctx: Ctx, lot: Lot, booking: BookingRow, payWith: PayWith): Promise<TCheckoutResult> {
  const { provider } = lot;
  let intent: PaymentIntent | null = null;
  if (booking.totalFee > 0) {
    try {
      intent = await ctx.payments.charge({
        amount: Math.round(booking.totalFee * 100),
        description: `Parking at ${provider.name}, ${booking.confirmationNumber}`,
        receiptEmail: booking.email,
        metadata: { purpose: 'booking', bookingId: String(booking.id), confirmationNumber: booking.confirmationNumber },
        ...payWith,
        idempotencyKey: booking.paymentKey ?? `booking-${booking.id}`,
      });
    } catch (err) {
      if (err instanceof CardError) {
        releaseHold(ctx, booking.id, { code: 'PAYMENT_REQUIRED', message: err.message });
        throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: err.message });
      }
      // The charge may or may not have happened: keep the hold; a retry with the same key (the same charge
      // key at the gateway), the webhook or the reaper settles it.
      console.warn(`Booking ${booking.id}: the payment gateway did not answer (${(err as Error).message}).`);
      throw new TRPCError({ code: 'BAD_GATEWAY', message: GATEWAY_DOWN_MESSAGE });
    }
    if (intent.status !== 'succeeded') {
      const message =
        intent.status === 'requires_action'
          ? 'Your bank asked for extra verification, which we cannot complete here. You have not been charged; please use another card.'
          : (intent.lastError ?? 'Your card was declined.');
      releaseHold(ctx, booking.id, { code: 'PAYMENT_REQUIRED', message });
      throw new TRPCError({ code: 'PAYMENT_REQUIRED', message });
    }
  }

  const result = confirmBooking(ctx, booking.id, intent, lot);
  if (result) return result;
  const now = ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)).get();
  if (now?.status === 'confirmed') return checkoutResult(ctx.db, booking.id); // a concurrent settle won
  // The reaper released the hold while the bank answered and the space may be gone: give the money back.
  if (intent) await ctx.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: `expired-hold-${booking.id}` });
  throw new TRPCError({ code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE });
}

// ---------------------------------------------------------------------------------------------------------
// 3. Settle: exactly one of confirm or release wins, by a conditional update on the pending booking.

/**
 * Confirms a held booking that was paid: in one transaction the booking, the key's stored outcome, and the
 * confirmation (and, for a new guest account, set-password) e-mails as jobs. Null if it was not pending.
 */
export function confirmBooking(services: Pick<Services, 'db' | 'jobs'>, bookingId: number, intent: PaymentIntent | null, lot?: Lot): TCheckoutResult | null {
  const result = services.db.transaction(
    (tx) => {
      const confirmed = tx
        .update(bookings)
        .set({ status: 'confirmed', holdExpiresAt: null, paymentIntentId: intent?.id ?? null, cardBrand: intent?.card?.brand ?? null, cardLast4: intent?.card?.last4 ?? null })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
        .returning()
        .get();
      if (!confirmed) return null;
      const out = lot ? checkoutResultOf(confirmed, lot.provider, lot.location.state) : checkoutResult(tx, confirmed.id);
      completeKeyForBooking(tx, confirmed.id, { ok: true, data: out });
      enqueueJob(tx, 'mail.booking-confirmation', { bookingId: confirmed.id }, { dedupeKey: `booking-confirmation:${confirmed.id}` });
      if (confirmed.createdAccount) enqueueJob(tx, 'mail.set-password', { userId: confirmed.userId, reason: 'booking' }, { dedupeKey: `set-password:booking:${confirmed.id}` });
      return out;
    },
    { behavior: 'immediate' },
  );
  if (result) services.jobs.kick();
  return result;
}

/**
 * Undoes a hold whose payment did not go through: its credit use, the booking, and the account checkout made
 * for it unless that account has anything else by now (another booking paid meanwhile, an access fee, a
 * password, Google, a session). The key replays `refusal`. False if the booking was no longer pending.
 */
export function releaseHold(services: Pick<Services, 'db'>, bookingId: number, refusal: { code: TRPCError['code']; message: string }): boolean {
  return services.db.transaction(
    (tx) => {
      const claimed = tx
        .update(bookings)
        .set({ status: 'failed' })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
        .returning()
        .get();
      if (!claimed) return false;
      const used = tx.select().from(userCredits).where(and(eq(userCredits.relatedBookingId, bookingId), eq(userCredits.type, 'booking_use'))).all();
      for (const entry of used) {
        tx.update(users).set({ creditBalance: sql`${users.creditBalance} - ${entry.amount}` }).where(eq(users.id, entry.userId)).run();
        tx.delete(userCredits).where(eq(userCredits.id, entry.id)).run();
      }
      tx.update(informationAccess).set({ creditedBack: 0, creditedAt: null, creditedBookingId: null }).where(eq(informationAccess.creditedBookingId, bookingId)).run();
      completeKeyForBooking(tx, bookingId, { ok: false, code: refusal.code, message: refusal.message });
      releaseDays(tx, claimed.providerId, claimed.arrivalDate, claimed.departureDate);
      tx.delete(bookings).where(eq(bookings.id, bookingId)).run();
      if (claimed.createdAccount) {
        const u = claimed.userId;
        tx.delete(users)
          .where(
            and(
              eq(users.id, u),
              sql`${users.password} is null`,
              sql`${users.googleId} is null`,
              notExists(tx.select({ x: sql`1` }).from(bookings).where(eq(bookings.userId, u))),
              notExists(tx.select({ x: sql`1` }).from(informationAccess).where(eq(informationAccess.userId, u))),
              notExists(tx.select({ x: sql`1` }).from(userSessions).where(eq(userSessions.userId, u))),
            ),
          )
          .run();
      }
      return true;
    },
    { behavior: 'immediate' },
  );
}

/**
 * Settles holds older than HOLD_MS whose request never came back (a crash, a closed tab): if the gateway has
 * a successful charge for the booking it is confirmed, otherwise the hold is released. Runs every minute.
 */
export async function settleExpiredHolds(services: Pick<Services, 'db' | 'payments' | 'jobs'>, now = new Date()): Promise<{ confirmed: number; released: number }> {
  const stale = services.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lt(bookings.holdExpiresAt, now)))
    .all();
  let confirmed = 0;
  let released = 0;
  for (const b of stale) {
    const intent = b.totalFee > 0 && b.paymentKey ? await services.payments.findCharge({ idempotencyKey: b.paymentKey, bookingId: b.id }) : null;
    if (b.totalFee <= 0 || intent?.status === 'succeeded') {
      if (confirmBooking(services, b.id, intent)) confirmed++;
    } else if (releaseHold(services, b.id, { code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE })) released++;
  }
  return { confirmed, released };
}
