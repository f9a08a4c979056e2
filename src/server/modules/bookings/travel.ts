// The traveller's flights (or ship and sailing date at a cruise port) on a booking: changed from the manage page
// until departure, like the vehicle; the gate, the pass and the receipt read them from the booking. Each change
// is in the booking's change history and e-mails the pass again, with what changed.
import { and, eq, isNull } from 'drizzle-orm';
import { bookingChanges, bookings, locations } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { travelFor, type TTravelDetails } from '@/shared/schemas/travel';
import { travelText } from '@/shared/travel-text';
import { assertAllowed, bookingActions, FINISHED_MESSAGE, stayClock } from './booking-rules';
import { loadManaged, manageView } from './manage';

/** New flights or sailing; the same rule as a new vehicle (until departure, not on a cancelled booking). */
export async function changeTravel(ctx: Context, input: { confirmationNumber: string; token?: string } & TTravelDetails) {
  const m = await loadManaged(ctx, input);
  const b = m.booking;
  assertAllowed(bookingActions(b, stayClock(m, ctx.clock.now())).vehicle);
  const [location] = await ctx.db.select({ kind: locations.kind }).from(locations).where(eq(locations.id, m.provider.locationId));
  const next = travelFor(location?.kind ?? 'airport', input);
  const before = travelText(b);
  const after = travelText(next);
  if (before === after) return manageView(ctx, m);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set(next)
      .where(and(eq(bookings.id, b.id), eq(bookings.status, 'confirmed'), isNull(bookings.checkedOutAt)))
      .returning();
    if (!row) throw new AppError('BAD_REQUEST', FINISHED_MESSAGE);
    const [change] = await tx
      .insert(bookingChanges)
      .values({
        bookingId: b.id,
        kind: 'travel',
        status: 'applied',
        changedBy: ctx.user?.id ?? null,
        fromTravel: before,
        toTravel: after,
        parkingFeeBeforeCents: b.parkingFeeCents,
        parkingFeeAfterCents: b.parkingFeeCents,
      })
      .returning({ id: bookingChanges.id });
    await enqueueJob(tx, 'mail.booking-changed', { bookingId: b.id, changeId: change!.id }, { dedupeKey: `booking-changed:${change!.id}` });
    return row;
  });
  ctx.jobs.kick();
  return manageView(ctx, { ...m, booking: updated });
}
