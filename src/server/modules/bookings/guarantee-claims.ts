// The parking guarantee's claims, for the back office: every claim for the administrator, those of a partner's
// lots for its portal.
import { desc, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, guaranteeClaims, parkingProviders } from '../../db/schema';
import { toDollars } from '@/shared/money';

/**
 * Guarantee claims, newest first: every claim for the administrator, or those of a partner's lots (the lots the
 * member covers) for the partner's portal.
 */
export async function listGuaranteeClaims(db: DB, scope?: { partnerId: number; lots: { all: true } | { all: false; ids: number[] } }) {
  const rows = await db
    .select({ claim: guaranteeClaims, booking: bookings, lot: parkingProviders.name })
    .from(guaranteeClaims)
    .innerJoin(bookings, eq(bookings.id, guaranteeClaims.bookingId))
    .innerJoin(parkingProviders, eq(parkingProviders.id, guaranteeClaims.providerId))
    .where(scope ? eq(guaranteeClaims.partnerId, scope.partnerId) : undefined)
    .orderBy(desc(guaranteeClaims.createdAt), desc(guaranteeClaims.id))
    .limit(200);
  const mine = scope && !scope.lots.all ? rows.filter((r) => (scope.lots as { ids: number[] }).ids.includes(r.claim.providerId)) : rows;
  const newIds = mine.map((r) => r.claim.newBookingId).filter((id): id is number => id !== null);
  const moved = newIds.length
    ? await db
        .select({ id: bookings.id, confirmationNumber: bookings.confirmationNumber, lot: parkingProviders.name })
        .from(bookings)
        .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
        .where(inArray(bookings.id, newIds))
    : [];
  const movedById = new Map(moved.map((m) => [m.id, m]));
  return {
    claims: mine.map(({ claim: c, booking: b, lot }) => {
      const next = c.newBookingId !== null ? movedById.get(c.newBookingId) : undefined;
      return {
        id: c.id,
        at: c.createdAt,
        outcome: c.outcome,
        confirmationNumber: b.confirmationNumber,
        arrivalDate: b.arrivalDate,
        departureDate: b.departureDate,
        traveller: `${b.firstName} ${b.lastName}`.trim(),
        lotId: c.providerId,
        lot,
        newConfirmationNumber: next?.confirmationNumber ?? null,
        newLot: next?.lot ?? null,
        refunded: toDollars(c.refundedCents),
        /** Paid by the platform for a dearer lot, and charged to the partner of the lot that turned the traveller away. */
        platformPaid: toDollars(c.platformPaidCents),
      };
    }),
  };
}
