// The traveller's flights (or ship and sailing date at a cruise port) on a booking: changed from the manage page
// until departure, like the vehicle; the gate, the pass and the receipt read them from the booking. Each change
// is in the booking's change history and e-mails the pass again, with what changed.
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema';
import type { Context } from '../../deps';
import { travelFor, type TTravelDetails } from '@/shared/schemas/travel';
import { travelText } from '@/shared/travel-text';
import { assertAllowed, bookingActions, stayClock } from './booking-rules';
import { changeDetails, loadManaged, manageView } from './manage';

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
  return changeDetails(ctx, m, next, { kind: 'travel', fromTravel: before, toTravel: after });
}
