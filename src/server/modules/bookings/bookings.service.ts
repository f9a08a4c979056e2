// Bookings: the estimate, checkout (hold a space, charge, confirm), confirmation e-mail with the parking
// pass, history, and cancellation with refunds. Amounts always come from the catalogue and pricing.ts.
import { randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DB } from '../../db/client';
import { bookings, informationAccess, locations, parkingProviders, paymentMethods, userCredits, userPreferences, users } from '../../db/schema';
import { bookingCancelledEmail, bookingConfirmationEmail } from '../../integrations/mailer/templates';
import { CardError, type PaymentIntent } from '../../integrations/payments';
import type { Context } from '../../trpc/init';
import { refundPlan, refundShare } from '@/shared/cancellation';
import { formatStay } from '@/shared/format';
import { bookingIcs } from '@/shared/ics';
import { billableDays, formatPrice, priceStay, toWallClock } from '@/shared/pricing';
import type { TCreateBooking } from '@/shared/schemas/bookings';
import { wallClockToInstant, zoneForState } from '@/shared/time-zones';
import { findUserByEmail, roleFor, sendSetPasswordLink, startSession } from '../auth/auth.service';
import { requestHash, withIdempotency } from './idempotency';
import { holdsSpace, peakDailyOccupancy, stayDays } from './inventory';

type Ctx = Context;
type BookingRow = typeof bookings.$inferSelect;

/** How long a space is held while the card is charged; an abandoned hold frees itself. */
export const HOLD_MS = 10 * 60_000;
/** Arrivals may be a little in the past (a traveller booking from the shuttle queue). */
const ARRIVAL_GRACE_MS = 60 * 60_000;

// ---------------------------------------------------------------------------------------------------------
// Lookups

function providerWithLocation(db: DB, providerId: number) {
  return db
    .select({ provider: parkingProviders, location: locations })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, providerId))
    .get();
}

/** The instant a booking's lot-local wall-clock time happens. */
function instantAt(wallClock: string, state: string): Date {
  return wallClockToInstant(wallClock, zoneForState(state)) ?? new Date(`${wallClock}:00Z`);
}

/**
 * Credit usable for a booking at a location: the unredeemed access fees paid for that location, plus credit
 * from other sources (refunds), never more than the balance.
 */
export function availableCredit(db: Pick<DB, 'select'>, userId: number, locationCode: string): number {
  const user = db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId)).get();
  const balance = Math.max(0, user?.balance ?? 0);
  const unredeemed = db
    .select({ location: informationAccess.location, amount: informationAccess.amount })
    .from(informationAccess)
    .where(and(eq(informationAccess.userId, userId), eq(informationAccess.status, 'succeeded'), eq(informationAccess.creditedBack, 0)))
    .all();
  const here = unredeemed.filter((r) => r.location === locationCode).reduce((s, r) => s + r.amount, 0);
  const elsewhere = unredeemed.filter((r) => r.location !== locationCode).reduce((s, r) => s + r.amount, 0);
  const general = Math.max(0, balance - here - elsewhere);
  return Math.round(Math.min(balance, here + general) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------------------
// Estimate

export function estimate(ctx: Pick<Ctx, 'db' | 'user'>, input: { providerId: number; arrivalDate: string; departureDate: string }) {
  const found = providerWithLocation(ctx.db, input.providerId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Provider not found' });
  const days = billableDays(input.arrivalDate, input.departureDate);
  const credit = ctx.user ? availableCredit(ctx.db, ctx.user.id, found.location.code) : 0;
  const price = priceStay({ dailyPrice: found.provider.price, weeklyRate: found.provider.weeklyRate, days, credit });
  return { ...price, creditApplied: price.credit, dailyPrice: found.provider.price };
}

// ---------------------------------------------------------------------------------------------------------
// Checkout

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

function publicBooking(b: BookingRow) {
  return {
    id: b.id,
    confirmationNumber: b.confirmationNumber,
    status: b.status,
    providerId: b.providerId,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    licensePlate: b.licensePlate,
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    parkingFee: b.parkingFee,
    serviceFee: b.serviceFee,
    creditApplied: b.creditApplied,
    totalFee: b.totalFee,
    cardBrand: b.cardBrand,
    cardLast4: b.cardLast4,
    refundedAmount: b.refundedAmount,
    createdAt: b.createdAt,
  };
}

/** Undoes a hold whose payment did not go through: the booking, its credit use, and a just-created account. */
function releaseHold(db: DB, bookingId: number, createdUserId: number | null) {
  db.transaction(
    (tx) => {
      const used = tx.select().from(userCredits).where(and(eq(userCredits.relatedBookingId, bookingId), eq(userCredits.type, 'booking_use'))).all();
      for (const entry of used) {
        tx.update(users).set({ creditBalance: sql`${users.creditBalance} - ${entry.amount}` }).where(eq(users.id, entry.userId)).run();
        tx.delete(userCredits).where(eq(userCredits.id, entry.id)).run();
      }
      tx.update(informationAccess).set({ creditedBack: 0, creditedAt: null, creditedBookingId: null }).where(eq(informationAccess.creditedBookingId, bookingId)).run();
      tx.delete(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'))).run();
      if (createdUserId) tx.delete(users).where(eq(users.id, createdUserId)).run();
    },
    { behavior: 'immediate' },
  );
}

/** Frees holds whose payment never finished (a crashed request); their spaces return to search. */
export function releaseExpiredHolds(db: DB, now = new Date()) {
  const stale = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lt(bookings.holdExpiresAt, now)))
    .all();
  for (const b of stale) releaseHold(db, b.id, null);
}

export async function createBooking(ctx: Ctx, input: TCreateBooking) {
  if (!input.idempotencyKey) return placeBooking(ctx, input);
  const scope = `booking:${ctx.user ? `user:${ctx.user.id}` : `guest:${input.customerInfo.email}`}`;
  // The hash covers what is booked, not the card number (only its last four).
  const { cardNumber, cvv, ...payment } = input.paymentInfo;
  const hash = requestHash({ ...input, idempotencyKey: undefined, paymentInfo: { ...payment, last4: cardNumber?.replace(/\D/g, '').slice(-4) } });
  return withIdempotency(ctx.db, scope, input.idempotencyKey, hash, () => placeBooking(ctx, input));
}

async function placeBooking(ctx: Ctx, input: TCreateBooking) {
  const { db } = ctx;
  const now = new Date();
  releaseExpiredHolds(db, now);

  const found = providerWithLocation(db, input.providerId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'This parking lot is no longer available. Please choose another one.' });
  const { provider, location } = found;
  const arrival = toWallClock(input.reservationDetails.arrivalDate)!;
  const departure = toWallClock(input.reservationDetails.departureDate)!;
  if (instantAt(arrival, location.state).getTime() < now.getTime() - ARRIVAL_GRACE_MS) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Arrival date cannot be in the past' });
  }

  // How the traveller pays: a typed test card (sandbox only) or a payment method.
  const pay = input.paymentInfo;
  let customerId: string | undefined;
  if (pay.paymentMethodId) {
    const saved = db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, pay.paymentMethodId)).get();
    if (saved && saved.userId !== ctx.user?.id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Payment method not found' });
    if (saved) customerId = db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, saved.userId)).get()?.c ?? undefined;
  } else if (ctx.payments.mode === 'stripe') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please enter your card in the secure card form.' });
  }

  const customer = input.customerInfo;
  const res = input.reservationDetails;
  const days = billableDays(arrival, departure);

  // 1. Hold: account (guests), credit, capacity and the pending booking, all or nothing.
  const hold = db.transaction(
    (tx) => {
      let userId = ctx.user?.id ?? null;
      let created: { id: number; email: string; name: string } | null = null;
      if (!userId) {
        const existing = findUserByEmail(tx as unknown as DB, customer.email);
        if (existing) userId = existing.id;
        else {
          const name = `${customer.firstName} ${customer.lastName}`;
          const row = tx.insert(users).values({ name, email: customer.email, phone: customer.phone, role: roleFor(ctx.env, customer.email) }).returning().get();
          tx.insert(userPreferences)
            .values({ userId: row.id, vehicleMake: res.vehicleMake, vehicleModel: res.vehicleModel, licensePlate: res.licensePlate || null })
            .onConflictDoNothing()
            .run();
          created = { id: row.id, email: row.email, name: row.name };
          userId = row.id;
        }
      }

      // Credit only for the signed-in owner: typing someone's e-mail must not spend their credit.
      const credit = ctx.user ? availableCredit(tx, ctx.user.id, location.code) : 0;
      const price = priceStay({ dailyPrice: provider.price, weeklyRate: provider.weeklyRate, days, credit });

      const [first, last] = stayDays(arrival, departure);
      const overlapping = tx
        .select({ arrivalDate: bookings.arrivalDate, departureDate: bookings.departureDate })
        .from(bookings)
        .where(
          and(
            eq(bookings.providerId, provider.id),
            lt(bookings.arrivalDate, new Date((last + 1) * 86_400_000).toISOString().slice(0, 16)),
            sql`${bookings.departureDate} > ${new Date(first * 86_400_000).toISOString().slice(0, 16)}`,
            holdsSpace(now),
          ),
        )
        .all();
      if (peakDailyOccupancy(overlapping, arrival, departure) >= provider.capacity) {
        throw new TRPCError({ code: 'CONFLICT', message: soldOutMessage(provider.name) });
      }

      let booking: BookingRow | undefined;
      for (let attempt = 0; !booking; attempt++) {
        booking = tx
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
            serviceFee: price.serviceFee,
            creditApplied: price.credit,
            totalFee: price.total,
            status: 'pending',
            holdExpiresAt: new Date(now.getTime() + HOLD_MS),
          })
          .onConflictDoNothing({ target: bookings.confirmationNumber })
          .returning()
          .get();
        if (attempt > 5) throw new Error('Could not allocate a confirmation number');
      }

      if (price.credit > 0) {
        tx.insert(userCredits)
          .values({ userId, amount: -price.credit, type: 'booking_use', description: `Applied to booking ${booking.confirmationNumber}`, relatedBookingId: booking.id })
          .run();
        tx.update(users).set({ creditBalance: sql`${users.creditBalance} - ${price.credit}` }).where(eq(users.id, userId)).run();
        tx.update(informationAccess)
          .set({ creditedBack: 1, creditedAt: now, creditedBookingId: booking.id })
          .where(and(eq(informationAccess.userId, userId), eq(informationAccess.location, location.code), eq(informationAccess.creditedBack, 0)))
          .run();
      }
      return { booking, created };
    },
    { behavior: 'immediate' },
  );
  const { booking, created } = hold;

  // 2. Charge, outside the transaction (the hold keeps the space meanwhile).
  let intent: PaymentIntent | null = null;
  if (booking.totalFee > 0) {
    try {
      intent = await ctx.payments.charge({
        amount: Math.round(booking.totalFee * 100),
        description: `Parking at ${provider.name}, ${booking.confirmationNumber}`,
        receiptEmail: customer.email,
        metadata: { purpose: 'booking', bookingId: String(booking.id), confirmationNumber: booking.confirmationNumber },
        card: pay.paymentMethodId
          ? undefined
          : (() => {
              const [mm, yy] = pay.expirationDate!.split('/').map((p) => Number(p.trim()));
              return { number: pay.cardNumber!.replace(/\D/g, ''), expMonth: mm!, expYear: 2000 + yy!, cvc: pay.cvv!.trim(), postalCode: pay.billingZip };
            })(),
        paymentMethodId: pay.paymentMethodId,
        customerId,
        idempotencyKey: `booking-${booking.id}`,
      });
    } catch (err) {
      releaseHold(db, booking.id, created?.id ?? null);
      if (err instanceof CardError) throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: err.message });
      console.error('Booking payment failed:', (err as Error).message);
      throw new TRPCError({ code: 'BAD_GATEWAY', message: 'We could not reach the payment processor. You have not been charged. Please try again.' });
    }
    if (intent.status !== 'succeeded') {
      releaseHold(db, booking.id, created?.id ?? null);
      const message =
        intent.status === 'requires_action'
          ? 'Your bank asked for extra verification, which we cannot complete here. You have not been charged; please use another card.'
          : (intent.lastError ?? 'Your card was declined.');
      throw new TRPCError({ code: 'PAYMENT_REQUIRED', message });
    }
  }

  // 3. Confirm.
  const confirmed = db
    .update(bookings)
    .set({ status: 'confirmed', holdExpiresAt: null, paymentIntentId: intent?.id ?? null, cardBrand: intent?.card?.brand ?? null, cardLast4: intent?.card?.last4 ?? null })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending')))
    .returning()
    .get();
  if (!confirmed) {
    // The hold ran out while the bank answered and the space may be gone: give the money back.
    if (intent) await ctx.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: `expired-hold-${booking.id}` });
    throw new TRPCError({ code: 'CONFLICT', message: 'Your payment took too long and the space was released. You have not been charged. Please try again.' });
  }

  let signedIn = Boolean(ctx.user);
  if (created) {
    await sendSetPasswordLink(ctx, created, 'booking');
    startSession(ctx, created.id);
    signedIn = true;
  }
  await sendConfirmation(ctx, confirmed, provider, location.state);

  return {
    success: true as const,
    confirmationNumber: confirmed.confirmationNumber,
    booking: {
      ...publicBooking(confirmed),
      providerName: provider.name,
      providerSlug: provider.slug,
      location: provider.location,
      address: provider.address,
      providerPhone: provider.phoneNumber,
      shuttleInfo: provider.shuttleInfo,
      startsAt: instantAt(confirmed.arrivalDate, location.state),
      endsAt: instantAt(confirmed.departureDate, location.state),
    },
    accountCreated: Boolean(created),
    signedIn,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Confirmation e-mail and pass

export function passSvg(confirmationNumber: string): Promise<string> {
  return QRCode.toString(confirmationNumber, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

async function sendConfirmation(ctx: Pick<Ctx, 'env' | 'mailer'>, b: BookingRow, provider: typeof parkingProviders.$inferSelect, state: string) {
  const { env } = ctx;
  const zone = zoneForState(state);
  const lines = [
    { label: `Parking (${billableDays(b.arrivalDate, b.departureDate)} day${billableDays(b.arrivalDate, b.departureDate) === 1 ? '' : 's'})`, amount: formatPrice(b.parkingFee) },
    { label: 'Service fee', amount: formatPrice(b.serviceFee) },
    ...(b.creditApplied > 0 ? [{ label: 'Credit applied', amount: `−${formatPrice(b.creditApplied)}` }] : []),
  ];
  const mail = bookingConfirmationEmail(env.BRAND_NAME, {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    address: provider.address,
    arrival: formatStay(b.arrivalDate),
    departure: formatStay(b.departureDate),
    vehicle: [b.vehicleMake, b.vehicleModel, b.licensePlate].filter(Boolean).join(' · '),
    lines,
    total: formatPrice(b.totalFee),
    card: b.cardLast4 ? `${b.cardBrand ?? 'Card'} ending in ${b.cardLast4}` : null,
    shuttleInfo: provider.shuttleInfo,
    phone: provider.phoneNumber,
    cancellationPolicy: provider.cancellationPolicy,
    manageUrl: `${env.APP_URL}/thank-you?confirmation=${encodeURIComponent(b.confirmationNumber)}`,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
  });
  const ics = bookingIcs({
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    address: provider.address,
    start: wallClockToInstant(b.arrivalDate, zone)!,
    end: wallClockToInstant(b.departureDate, zone)!,
    url: `${env.APP_URL}/thank-you?confirmation=${encodeURIComponent(b.confirmationNumber)}`,
    brand: env.BRAND_NAME,
    phone: provider.phoneNumber,
  });
  try {
    const png = await QRCode.toBuffer(b.confirmationNumber, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
    await ctx.mailer.send({
      to: b.email,
      kind: 'booking-confirmation',
      ...mail,
      attachments: [
        { filename: 'parking-pass.png', content: png, contentType: 'image/png', cid: 'pass' },
        { filename: `${b.confirmationNumber}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ],
    });
  } catch (err) {
    // The booking stands; the page shows the same pass. Log without personal data.
    console.error(`Confirmation e-mail for booking ${b.id} failed:`, (err as Error).message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// History and one booking

export function bookingHistory(db: DB, userId: number) {
  const rows = db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.userId, userId), sql`${bookings.status} != 'pending'`))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .all();
  const now = Date.now();
  return rows.map(({ booking: b, provider: p, state }) => {
    const startsAt = instantAt(b.arrivalDate, state);
    const hoursBefore = (startsAt.getTime() - now) / 3_600_000;
    const plan = refundPlan(b, refundShare(p.cancellationPolicy, hoursBefore));
    return {
      ...publicBooking(b),
      providerName: p.name,
      providerSlug: p.slug,
      providerLocation: p.location,
      address: p.address,
      providerPhone: p.phoneNumber,
      shuttleInfo: p.shuttleInfo,
      cancellationPolicy: p.cancellationPolicy,
      /** When the stay starts, as an instant (the dates are lot-local wall-clock times). */
      startsAt,
      endsAt: instantAt(b.departureDate, state),
      cancellable: b.status === 'confirmed' && hoursBefore > 0,
      /** What cancelling now would return. */
      refundIfCancelledNow: plan,
    };
  });
}

export function getBooking(db: DB, userId: number, confirmationNumber: string) {
  const found = bookingHistory(db, userId).find((b) => b.confirmationNumber === confirmationNumber.trim().toUpperCase());
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Booking not found' });
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Cancellation

export async function cancelBooking(ctx: Ctx & { user: NonNullable<Ctx['user']> }, input: { id: number; reason: string }) {
  const { db } = ctx;
  const row = db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.id, input.id), eq(bookings.userId, ctx.user.id)))
    .get();
  // Someone else's booking does not exist as far as this caller can tell.
  if (!row || row.booking.status === 'pending') throw new TRPCError({ code: 'NOT_FOUND', message: 'Booking not found' });
  const { booking: b, provider } = row;
  if (b.status === 'cancelled') throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking is already cancelled.' });
  if (b.status !== 'confirmed') throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only confirmed bookings can be cancelled.' });
  const now = new Date();
  const hoursBefore = (instantAt(b.arrivalDate, row.state).getTime() - now.getTime()) / 3_600_000;
  if (hoursBefore <= 0) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking has already started and can no longer be cancelled.' });

  // Claim the cancellation first, so two clicks cannot refund twice.
  const claimed = db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancellationReason: input.reason || null })
    .where(and(eq(bookings.id, b.id), eq(bookings.status, 'confirmed')))
    .run();
  if (claimed.changes !== 1) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This booking is already cancelled.' });

  const plan = refundPlan(b, refundShare(provider.cancellationPolicy, hoursBefore));
  let refundId: string | null = null;
  if (plan.card > 0 && b.paymentIntentId) {
    try {
      refundId = (await ctx.payments.refund({ paymentIntentId: b.paymentIntentId, amount: Math.round(plan.card * 100), idempotencyKey: `refund-booking-${b.id}` })).id;
    } catch (err) {
      db.update(bookings).set({ status: 'confirmed', cancelledAt: null, cancellationReason: null }).where(eq(bookings.id, b.id)).run();
      console.error(`Refund for booking ${b.id} failed:`, (err as Error).message);
      throw new TRPCError({ code: 'BAD_GATEWAY', message: 'We could not process your refund right now, so the booking is still active. Please try again.' });
    }
  }
  db.transaction((tx) => {
    tx.update(bookings).set({ refundedAmount: plan.card }).where(eq(bookings.id, b.id)).run();
    if (plan.credit > 0) {
      tx.insert(userCredits)
        .values({ userId: b.userId, amount: plan.credit, type: 'refund', description: `Credit returned from cancelled booking ${b.confirmationNumber}`, relatedBookingId: b.id, relatedPaymentId: refundId })
        .run();
      tx.update(users).set({ creditBalance: sql`${users.creditBalance} + ${plan.credit}` }).where(eq(users.id, b.userId)).run();
    }
  });

  const mail = bookingCancelledEmail(ctx.env.BRAND_NAME, {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    arrival: formatStay(b.arrivalDate),
    refund: plan.card > 0 ? formatPrice(plan.card) : null,
    credit: plan.credit > 0 ? formatPrice(plan.credit) : null,
    supportEmail: ctx.env.SUPPORT_EMAIL,
  });
  await ctx.mailer.send({ to: b.email, kind: 'booking-cancelled', ...mail }).catch((err: Error) => console.error(`Cancellation e-mail for booking ${b.id} failed:`, err.message));

  const updated = db.select().from(bookings).where(eq(bookings.id, b.id)).get()!;
  return { success: true as const, booking: publicBooking(updated), refundAmount: plan.card, creditReturned: plan.credit };
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation from payment-provider events (webhooks)

/**
 * A booking charge succeeded at the provider. Normally the checkout request has confirmed it already; if that
 * request died after the charge, the held booking is confirmed here, and money taken for a booking that no
 * longer exists (its hold was released) is refunded.
 */
export async function reconcileBookingPaid(ctx: Pick<Ctx, 'db' | 'payments'>, intent: { id: string; amount: number; bookingId: number; card?: { brand: string; last4: string } }) {
  const booking = ctx.db.select().from(bookings).where(eq(bookings.id, intent.bookingId)).get();
  if (booking?.status === 'pending') {
    ctx.db
      .update(bookings)
      .set({ status: 'confirmed', holdExpiresAt: null, paymentIntentId: intent.id, cardBrand: intent.card?.brand ?? null, cardLast4: intent.card?.last4 ?? null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending')))
      .run();
    return 'confirmed' as const;
  }
  if (!booking || (booking.paymentIntentId && booking.paymentIntentId !== intent.id)) {
    await ctx.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: `orphan-charge-${intent.id}` });
    return 'refunded' as const;
  }
  return 'unchanged' as const;
}

/** A booking charge failed at the provider: a hold still waiting on it is released. */
export function reconcileBookingFailed(db: DB, bookingId: number) {
  const booking = db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (booking?.status === 'pending') releaseHold(db, booking.id, null);
}

/** A refund happened at the provider (from our cancellation or the provider's dashboard): record the total. */
export function reconcileRefund(db: DB, paymentIntentId: string, amountRefundedCents: number) {
  db.update(bookings).set({ refundedAmount: amountRefundedCents / 100 }).where(eq(bookings.paymentIntentId, paymentIntentId)).run();
}
