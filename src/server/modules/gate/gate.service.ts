// The gate: a pass looked up by its confirmation number with
// whether it is good now, and check-in and check-out. Staff see only their lots' bookings: any other booking
// answers exactly as a missing one. Check-in and check-out are conditional updates, so two gates scanning the
// same pass at once record it once.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, locations, parkingProviders } from '../../db/schema';
import type { SessionUser } from '../../deps';
import { AppError } from '../../errors';
import { inviteReview } from '../reviews/invitations';
import { lotWallClockOrNull } from '../catalogue/lot-time';
import { otherLotMessage } from '@/shared/schemas/gate';
import { stayOf } from '../bookings/booking-view';
import { passRuling, verdictOf, type PassRuling } from './pass-rules';
import { inScope, type GateScope } from './staff.service';

type BookingRow = typeof bookings.$inferSelect;

export const PASS_NOT_FOUND = 'No booking with that confirmation number at your lots.';
const LOT_NOT_FOUND = 'Lot not found.';
/** One lot the caller works, with its state (its time zone); a lot they do not work does not exist for them. */
export async function scopedLot(db: Pick<DB, 'select'>, scope: GateScope, lotId: number) {
  if (!inScope(scope, lotId)) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
  const [lot] = await db
    .select({ id: parkingProviders.id, name: parkingProviders.name, address: parkingProviders.address, location: locations.name, state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
  return lot;
}

export const rowOf = (b: BookingRow, state: string) => ({
  id: b.id,
  confirmationNumber: b.confirmationNumber,
  firstName: b.firstName,
  lastName: b.lastName,
  // With the traveller's flights or sailing, for staff expecting a late flight.
  ...stayOf(b),
  status: b.status,
  checkedInAt: b.checkedInAt,
  checkedOutAt: b.checkedOutAt,
  /** The same instants as lot-local wall-clock times ('YYYY-MM-DDTHH:mm'). */
  checkedInLocal: lotWallClockOrNull(b.checkedInAt, state),
  checkedOutLocal: lotWallClockOrNull(b.checkedOutAt, state),
});

/** A booking of one of the caller's lots by confirmation number, with its lot; anything else is not found. */
export async function scopedPass(db: Pick<DB, 'select'>, scope: GateScope, confirmationNumber: string) {
  const [row] = await db
    .select({ booking: bookings, lotName: parkingProviders.name, location: locations.name, state: locations.state, graceHours: parkingProviders.delayGraceHours })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookings.confirmationNumber, confirmationNumber), scope.all ? undefined : inArray(bookings.providerId, scope.lotIds.length ? scope.lotIds : [-1])));
  if (row) return row;
  // A pass of a lot the caller does not work: the driver is at the wrong lot, and staff may say which one.
  // Only that lot's name is told; the booking itself stays as unseen as a missing one (404).
  const [elsewhere] = await db
    .select({ lotName: parkingProviders.name })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(eq(bookings.confirmationNumber, confirmationNumber));
  throw new AppError('NOT_FOUND', elsewhere ? otherLotMessage(elsewhere.lotName) : PASS_NOT_FOUND);
}

export type Pass = Awaited<ReturnType<typeof scopedPass>>;
/** Runs in the check-out's transaction with the booking as checked out (the overstay, gate/check-out.ts). */
export type OnCheckOut = (tx: Parameters<Parameters<DB['transaction']>[0]>[0], booking: BookingRow, pass: Pass) => Promise<unknown>;

function ruling(pass: Pass, now: Date, atLot: number | undefined): PassRuling {
  return passRuling(pass.booking, { now, state: pass.state, lotName: pass.lotName, atLot });
}

function passView(pass: Pass, r: PassRuling) {
  return {
    booking: { ...rowOf(pass.booking, pass.state), lot: { id: pass.booking.providerId, name: pass.lotName, location: pass.location } },
    ...verdictOf(r),
  };
}

export type TGatePass = ReturnType<typeof passView>;
type PassRequest = { confirmationNumber: string; lotId?: number };

/** The gate at `lotId` (when given) must be one the caller works: another lot does not exist for them. */
function checkGate(scope: GateScope, lotId: number | undefined) {
  if (lotId !== undefined && !inScope(scope, lotId)) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
}

/** A pass and whether it is good now at the gate of `lotId`. */
export async function lookupPass(db: DB, scope: GateScope, input: PassRequest, now: Date) {
  checkGate(scope, input.lotId);
  const pass = await scopedPass(db, scope, input.confirmationNumber);
  return passView(pass, ruling(pass, now, input.lotId));
}

/** Records the car coming in: once, inside the pass's window, at its own lot. Refusals carry the reason. */
export function checkIn(db: DB, scope: GateScope, user: Pick<SessionUser, 'id'>, input: PassRequest, now: Date) {
  return recordStep(db, scope, user, input, now, 'in');
}

/** Records the car going out, after its check-in; the booking is then completed. */
export function checkOut(db: DB, scope: GateScope, user: Pick<SessionUser, 'id'>, input: PassRequest, now: Date, onOut?: OnCheckOut) {
  return recordStep(db, scope, user, input, now, 'out', onOut);
}

/**
 * One step at the gate: the ruling first (its refusal, with the reason), then a conditional update that claims
 * the step only if it has not been taken meanwhile (another gate may be a step ahead): check-in needs a paid
 * booking nobody has checked in; check-out a checked-in one nobody has checked out, and completes it.
 */
async function recordStep(db: DB, scope: GateScope, user: Pick<SessionUser, 'id'>, input: PassRequest, now: Date, step: 'in' | 'out', onOut?: OnCheckOut) {
  checkGate(scope, input.lotId);
  const pass = await scopedPass(db, scope, input.confirmationNumber);
  const before = ruling(pass, now, input.lotId);
  const refusal = step === 'in' ? before.checkInRefusal : before.checkOutRefusal;
  if (refusal) throw new AppError('CONFLICT', refusal);
  const claim =
    step === 'in'
      ? { set: { checkedInAt: now, checkedInBy: user.id }, unclaimed: isNull(bookings.checkedInAt) }
      : { set: { checkedOutAt: now, checkedOutBy: user.id, status: 'completed' as const }, unclaimed: and(isNotNull(bookings.checkedInAt), isNull(bookings.checkedOutAt)) };
  // Check-out ends the stay: the review invitation is queued in the same transaction (once per booking).
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set(claim.set)
      .where(and(eq(bookings.id, pass.booking.id), eq(bookings.status, 'confirmed'), claim.unclaimed))
      .returning();
    if (rows[0] && step === 'out') await inviteReview(tx, rows[0].id, now);
    if (rows[0] && step === 'out' && onOut) await onOut(tx, rows[0], pass);
    return rows;
  });
  if (!updated) throw await refusalNow(db, scope, input, now, step);
  const after = { ...pass, booking: updated };
  return passView(after, ruling(after, now, input.lotId));
}

/** Another request changed the pass between our read and our claim: the refusal as it stands now. */
async function refusalNow(db: DB, scope: GateScope, input: PassRequest, now: Date, step: 'in' | 'out'): Promise<AppError> {
  const r = ruling(await scopedPass(db, scope, input.confirmationNumber), now, input.lotId);
  const reason = step === 'in' ? r.checkInRefusal : r.checkOutRefusal;
  return new AppError('CONFLICT', reason ?? 'This pass changed meanwhile. Look it up again.');
}
