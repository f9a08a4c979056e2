// Days as data in the back office: a lot's days over a date range (capacity, spaces taken, closures, day rates)
// and changes to every day of a range in one transaction, all or nothing: a capacity below what is sold on any
// day refuses the whole change naming that day's bookings. Every change is audited ('lot_day', the lot's id)
// and bumps the content version, so search, pages and caches on every server see it at once.
import { toCents, toDollars } from '@/shared/money';
import { lotPrices } from '../catalogue/lot-prices';
import { and, asc, between, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, lotDays, parkingProviders } from '../../db/schema';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { lotDate } from '../catalogue/lot-time';
import type { TLotDaysChange, TLotDaysRange } from '@/shared/schemas/lot-days';
import { dayDate, dayIndex, setRangeCapacity } from '../bookings/capacity';
import { lockLotCapacity } from '../bookings/inventory';
import { recordAudit, type Actor } from '../catalogue-admin/audit';
import { noteInventoryChange } from '../search/shared-results';

/** How far ahead days can be changed (bookings open a year ahead; a year more for planning). */
export const MAX_DAYS_AHEAD = 2 * 366;

type DayRow = typeof lotDays.$inferSelect;

async function findLot(db: Pick<DB, 'select'>, lotId: number) {
  const [lot] = await db
    .select({
      id: parkingProviders.id,
      name: parkingProviders.name,
      capacity: parkingProviders.capacity,
      priceCents: parkingProviders.priceCents,
      weeklyRateCents: parkingProviders.weeklyRateCents,
      state: locations.state,
    })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', 'Lot not found');
  return lot;
}

async function dayRows(db: Pick<DB, 'select'>, lotId: number, first: number, last: number): Promise<Map<number, DayRow>> {
  const rows = await db
    .select()
    .from(lotDays)
    .where(and(eq(lotDays.providerId, lotId), between(lotDays.day, first, last)))
    .orderBy(asc(lotDays.day));
  return new Map(rows.map((r) => [r.day, r]));
}

/** A day as the back office shows it; a day without a row has nobody on it and follows the lot. */
function dayView(day: number, row: DayRow | undefined, lot: { capacity: number }) {
  const capacity = row?.capacity ?? lot.capacity;
  const taken = row?.taken ?? 0;
  const closed = row?.closed === 1;
  return {
    date: dayDate(day),
    capacity,
    taken,
    free: closed ? 0 : Math.max(0, capacity - taken),
    closed,
    /** Dollars, when the day has its own rate. */ price: row?.priceCents == null ? null : toDollars(row.priceCents),
    capacitySet: row?.capacitySet === 1,
  };
}
export type TLotDay = ReturnType<typeof dayView>;

/** A lot's days from `from` to `to` (both included), with the lot's own capacity and prices and its today. */
export async function listLotDays(deps: { db: DB; clock: Clock }, input: TLotDaysRange) {
  const lot = await findLot(deps.db, input.lotId);
  const first = dayIndex(input.from);
  const last = dayIndex(input.to);
  const rows = await dayRows(deps.db, lot.id, first, last);
  const days = Array.from({ length: last - first + 1 }, (_, i) => dayView(first + i, rows.get(first + i), lot));
  return {
    lot: { id: lot.id, name: lot.name, capacity: lot.capacity, ...lotPrices(lot) },
    today: lotDate(deps.clock.now(), lot.state),
    from: input.from,
    to: input.to,
    days,
  };
}

/** The distinct values a field had over the range: one value, or the list when the days differed. */
function before<T>(values: T[]): T | T[] {
  const distinct = [...new Set(values)];
  return distinct.length === 1 ? distinct[0]! : distinct.slice(0, 20);
}

/**
 * Applies a change to every day from `from` to `to`, in one transaction: open or close them, set their
 * capacity by hand or make them follow the lot's again, set a day rate or go back to the lot's price. Refuses
 * days before the lot's today and beyond MAX_DAYS_AHEAD, and (CONFLICT, naming the bookings) a capacity below
 * what is sold on any of the days; then nothing changes. Returns the days as they are now.
 */
export async function changeLotDays(deps: { db: DB; clock: Clock }, actor: Actor, input: TLotDaysChange) {
  const lot = await findLot(deps.db, input.lotId);
  const today = lotDate(deps.clock.now(), lot.state);
  if (input.from < today) throw new AppError('BAD_REQUEST', `Days before today (${today} at this lot) cannot be changed.`);
  const first = dayIndex(input.from);
  const last = dayIndex(input.to);
  if (last > dayIndex(today) + MAX_DAYS_AHEAD) throw new AppError('BAD_REQUEST', `Days can be changed up to ${dayDate(dayIndex(today) + MAX_DAYS_AHEAD)}.`);

  await deps.db.transaction(async (tx) => {
    noteInventoryChange();
    // The lot's capacity as committed, held until we commit (a concurrent change of it waits for us).
    const capacity = await lockLotCapacity(tx, lot.id);
    if (capacity === null) throw new AppError('NOT_FOUND', 'Lot not found');
    const count = last - first + 1;
    await tx
      .insert(lotDays)
      .values(Array.from({ length: count }, (_, i) => ({ providerId: lot.id, day: first + i, capacity, taken: 0 })))
      .onConflictDoNothing();
    const was = [...(await dayRows(tx, lot.id, first, last)).values()];

    if (input.capacity !== undefined) await setRangeCapacity(tx, { id: lot.id, capacity }, first, last, input.capacity);
    const set: Partial<Pick<DayRow, 'closed' | 'priceCents'>> = {};
    if (input.closed !== undefined) set.closed = input.closed ? 1 : 0;
    if (input.price !== undefined) set.priceCents = input.price === null ? null : toCents(input.price);
    if (Object.keys(set).length)
      await tx
        .update(lotDays)
        .set(set)
        .where(and(eq(lotDays.providerId, lot.id), between(lotDays.day, first, last)));

    const now = [...(await dayRows(tx, lot.id, first, last)).values()];
    const changed = now.filter(
      (d, i) => d.closed !== was[i]!.closed || d.capacity !== was[i]!.capacity || d.capacitySet !== was[i]!.capacitySet || d.priceCents !== was[i]!.priceCents,
    );
    if (!changed.length) return; // already so: nothing to record or refresh
    // Field by field as { from, to } (the audit list shows 'Days: 2026-12-24 → 2026-12-26', 'Closed: no → yes').
    const changes: Record<string, unknown> = { days: { from: input.from, to: input.to }, daysChanged: changed.length };
    if (input.closed !== undefined) changes.closed = { from: before(was.map((d) => d.closed === 1)), to: input.closed };
    if (input.capacity !== undefined) {
      changes.capacity = { from: before(was.map((d) => d.capacity)), to: input.capacity ?? capacity };
      changes.capacitySet = { from: before(was.map((d) => d.capacitySet === 1)), to: input.capacity !== null };
    }
    // Dollars, as typed.
    if (input.price !== undefined) changes.price = { from: before(was.map((d) => (d.priceCents === null ? null : toDollars(d.priceCents)))), to: input.price };
    await recordAudit(tx, actor, { entity: 'lot_day', entityId: lot.id, action: 'update', changes });
    await bumpContentVersion(tx);
  });
  return listLotDays(deps, { lotId: lot.id, from: input.from, to: input.to });
}
