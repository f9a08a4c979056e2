// What a partner's owners and managers run from the portal: their lots (the admin catalogue's editing, a new
// lot a draft until the administrator approves it) and their lots' bookings. Everything is scoped to the
// caller's membership (access.ts): another partner's lot or booking is 404.
import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, locations, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { toDollars } from '@/shared/money';
import type { TLotInput, TUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import type { Actor } from '../catalogue-admin/audit';
import { createLot, getLot, updateLot } from '../catalogue-admin/lots.service';
import { lotPrices } from '../catalogue/lot-prices';
import { lotDate, lotWallClockOrNull, nextDate } from '../catalogue/lot-time';
import { formatCsv, spreadsheetSafe } from '../catalogue-admin/csv-format';
import { requireLot, type Membership } from './access';

/** A lot's state as its partner sees it. */
export function lotStatus(lot: Pick<typeof parkingProviders.$inferSelect, 'approvedAt' | 'published' | 'suspendedListing'>) {
  if (!lot.approvedAt) return 'draft' as const;
  if (lot.suspendedListing) return 'suspended' as const;
  return lot.published ? ('listed' as const) : ('unlisted' as const);
}

/** The lots the member may see, with their status. */
export async function partnerLots(db: DB, m: Membership) {
  const rows = await db
    .select()
    .from(parkingProviders)
    .where(and(eq(parkingProviders.partnerId, m.partnerId), m.lots.all ? undefined : inArray(parkingProviders.id, m.lots.ids.length ? m.lots.ids : [0])))
    .orderBy(asc(parkingProviders.location), asc(parkingProviders.name));
  return rows.map((l) => ({ id: l.id, name: l.name, slug: l.slug, location: l.location, address: l.address, capacity: l.capacity, ...lotPrices(l), status: lotStatus(l) }));
}

/** One of the member's lots, every field (the editor). */
export async function partnerLot(db: DB, m: Membership, lotId: number) {
  const lot = await requireLot(db, m, lotId);
  return { ...(await getLot(db, lotId)), status: lotStatus(lot) };
}

/** A new lot of the partner: a draft, not listed until the administrator approves its first publication. */
export async function createPartnerLot(ctx: Pick<Context, 'db' | 'clock'>, actor: Actor, m: Membership, input: TLotInput) {
  if (!m.lots.all) throw new AppError('FORBIDDEN', 'Only members who work every lot of the partner can add one.');
  const lot = await createLot(ctx, actor, { ...input, published: false }, m.partnerId);
  return { ...lot, status: 'draft' as const };
}

/** An edit of one of the member's lots: live at once (a draft stays a draft until approved). */
export async function updatePartnerLot(ctx: Pick<Context, 'db' | 'clock'>, actor: Actor, m: Membership, input: TUpdateLotInput) {
  await requireLot(ctx.db, m, input.id);
  const out = await updateLot(ctx, actor, input);
  const [row] = await ctx.db.select().from(parkingProviders).where(eq(parkingProviders.id, input.id));
  return { ...out, status: lotStatus(row!) };
}

export interface PartnerBookingFilter {
  lotId?: number;
  from?: string;
  to?: string;
  status?: 'confirmed' | 'cancelled' | 'completed';
  limit: number;
  offset: number;
}

/** The rows of the member's lots' bookings the filter selects, newest arrival first (the list and the CSV). */
async function selectBookings(db: DB, m: Membership, f: PartnerBookingFilter) {
  const lots = await partnerLots(db, m);
  const ids = lots.map((l) => l.id);
  if (f.lotId !== undefined && !ids.includes(f.lotId)) throw new AppError('NOT_FOUND', 'Lot not found');
  const scope = f.lotId !== undefined ? [f.lotId] : ids;
  if (!scope.length) return [];
  const where: (SQL | undefined)[] = [inArray(bookings.providerId, scope), inArray(bookings.status, f.status ? [f.status] : ['confirmed', 'cancelled', 'completed'])];
  if (f.from) where.push(gte(bookings.arrivalDate, `${f.from}T00:00`));
  if (f.to) where.push(lte(bookings.arrivalDate, `${f.to}T23:59`));
  const rows = await db
    .select()
    .from(bookings)
    .where(and(...where))
    .orderBy(desc(bookings.arrivalDate), desc(bookings.id))
    .limit(f.limit)
    .offset(f.offset);
  const names = new Map(lots.map((l) => [l.id, l.name]));
  return rows.map((b) => ({
    id: b.id,
    confirmationNumber: b.confirmationNumber,
    lotId: b.providerId,
    lot: names.get(b.providerId) ?? '',
    status: b.status,
    name: `${b.firstName} ${b.lastName}`,
    licensePlate: b.licensePlate,
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    checkedInAt: b.checkedInAt,
    checkedOutAt: b.checkedOutAt,
    /** Dollars, as the REST API shows them: the parking price (the partner's gross) of the booking now. */
    parkingFee: toDollars(b.parkingFeeCents),
    commissionBps: b.commissionBps,
  }));
}

/** The bookings of the member's lots (filtered by lot, arrival dates and status), newest arrival first. */
export async function partnerBookings(db: DB, m: Membership, f: PartnerBookingFilter) {
  return { bookings: await selectBookings(db, m, f) };
}

/** At most this many rows in one CSV file (a filter narrows a bigger export). */
export const BOOKINGS_CSV_LIMIT = 10_000;
export const BOOKINGS_CSV_COLUMNS = [
  'Confirmation',
  'Lot',
  'Name',
  'License plate',
  'Arrival',
  'Departure',
  'Status',
  'Checked in',
  'Checked out',
  'Parking fee (USD)',
  'Commission (%)',
] as const;

/**
 * The same rows as partnerBookings (same filter, same scope), as a CSV file. Every time is the lot's own
 * wall-clock time ('YYYY-MM-DDTHH:mm'), the check-in and check-out as the arrival and departure are.
 */
export async function partnerBookingsCsv(db: DB, m: Membership, f: Omit<PartnerBookingFilter, 'limit' | 'offset'>, now: Date) {
  const rows = await selectBookings(db, m, { ...f, limit: BOOKINGS_CSV_LIMIT, offset: 0 });
  const lotIds = [...new Set(rows.map((b) => b.lotId))];
  const states = new Map(
    lotIds.length
      ? (
          await db
            .select({ id: parkingProviders.id, state: locations.state })
            .from(parkingProviders)
            .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
            .where(inArray(parkingProviders.id, lotIds))
        ).map((l) => [l.id, l.state])
      : [],
  );
  const local = (d: Date | null, lotId: number) => lotWallClockOrNull(d, states.get(lotId) ?? '') ?? '';
  const csv = formatCsv([
    BOOKINGS_CSV_COLUMNS,
    ...rows.map((b) =>
      [
        b.confirmationNumber,
        b.lot,
        b.name,
        b.licensePlate,
        b.arrivalDate,
        b.departureDate,
        b.status,
        local(b.checkedInAt, b.lotId),
        local(b.checkedOutAt, b.lotId),
        b.parkingFee.toFixed(2),
        b.commissionBps === null ? '' : (b.commissionBps / 100).toFixed(2),
      ].map(spreadsheetSafe),
    ),
  ]);
  return { filename: `bookings-${slugify(m.partnerName)}-${now.toISOString().slice(0, 10)}.csv`, rows: rows.length, csv };
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'partner';

/** A busy lot's day, at most, per list: an overview, not a report (the gate has the full day). */
const TODAY_LIMIT = 200;

/** Each of the member's lots' arrivals and departures on the lot's own today (its state's calendar). */
export async function partnerToday(db: DB, m: Membership, now: Date) {
  const mine = new Set((await partnerLots(db, m)).map((l) => l.id));
  if (!mine.size) return { lots: [] };
  const lots = await db
    .select({ id: parkingProviders.id, name: parkingProviders.name, state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(inArray(parkingProviders.id, [...mine]))
    .orderBy(asc(parkingProviders.name));
  const out = await Promise.all(
    lots.map(async (lot) => {
      const date = lotDate(now, lot.state);
      const from = `${date}T00:00`;
      const to = `${nextDate(date)}T00:00`;
      const row = (b: typeof bookings.$inferSelect) => ({
        id: b.id,
        confirmationNumber: b.confirmationNumber,
        name: `${b.firstName} ${b.lastName}`,
        licensePlate: b.licensePlate,
        arrivalDate: b.arrivalDate,
        departureDate: b.departureDate,
        status: b.status,
        checkedIn: Boolean(b.checkedInAt),
        checkedOut: Boolean(b.checkedOutAt),
      });
      const [arriving, departing] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(and(eq(bookings.providerId, lot.id), inArray(bookings.status, ['confirmed', 'completed']), gte(bookings.arrivalDate, from), lt(bookings.arrivalDate, to)))
          .orderBy(asc(bookings.arrivalDate), asc(bookings.id))
          .limit(TODAY_LIMIT),
        db
          .select()
          .from(bookings)
          .where(and(eq(bookings.providerId, lot.id), inArray(bookings.status, ['confirmed', 'completed']), gte(bookings.departureDate, from), lt(bookings.departureDate, to)))
          .orderBy(asc(bookings.departureDate), asc(bookings.id))
          .limit(TODAY_LIMIT),
      ]);
      return { id: lot.id, name: lot.name, date, arrivals: arriving.map(row), departures: departing.map(row) };
    }),
  );
  return { lots: out };
}
