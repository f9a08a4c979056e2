// The traveller's flights (or ship and sailing date at a cruise port) on a booking: changed from the manage page
// until departure, like the vehicle; the gate, the pass and the receipt read them from the booking.
import { and, eq, isNull } from 'drizzle-orm';
import { bookings, locations } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { travelFor, type TTravelDetails } from '@/shared/schemas/travel';
import { assertAllowed, bookingActions, FINISHED_MESSAGE, stayClock } from './booking-rules';
import { loadManaged, manageView } from './manage';

/** New flights or sailing; the same rule as a new vehicle (until departure, not on a cancelled booking). */
export async function changeTravel(ctx: Context, input: { confirmationNumber: string; token?: string } & TTravelDetails) {
  const m = await loadManaged(ctx, input);
  assertAllowed(bookingActions(m.booking, stayClock(m, ctx.clock.now())).vehicle);
  const [location] = await ctx.db.select({ kind: locations.kind }).from(locations).where(eq(locations.id, m.provider.locationId));
  const next = travelFor(location?.kind ?? 'airport', input);
  const [row] = await ctx.db
    .update(bookings)
    .set(next)
    .where(and(eq(bookings.id, m.booking.id), eq(bookings.status, 'confirmed'), isNull(bookings.checkedOutAt)))
    .returning();
  if (!row) throw new AppError('BAD_REQUEST', FINISHED_MESSAGE);
  return manageView(ctx, { ...m, booking: row });
}
