// Checkout: hold a space (and the traveller's credit) in one transaction, charge the card outside it, then
// settle the booking in one transaction: confirmed (with its e-mails queued and the Idempotency-Key's outcome
// stored), or released (the hold, the credit, an account made only for it). A request that dies anywhere is
// settled by the client's retry with the same key, by the payment webhook, or by the hold reaper, never twice.
import { countPaymentFailure, type PaymentPurpose } from '../../observability/metrics';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookings, paymentMethods, users } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { CardError, type ChargeInput, type PaymentIntent } from '../../integrations/payments';
import { ZERO } from '@/shared/money';
import { billableDays, priceStay, stayDayPrices, stayLines, toWallClock } from '@/shared/pricing';
import type { TCreateBooking } from '@/shared/schemas/bookings';
import { gatewayCard } from '@/shared/schemas/card';
import { availableCredit, normalizeEmail, recordCreditUse, spendCredit, type CreditOwner } from './credit';
import { checkoutResult, GUEST_LINK_TTL_MS, linksEnded, mintBookingLink, providerWithLocation, type BookingRow, type TCheckoutResult } from './booking-view';
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
import { takeDays } from './inventory';
import { arrivalProblem, unavailableMessage } from './stay-problems';
import { lotDayRatesForStay } from '../lot-days/day-rates';
import { confirmBooking, EXPIRED_HOLD_MESSAGE, orphanRefundKey, releaseHold, type Lot } from './settle';

export { confirmBooking, EXPIRED_HOLD_MESSAGE, releaseHold, settleExpiredHolds } from './settle';
export { soldOutMessage } from './stay-problems';

type Ctx = Context;
type Owner = Extract<KeyClaim, { kind: 'owner' }>;

/** How long a space is held while the card is charged; the reaper settles holds older than this. */
export const HOLD_MS = 10 * 60_000;
const GATEWAY_DOWN_MESSAGE = 'We could not reach the payment processor. Please try again: you will not be charged twice.';

const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I

/** 'PP-7K3M9Q2H': short enough to read over the phone, 32^8 possibilities. */
export function newConfirmationNumber(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)];
  return `PP-${s}`;
}

/** What the card step needs: a typed test card (sandbox) or a payment method, and its customer. */
export interface PayWith {
  card?: { number: string; expMonth: number; expYear: number; cvc: string; postalCode?: string };
  paymentMethodId?: string;
  customerId?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Entry point

export async function createBooking(ctx: Ctx, input: TCreateBooking): Promise<TCheckoutResult> {
  const now = ctx.clock.now();
  const found = await providerWithLocation(ctx.db, input.providerId);
  if (!found) throw new AppError('NOT_FOUND', 'This parking lot is no longer available. Please choose another one.');
  const arriving = arrivalProblem(toWallClock(input.reservationDetails.arrivalDate)!, found.location.state, now);
  if (arriving) throw new AppError('BAD_REQUEST', arriving);
  const payWith = await paymentFor(ctx, input.paymentInfo);

  if (!input.idempotencyKey) return withViewToken(ctx, await placeBooking(ctx, found, input, payWith, null));

  const scope = `booking:${ctx.user ? `user:${ctx.user.id}` : `guest:${input.customerInfo.email}`}`;
  // The hash covers what is booked, not the card number (only its last four).
  const { cardNumber, cvv: _cvv, ...payment } = input.paymentInfo;
  const hash = requestHash({ ...input, idempotencyKey: undefined, paymentInfo: { ...payment, last4: cardNumber?.replace(/\D/g, '').slice(-4) } });
  const claim = await claimKey(ctx.db, scope, input.idempotencyKey, hash);
  if (claim.kind === 'replay') return withViewToken(ctx, replay<TCheckoutResult>(claim.outcome));

  const paymentKey = paymentKeyFor(scope, input.idempotencyKey);
  try {
    const [booking] = claim.bookingId ? await ctx.db.select().from(bookings).where(eq(bookings.id, claim.bookingId)) : [];
    // A repeat that took over from a request that died after its hold: settle that same booking.
    const result = booking ? await resumeBooking(ctx, found, booking, payWith) : await placeBooking(ctx, found, input, payWith, { claim, paymentKey });
    return await withViewToken(ctx, result);
  } catch (err) {
    const outcome = errorOutcome(err);
    if (outcome) await completeKey(ctx.db, claim.rowId, outcome); // no-op when settling stored it already
    else await releaseKey(ctx.db, claim);
    throw err;
  }
}

/** The card to charge: a saved card (only its owner's), or a typed test card in sandbox mode. */
export async function paymentFor(ctx: Ctx, pay: TCreateBooking['paymentInfo']): Promise<PayWith> {
  if (pay.paymentMethodId) {
    const [saved] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, pay.paymentMethodId));
    if (saved && saved.userId !== ctx.user?.id) throw new AppError('NOT_FOUND', 'Payment method not found');
    const [owner] = saved ? await ctx.db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, saved.userId)) : [];
    return { paymentMethodId: pay.paymentMethodId, customerId: owner?.c ?? undefined };
  }
  if (ctx.payments.mode === 'stripe') throw new AppError('BAD_REQUEST', 'Please enter your card in the secure card form.');
  // The schema checked every card field when there is no payment method.
  return { card: gatewayCard(pay as { cardNumber: string; expirationDate: string; cvv: string; billingZip: string }) };
}

/**
 * Guests see their booking through a signed link of its own (never a session for the account made for them).
 * A replay after "End all links" gets none: ending links must not be undone by repeating the checkout request.
 */
async function withViewToken(ctx: Ctx, result: TCheckoutResult): Promise<TCheckoutResult> {
  if (ctx.user) return result; // the owner sees it signed in
  if (await linksEnded(ctx.db, result.booking.id)) return { ...result, viewToken: null };
  const token = await mintBookingLink(ctx.db, result.booking.id, new Date(ctx.clock.now().getTime() + GUEST_LINK_TTL_MS), 'manage');
  return { ...result, viewToken: token };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Hold

async function placeBooking(ctx: Ctx, lot: Lot, input: TCreateBooking, payWith: PayWith, keyed: { claim: Owner; paymentKey: string } | null) {
  const now = ctx.clock.now();
  const { provider, location } = lot;
  const arrival = toWallClock(input.reservationDetails.arrivalDate)!;
  const departure = toWallClock(input.reservationDetails.departureDate)!;
  const customer = input.customerInfo;
  const res = input.reservationDetails;
  const days = billableDays(arrival, departure);

  // Rows are taken in one order by every booking transaction (lot days, then the user), so concurrent ones
  // wait for each other instead of deadlocking.
  const booking = await ctx.db.transaction(async (tx) => {
    // Every day of the stay, or none: a full or closed day fails the transaction (and undoes the other days).
    if (!(await takeDays(tx, provider, arrival, departure))) throw new AppError('CONFLICT', await unavailableMessage(tx, provider, arrival, departure));
    // The day rates as they are now (our taken days are locked: an operator's change waits for us), so the
    // total charged is the total the estimate and search quote.
    const stay = { dailyPrice: provider.priceCents, weeklyRate: provider.weeklyRateCents, days, dayRates: await lotDayRatesForStay(tx, provider.id, arrival, departure) };

    // A guest's booking has no account: it belongs to the e-mail typed, and so does the credit it may use (the
    // access fee paid with that e-mail). A signed-in traveller's credit is theirs alone: typing someone's e-mail
    // never spends their account's credit. Spent with a conditional update, so two bookings at once cannot both
    // spend one credit (the second pays in full).
    const userId = ctx.user?.id ?? null;
    const owner: CreditOwner = ctx.user ? { userId: ctx.user.id } : { email: normalizeEmail(customer.email) };
    let price = priceStay({ ...stay, credit: await availableCredit(tx, owner, location.code) });
    if (price.credit > 0 && !(await spendCredit(tx, owner, price.credit))) price = priceStay({ ...stay, credit: ZERO });

    let row: BookingRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      if (attempt > 5) throw new Error('Could not allocate a confirmation number');
      [row] = await tx
        .insert(bookings)
        .values({
          userId,
          providerId: provider.id,
          confirmationNumber: newConfirmationNumber(),
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: normalizeEmail(customer.email),
          phone: customer.phone,
          arrivalDate: arrival,
          departureDate: departure,
          vehicleMake: res.vehicleMake,
          vehicleModel: res.vehicleModel,
          licensePlate: res.licensePlate.toUpperCase(),
          parkingFeeCents: price.subtotal,
          priceLines: stayLines(stay),
          dayPrices: stayDayPrices(arrival, stay),
          serviceFeeCents: price.serviceFee,
          creditAppliedCents: price.credit,
          totalFeeCents: price.total,
          status: 'pending',
          holdExpiresAt: new Date(now.getTime() + HOLD_MS),
          paymentKey: keyed?.paymentKey ?? null,
        })
        .onConflictDoNothing({ target: bookings.confirmationNumber })
        .returning();
    }
    if (!keyed) [row] = await tx.update(bookings).set({ paymentKey: `booking-${row.id}` }).where(eq(bookings.id, row.id)).returning();
    const held = row!;

    if (price.credit > 0) await recordCreditUse(tx, owner, price.credit, held, location.code, now);
    if (keyed) await linkKeyToBooking(tx, keyed.claim, held.id);
    return held;
  });

  return settleWithCard(ctx, lot, booking, payWith);
}

/** A repeat of a request that died: the booking it made is shown, or settled now if it was still pending. */
async function resumeBooking(ctx: Ctx, lot: Lot, booking: BookingRow, payWith: PayWith): Promise<TCheckoutResult> {
  if (booking.status === 'pending') return settleWithCard(ctx, lot, booking, payWith);
  if (booking.status === 'failed') throw new AppError('CONFLICT', EXPIRED_HOLD_MESSAGE);
  const result = await checkoutResult(ctx.db, booking.id);
  await completeKeyForBooking(ctx.db, booking.id, { ok: true, data: result });
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// 2. Charge, outside any transaction (the hold keeps the space meanwhile), then settle (settle.ts)

/**
 * Charges for a hold (a booking's, or a change of dates'), outside any transaction. A decline, or a bank that
 * wants verification we cannot do, releases the hold with `release` and is 402 with the bank's words; no
 * answer keeps the hold (the charge may have happened): the retry with the same key, the webhook or the reaper
 * settles it (502).
 */
const PURPOSES: readonly PaymentPurpose[] = ['booking', 'booking-change', 'information-access'];
const purposeOf = (charge: ChargeInput): PaymentPurpose => PURPOSES.find((p) => p === charge.metadata?.purpose) ?? 'booking';

export async function chargeHeld(
  ctx: Pick<Ctx, 'payments'>,
  charge: ChargeInput,
  release: (refusal: { code: 'PAYMENT_REQUIRED'; message: string }) => Promise<unknown>,
  what: string,
): Promise<PaymentIntent> {
  let intent: PaymentIntent;
  try {
    intent = await ctx.payments.charge(charge);
  } catch (err) {
    if (err instanceof CardError) {
      countPaymentFailure('declined', purposeOf(charge));
      await release({ code: 'PAYMENT_REQUIRED', message: err.message });
      throw new AppError('PAYMENT_REQUIRED', err.message);
    }
    countPaymentFailure('gateway_error', purposeOf(charge));
    console.warn(`${what}: the payment gateway did not answer (${(err as Error).message}).`);
    throw new AppError('BAD_GATEWAY', GATEWAY_DOWN_MESSAGE);
  }
  if (intent.status !== 'succeeded') {
    const message =
      intent.status === 'requires_action'
        ? 'Your bank asked for extra verification, which we cannot complete here. You have not been charged; please use another card.'
        : (intent.lastError ?? 'Your card was declined.');
    countPaymentFailure('declined', purposeOf(charge));
    await release({ code: 'PAYMENT_REQUIRED', message });
    throw new AppError('PAYMENT_REQUIRED', message);
  }
  return intent;
}

async function settleWithCard(ctx: Ctx, lot: Lot, booking: BookingRow, payWith: PayWith): Promise<TCheckoutResult> {
  const { provider } = lot;
  const intent =
    booking.totalFeeCents > 0
      ? await chargeHeld(
          ctx,
          {
            amount: booking.totalFeeCents,
            description: `Parking at ${provider.name}, ${booking.confirmationNumber}`,
            receiptEmail: booking.email,
            metadata: { purpose: 'booking', bookingId: String(booking.id), confirmationNumber: booking.confirmationNumber },
            ...payWith,
            idempotencyKey: booking.paymentKey ?? `booking-${booking.id}`,
          },
          (refusal) => releaseHold(ctx, booking.id, refusal),
          `Booking ${booking.id}`,
        )
      : null;

  const result = await confirmBooking(ctx, booking.id, intent, lot);
  if (result) return result;
  const [now] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
  if (now?.status === 'confirmed') return checkoutResult(ctx.db, booking.id); // a concurrent settle won
  // The reaper released the hold while the bank answered and the space may be gone: give the money back.
  if (intent) await ctx.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: orphanRefundKey(intent.id) });
  throw new AppError('CONFLICT', EXPIRED_HOLD_MESSAGE);
}
