// The partner's side of every booking's money, written in the transaction of the event (a booking confirmed,
// a change applied, a cancellation): the parking money it moved (gross; the service fee is the platform's), the
// commission at the booking's own rate by money.ts's one rounding rule, and the partner's net. Each event once
// (its source key). Statements and payouts read these lines only.
import { eq, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, partnerLedger } from '../../db/schema';
import { cents, max, min, neg, share, sub, type Cents } from '@/shared/money';

type LedgerBooking = { id: number; partnerId: number | null; commissionBps: number | null };

/** The commission on `gross` at `bps` basis points (negative for money given back: the same rule, mirrored). */
export const commissionOf = (gross: Cents, bps: number): Cents => share(gross, bps / 10_000);

/** Writes the partner's line for an event of a booking of a partner's lot (nothing for the platform's own lots). */
export async function recordPartnerLine(
  tx: Pick<DB, 'insert'>,
  booking: LedgerBooking,
  line: { kind: 'booking' | 'change' | 'refund' | 'overstay'; sourceKey: string; gross: Cents; at: Date },
) {
  if (booking.partnerId === null || booking.commissionBps === null || line.gross === 0) return;
  const commission = commissionOf(line.gross, booking.commissionBps);
  await tx
    .insert(partnerLedger)
    .values({
      partnerId: booking.partnerId,
      bookingId: booking.id,
      kind: line.kind,
      sourceKey: line.sourceKey,
      grossCents: line.gross,
      commissionCents: commission,
      netCents: sub(line.gross, commission),
      commissionBps: booking.commissionBps,
      occurredAt: line.at,
    })
    .onConflictDoNothing({ target: partnerLedger.sourceKey })
    .execute(); // started here, not on await: it may share a round trip (settle.ts, db/pg-trips.ts)
}

/**
 * A refund made outside the product (in the payment provider's dashboard), seen by its webhook: the partner
 * gives back the parking money it still holds for the booking, up to the amount refunded (a refund beyond it
 * is the platform's service fee). Keyed by the charge and its new refunded total, so a repeated event is one line.
 */
export async function recordProviderRefundLine(
  tx: Pick<DB, 'select' | 'insert'>,
  refund: { bookingId: number; paymentIntentId: string; extra: Cents; refundedTotal: Cents; at: Date },
) {
  const [booking] = await tx
    .select({ id: bookings.id, partnerId: bookings.partnerId, commissionBps: bookings.commissionBps })
    .from(bookings)
    .where(eq(bookings.id, refund.bookingId));
  if (!booking || booking.partnerId === null) return;
  const [held] = await tx
    .select({ gross: sql<number>`coalesce(sum(${partnerLedger.grossCents}), 0)`.mapWith(Number) })
    .from(partnerLedger)
    .where(eq(partnerLedger.bookingId, booking.id));
  const back = min(refund.extra, max(cents(held?.gross ?? 0), cents(0)));
  await recordPartnerLine(tx, booking, { kind: 'refund', sourceKey: `provider-refund:${refund.paymentIntentId}:${refund.refundedTotal}`, gross: neg(back), at: refund.at });
}
