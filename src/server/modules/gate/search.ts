// Finding a booking at the gate without its code: by plate (any spacing, case or hyphens), by last name (or
// "first last"), or by the last four digits of the phone. Only today's and current bookings of the lots the
// caller works: a stay overlapping the lot's today or whose check-in has opened, or a car checked in and not yet out. Staff of another lot
// find nothing. Choosing a result looks its pass up as a scan would, so check-in and check-out follow.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { likeLower } from '../../db/dialect';
import { bookings, locations, parkingProviders } from '../../db/schema';
import { AppError } from '../../errors';
import { lotDate, lotWallClock, nextDate } from '../catalogue/lot-time';
import { compactPlate, type TGateSearchInput } from '@/shared/schemas/gate';
import { rowOf } from './gate.service';
import { EARLY_ARRIVAL_MS } from './pass-rules';
import { inScope, type GateScope } from './staff.service';

/** Results shown, at most: more than this and staff should type more. */
export const GATE_SEARCH_LIMIT = 20;
/** Candidates read before the exact (lot-local) day filter. */
const CANDIDATES = 200;
const HOUR = 3_600_000;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
const stripped = (column: SQLWrapper, chars: string[]) => chars.reduce<SQL>((e, c) => sql`replace(${e}, ${c}, '')`, sql`${column}`);

/** What the text can match: a plate, a name, and four digits also a phone's end. */
function matches(q: string): SQL {
  const plate = compactPlate(q).toLowerCase();
  const name = escapeLike(q.replace(/\s+/g, ' '));
  return or(
    plate.length >= 2 ? likeLower(stripped(bookings.licensePlate, [' ', '-', '.', '·']), `%${plate}%`) : undefined,
    likeLower(bookings.lastName, `${name}%`),
    q.includes(' ') ? likeLower(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, `%${name}%`) : undefined,
    /^\d{4}$/.test(q) ? sql`${stripped(bookings.phone, [' ', '-', '(', ')', '.', '+'])} like ${`%${q}`}` : undefined,
  )!;
}

/**
 * Bookings of the caller's lots (or of `lotId`, one of them) matching `q`, today's and current ones only, at
 * most GATE_SEARCH_LIMIT, cars still in and expected first. `tooMany` says more matched than were returned.
 */
export async function searchGate(db: DB, scope: GateScope, input: TGateSearchInput, now: Date) {
  if (input.lotId !== undefined && !inScope(scope, input.lotId)) throw new AppError('NOT_FOUND', 'Lot not found.');
  const lots = input.lotId !== undefined ? [input.lotId] : scope.all ? null : scope.lotIds;
  if (lots && lots.length === 0) return { results: [], tooMany: false };
  // Every US lot's today lies within these UTC-based dates; the exact lot-local day is checked below.
  const from = `${new Date(now.getTime() - 14 * HOUR).toISOString().slice(0, 10)}T00:00`;
  const to = `${nextDate(new Date(now.getTime() + 14 * HOUR).toISOString().slice(0, 10))}T00:00`;
  const rows = await db
    .select({ booking: bookings, lotName: parkingProviders.name, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(
      and(
        lots ? inArray(bookings.providerId, lots) : undefined,
        inArray(bookings.status, ['confirmed', 'completed', 'cancelled']),
        or(and(lt(bookings.arrivalDate, to), gte(bookings.departureDate, from)), and(isNotNull(bookings.checkedInAt), isNull(bookings.checkedOutAt))),
        matches(input.q),
      ),
    )
    .orderBy(asc(bookings.arrivalDate), asc(bookings.id))
    .limit(CANDIDATES);
  const current = rows.filter(({ booking: b, state }) => {
    if (b.checkedInAt && !b.checkedOutAt && b.status === 'confirmed') return true;
    const today = lotDate(now, state);
    // Today's, and one whose check-in has opened (a car due at 00:15 may be at the gate at 23:50).
    const opensBy = lotWallClock(new Date(now.getTime() + EARLY_ARRIVAL_MS), state);
    return (b.arrivalDate < `${nextDate(today)}T00:00` || b.arrivalDate <= opensBy) && b.departureDate >= `${today}T00:00`;
  });
  // Cars in the lot first, then expected ones, then those gone or cancelled; by arrival within each.
  const rank = (b: (typeof rows)[number]['booking']) => (b.status === 'cancelled' ? 3 : b.checkedOutAt ? 2 : b.checkedInAt ? 0 : 1);
  current.sort((a, b) => rank(a.booking) - rank(b.booking));
  return {
    results: current.slice(0, GATE_SEARCH_LIMIT).map(({ booking, lotName, state }) => ({ ...rowOf(booking, state), lot: { id: booking.providerId, name: lotName } })),
    tooMany: current.length > GATE_SEARCH_LIMIT,
  };
}

export type TGateSearchResult = Awaited<ReturnType<typeof searchGate>>['results'][number];
