// Checkout: hold a space (and the traveller's credit) in one transaction; then, as every paid hold
// (paid-hold.ts), charge the card outside it and settle the booking in one transaction: confirmed (with its
// e-mails queued and the Idempotency-Key's outcome stored), or released (the hold, the credit). A request that
// dies anywhere is settled by the client's retry with the same key, by the payment webhook, or by the hold
// reaper, never twice.
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/client';
import { inOneTrip } from '../../db/pg-trips';
import { bookings, paymentMethods, users } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { ZERO } from '@/shared/money';
import { billableDays, priceStay, stayDayPrices, stayLines, toWallClock } from '@/shared/pricing';
import type { TCreateBooking } from '@/shared/schemas/bookings';
import { gatewayCard } from '@/shared/schemas/card';
import { travelFor } from '@/shared/schemas/travel';
import { availableCredit, normalizeEmail, recordCreditUse, spendCredit, type CreditOwner } from './credit';
import { GUEST_LINK_TTL_MS, linksEnded, mintBookingLink, providerWithLocation, type TCheckoutResult } from './booking-view';
import { linkKeyToBookingLast, paymentKeyFor, requestHash, type FreshKey, type OwnerClaim } from './idempotency';
import { payAndSettle, resumeHold, withFreshIdempotencyKey, type PayWith } from './paid-hold';
import { takeDays } from './inventory';
import { arrivalProblem, unavailableMessage } from './stay-problems';
import { dayRatesOfRows } from '../lot-days/day-rates';
import { bookingHold, HELD_COLUMNS, type HeldBooking, type Lot } from './settle';
import { commissionRateAt } from '../partners/partners.service';

export { confirmBooking, EXPIRED_HOLD_MESSAGE, releaseHold, settleExpiredHolds } from './settle';
export { chargeHeld, type PayWith } from './paid-hold';
export { soldOutMessage } from './stay-problems';

type Ctx = Context;

/** How long a space is held while the card is charged; the reaper settles holds older than this. */
export const HOLD_MS = 10 * 60_000;

const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I

/** 'PP-7K3M9Q2H': short enough to read over the phone, 32^8 possibilities. */
export function newConfirmationNumber(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)];
  return `PP-${s}`;
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
  const key = input.idempotencyKey;
  const result = await withFreshIdempotencyKey(ctx.db, { scope, key, hash }, async (claim) => {
    const [booking] = claim.kind === 'owner' && claim.bookingId ? await ctx.db.select().from(bookings).where(eq(bookings.id, claim.bookingId)) : [];
    // A repeat that took over from a request that died after its hold: settle that same booking.
    if (booking) return resumeHold(ctx, bookingHold, booking, async () => payWith, found);
    return placeBooking(ctx, found, input, payWith, { claim, paymentKey: paymentKeyFor(scope, key) });
  });
  return withViewToken(ctx, result);
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

async function placeBooking(ctx: Ctx, lot: Lot, input: TCreateBooking, payWith: PayWith, keyed: { claim: OwnerClaim | FreshKey; paymentKey: string } | null) {
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
    // A guest's booking has no account: it belongs to the e-mail typed, and so does the credit it may use (the
    // access fee paid with that e-mail). A signed-in traveller's credit is theirs alone: typing someone's e-mail
    // never spends their account's credit.
    const userId = ctx.user?.id ?? null;
    const owner: CreditOwner = ctx.user ? { userId: ctx.user.id } : { email: normalizeEmail(customer.email) };
    // Every day of the stay, or none: a full or closed day fails the transaction (and undoes the other days).
    // The credit is read with them, in one round trip on PostgreSQL (db/pg-trips.ts).
    const [taken, credit] = await inOneTrip(tx, [() => takeDays(tx, provider, arrival, departure), () => availableCredit(tx, owner, location.code)]);
    if (!taken) throw new AppError('CONFLICT', await unavailableMessage(tx, provider, arrival, departure));
    // The day rates as taking the days read them (our taken days are locked: an operator's change waits for
    // us), so the total charged is the total the estimate and search quote.
    const stay = { dailyPrice: provider.priceCents, weeklyRate: provider.weeklyRateCents, days, dayRates: dayRatesOfRows(arrival, departure, taken) };

    // Credit is spent with a conditional update, so two bookings at once cannot both spend one credit (the
    // second pays in full).
    let price = priceStay({ ...stay, credit });
    if (price.credit > 0 && !(await spendCredit(tx, owner, price.credit))) price = priceStay({ ...stay, credit: ZERO });

    // The partner's commission as in force now: the booking keeps it whatever the rate becomes.
    const commissionBps = provider.partnerId ? await commissionRateAt(tx, provider.partnerId, now) : null;

    const values: Omit<HeldValues, 'confirmationNumber'> = {
      userId,
      providerId: provider.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: normalizeEmail(customer.email),
      phone: customer.phone,
      arrivalDate: arrival,
      departureDate: departure,
      vehicleMake: res.vehicleMake,
      vehicleModel: res.vehicleModel,
      licensePlate: res.licensePlate.toUpperCase(),
      ...travelFor(location.kind, input.travelDetails),
      parkingFeeCents: price.subtotal,
      priceLines: stayLines(stay),
      dayPrices: stayDayPrices(arrival, stay),
      serviceFeeCents: price.serviceFee,
      creditAppliedCents: price.credit,
      totalFeeCents: price.total,
      commissionBps,
      partnerId: provider.partnerId,
      holdExpiresAt: new Date(now.getTime() + HOLD_MS),
      paymentKey: keyed?.paymentKey ?? null,
      now,
    };
    let row: HeldBooking | undefined;
    for (let attempt = 0; !row; attempt++) {
      if (attempt > 5) throw new Error('Could not allocate a confirmation number');
      [row] = await insertHeld(tx).execute({ ...values, confirmationNumber: newConfirmationNumber() });
    }
    if (!keyed)
      [row] = await tx
        .update(bookings)
        .set({ paymentKey: `booking-${row.id}` })
        .where(eq(bookings.id, row.id))
        .returning(HELD_COLUMNS);
    const held = row!;

    if (price.credit > 0) await recordCreditUse(tx, owner, price.credit, held, location.code, now);
    // Last: a fresh key goes out with the hold's COMMIT (nothing may follow it here).
    if (keyed) await linkKeyToBookingLast(tx, keyed.claim, held.id);
    return held;
  });

  return settleWithCard(ctx, lot, booking, payWith);
}

/** What a held booking is written with (the placeholders of `insertHeld`). */
type HeldValues = Pick<
  typeof bookings.$inferInsert,
  | 'userId'
  | 'providerId'
  | 'confirmationNumber'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'arrivalDate'
  | 'departureDate'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'licensePlate'
  | 'outboundFlight'
  | 'returnFlight'
  | 'shipName'
  | 'sailingDate'
  | 'parkingFeeCents'
  | 'priceLines'
  | 'dayPrices'
  | 'serviceFeeCents'
  | 'creditAppliedCents'
  | 'totalFeeCents'
  | 'commissionBps'
  | 'partnerId'
  | 'holdExpiresAt'
  | 'paymentKey'
> & { now: Date };

/**
 * Every checkout writes its booking, 'pending' until it is paid: built once (db/client.ts, prepared), as its SQL
 * names every column. A confirmation number already taken writes nothing (the caller draws another).
 */
const insertHeld = prepared((db) => {
  const value = (name: Exclude<keyof HeldValues, 'now'>) => sql.placeholder(name);
  return db
    .insert(bookings)
    .values({
      userId: value('userId'),
      providerId: value('providerId'),
      confirmationNumber: value('confirmationNumber'),
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phone: value('phone'),
      arrivalDate: value('arrivalDate'),
      departureDate: value('departureDate'),
      vehicleMake: value('vehicleMake'),
      vehicleModel: value('vehicleModel'),
      licensePlate: value('licensePlate'),
      outboundFlight: value('outboundFlight'),
      returnFlight: value('returnFlight'),
      shipName: value('shipName'),
      sailingDate: value('sailingDate'),
      parkingFeeCents: value('parkingFeeCents'),
      priceLines: value('priceLines'),
      dayPrices: value('dayPrices'),
      serviceFeeCents: value('serviceFeeCents'),
      creditAppliedCents: value('creditAppliedCents'),
      totalFeeCents: value('totalFeeCents'),
      commissionBps: value('commissionBps'),
      partnerId: value('partnerId'),
      status: 'pending',
      holdExpiresAt: value('holdExpiresAt'),
      paymentKey: value('paymentKey'),
      createdAt: sql.placeholder('now'),
    })
    .onConflictDoNothing({ target: bookings.confirmationNumber })
    .returning(HELD_COLUMNS)
    .prepare('booking_insert_held');
});

/** Charges the held booking and confirms it (paid-hold.ts: the same for every kind of hold). */
const settleWithCard = (ctx: Ctx, lot: Lot, booking: HeldBooking, payWith: PayWith) => payAndSettle(ctx, bookingHold, booking, payWith, lot);
