// The parking guarantee's claim: a lot with a valid booking turned the traveller away, and during the booking's
// arrival window its owner or manage link moves to one of the nearby lots offered (guarantee-options.ts) or takes
// a full refund. One claim per booking (a unique row), in one transaction: the original ended and its days given
// back, the new booking and its days, the money carried over (the original's card charges now belong to the new
// booking, so its later refunds find them), the partners' lines, the claim, the audit entry and the e-mail as a
// job. The back office's list of claims is guarantee-claims.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingPayments, bookings, guaranteeClaims, partnerLedger } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { add, neg, toDollars, ZERO } from '@/shared/money';
import { priceStay, stayDayPrices, stayLines } from '@/shared/pricing';
import type { TGuaranteeClaimInput } from '@/shared/schemas/guarantee';
import { recordAudit } from '../catalogue-admin/audit';
import { recordPartnerLine } from '../partners/ledger';
import { commissionRateAt } from '../partners/partners.service';
import { assertAllowed, bookingActions, stayClock, unchangedSinceRead } from './booking-rules';
import { GUEST_LINK_TTL_MS, mintBookingLink, type BookingRow } from './booking-view';
import { newConfirmationNumber } from './checkout';
import { ALREADY_CLAIMED_MESSAGE, existingClaim, fullRefund, nearbyOptions, type Option } from './guarantee-options';
import { releaseDays, takeDays } from './inventory';
import { giveBack, recordCancellation, recordCharge } from './ledger';
import { loadManaged, type Managed } from './manage';
import { completeKey, requestHash } from './idempotency';
import { withIdempotencyKey } from './paid-hold';
import { planReminders } from '../reminders/plan';

type Ctx = Context;

export const NOT_NEARBY_MESSAGE = 'That lot has no space for your dates now, or is not near this one. Please pick another lot from the list, or take a refund.';

/** POST /api/bookings/{n}/guarantee: move to `lotId`, or `refund`. With an Idempotency-Key; a second claim is 409. */
export async function claimGuarantee(ctx: Ctx, input: TGuaranteeClaimInput) {
  const m = await loadManaged(ctx, input);
  const hash = requestHash({ lotId: input.lotId ?? null, refund: input.refund === true });
  const result = await withIdempotencyKey(ctx.db, { scope: `guarantee:${m.booking.id}`, key: input.idempotencyKey, hash }, (key) => claimOnce(ctx, m, input, key.rowId));
  ctx.jobs.kick();
  // A guest (the manage link) opens the new booking with a link of its own (never stored with the key's outcome).
  const manageToken =
    m.via === 'link' && result.newBooking ? await mintBookingLink(ctx.db, result.newBooking.id, new Date(ctx.clock.now().getTime() + GUEST_LINK_TTL_MS), 'manage') : null;
  return { ...result, manageToken };
}

async function claimOnce(ctx: Ctx, m: Managed, input: TGuaranteeClaimInput, keyRow: number) {
  const b = m.booking;
  const now = ctx.clock.now();
  if (await existingClaim(ctx.db, b.id)) throw new AppError('CONFLICT', ALREADY_CLAIMED_MESSAGE);
  assertAllowed(bookingActions(b, stayClock(m, now)).guarantee);
  let option: Option | undefined;
  if (!input.refund) {
    option = (await nearbyOptions(ctx.db, m)).find((o) => o.lot.id === input.lotId);
    if (!option) throw new AppError('CONFLICT', NOT_NEARBY_MESSAGE);
  }
  const commissionBps = option?.lot.partnerId ? await commissionRateAt(ctx.db, option.lot.partnerId, now) : null;
  const actor = { id: ctx.user?.id ?? null, email: ctx.user?.email ?? b.email };

  const out = await ctx.db.transaction(async (tx) => {
    // Lot days first (the order checkout takes them in): the new lot's, or the transaction fails.
    if (option && !(await takeDays(tx, option.lot, b.arrivalDate, b.departureDate))) throw new AppError('CONFLICT', NOT_NEARBY_MESSAGE);
    const refund = option ? { card: ZERO, credit: ZERO } : fullRefund(b);
    const reason = option
      ? `Turned away at ${m.provider.name}: moved to ${option.lot.name} under the parking guarantee`
      : `Turned away at ${m.provider.name}: refunded in full under the parking guarantee`;
    // The claim on the original: as read (not checked in meanwhile, not changed), so a race with the gate or a
    // second claim changes nothing. A move ends its money here (it carries over to the new booking).
    const [ended] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancellationReason: reason,
        refundedCents: option ? b.totalFeeCents : sql`${bookings.refundedCents} + ${refund.card}`,
        ...(option ? { paymentIntentId: null } : {}),
      })
      .where(and(unchangedSinceRead(b), sql`${bookings.checkedInAt} is null`))
      .returning();
    if (!ended) throw new AppError('CONFLICT', 'This booking changed meanwhile. Please reload it and try again.');
    await releaseDays(tx, b.providerId, b.arrivalDate, b.departureDate);
    // The original lot's partner gives back the parking money of the original.
    await recordPartnerLine(tx, b, { kind: 'refund', sourceKey: `guarantee:${b.id}`, gross: neg(b.parkingFeeCents), at: now });

    let moved: BookingRow | null = null;
    if (option) moved = await moveMoney(tx, b, option, commissionBps, now);
    else await giveBack(tx, b, refund, `guarantee-refund-${b.id}`, `Credit returned: ${b.confirmationNumber} refunded under the parking guarantee`);

    const refundedCents = option ? add(option.move.cardRefund, option.move.creditBack) : add(refund.card, refund.credit);
    const platformPaid = option?.move.platformPays ?? ZERO;
    const [claim] = await tx
      .insert(guaranteeClaims)
      .values({
        bookingId: b.id,
        providerId: b.providerId,
        partnerId: b.partnerId,
        outcome: option ? 'moved' : 'refunded',
        newBookingId: moved?.id ?? null,
        refundedCents,
        platformPaidCents: platformPaid,
        claimedBy: ctx.user?.id ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: guaranteeClaims.bookingId })
      .returning();
    if (!claim) throw new AppError('CONFLICT', ALREADY_CLAIMED_MESSAGE);
    // What the platform paid for a dearer lot is charged to the original lot's partner, on its next payout.
    if (platformPaid > 0 && b.partnerId !== null)
      await tx
        .insert(partnerLedger)
        .values({
          partnerId: b.partnerId,
          bookingId: b.id,
          kind: 'guarantee',
          sourceKey: `guarantee-charge:${b.id}`,
          grossCents: neg(platformPaid),
          commissionCents: ZERO,
          netCents: neg(platformPaid),
          commissionBps: b.commissionBps ?? 0,
          occurredAt: now,
        })
        .onConflictDoNothing({ target: partnerLedger.sourceKey });
    await recordCancellation(tx, b, ctx.user?.id ?? null, option ? { card: option.move.cardRefund, credit: option.move.creditBack } : refund);
    await recordAudit(tx, actor, {
      entity: 'guarantee',
      entityId: claim.id,
      action: claim.outcome,
      changes: {
        booking: b.confirmationNumber,
        lot: m.provider.name,
        newBooking: moved?.confirmationNumber ?? null,
        newLot: option?.lot.name ?? null,
        refundedCents,
        platformPaidCents: platformPaid,
      },
    });
    if (moved) {
      await enqueueJob(
        tx,
        'mail.booking-confirmation',
        { bookingId: moved.id, note: `${m.provider.name} turned you away, so under our parking guarantee your booking ${b.confirmationNumber} moved here at no extra cost.` },
        { dedupeKey: `booking-confirmation:${moved.id}` },
      );
      // The new booking's own reminders (the old one's end unsent: it is cancelled).
      await planReminders(tx, moved, now);
    } else await enqueueJob(tx, 'mail.booking-cancelled', { bookingId: b.id, refundCents: refund.card, creditCents: refund.credit }, { dedupeKey: `booking-cancelled:${b.id}` });

    const data = {
      outcome: claim.outcome,
      confirmationNumber: b.confirmationNumber,
      newBooking: moved ? { id: moved.id, confirmationNumber: moved.confirmationNumber, providerName: option!.lot.name } : null,
      refunded: { card: toDollars(option ? option.move.cardRefund : refund.card), credit: toDollars(option ? option.move.creditBack : refund.credit) },
      youPaid: toDollars(option ? option.move.travellerPays : ZERO),
      platformPaid: toDollars(platformPaid),
    };
    await completeKey(tx, keyRow, { ok: true, data });
    return data;
  });
  return out;
}

/**
 * The new booking at the new lot, and the money carried over to it: the original's card charges move to it (so
 * "charges minus refunds = the booking's net" holds for both: the original's is now zero), a cheaper lot's
 * difference goes back, and the new lot's partner gets its usual line.
 */
async function moveMoney(tx: Pick<DB, 'select' | 'insert' | 'update'>, b: BookingRow, o: Option, commissionBps: number | null, now: Date): Promise<BookingRow> {
  const values = {
    userId: b.userId,
    providerId: o.lot.id,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    licensePlate: b.licensePlate,
    parkingFeeCents: priceStay(o.stay).subtotal,
    priceLines: stayLines(o.stay),
    dayPrices: stayDayPrices(b.arrivalDate, o.stay),
    serviceFeeCents: b.serviceFeeCents,
    creditAppliedCents: o.move.credit,
    totalFeeCents: o.move.card,
    status: 'confirmed' as const,
    cardBrand: b.cardBrand,
    cardLast4: b.cardLast4,
    commissionBps,
    partnerId: o.lot.partnerId,
    paymentKey: `guarantee-${b.id}`,
    createdAt: now,
  };
  let moved: BookingRow | undefined;
  for (let attempt = 0; !moved; attempt++) {
    if (attempt > 5) throw new Error('Could not allocate a confirmation number');
    [moved] = await tx
      .insert(bookings)
      .values({ ...values, confirmationNumber: newConfirmationNumber() })
      .onConflictDoNothing({ target: bookings.confirmationNumber })
      .returning();
  }
  // A booking paid before the charges ledger existed has its one charge recorded first, then every charge moves.
  const [charged] = await tx.select({ id: bookingPayments.id }).from(bookingPayments).where(eq(bookingPayments.bookingId, b.id)).limit(1);
  if (!charged && b.paymentIntentId) await recordCharge(tx, b.id, { id: b.paymentIntentId, amount: add(b.totalFeeCents, b.refundedCents) });
  await tx.update(bookingPayments).set({ bookingId: moved.id }).where(eq(bookingPayments.bookingId, b.id));
  await giveBack(
    tx,
    moved,
    { card: o.move.cardRefund, credit: o.move.creditBack },
    `guarantee-refund-${b.id}`,
    `Credit returned: ${b.confirmationNumber} moved to a cheaper lot under the parking guarantee`,
  );
  await recordPartnerLine(tx, moved, { kind: 'booking', sourceKey: `booking:${moved.id}`, gross: moved.parkingFeeCents, at: now });
  return moved;
}

export type TGuaranteeResult = Awaited<ReturnType<typeof claimGuarantee>>;
