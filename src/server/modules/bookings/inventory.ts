// Inventory: a lot's spaces per calendar day, kept as rows (lot_days) in the same transaction as every booking
// change. A stay occupies every day from its arrival day to its departure day (a departure at midnight does
// not touch that day). Taking a stay's days is one conditional update ("open and taken < capacity" on each day,
// or the transaction fails), so no engine can overbook or book a closed day, whatever runs concurrently; search
// reads lots x days rows.
import { and, asc, between, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { bound, ENGINE, prepared, type DB } from '../../db/client';
import { inOneTrip } from '../../db/pg-trips';
import { bookingChanges, bookings, lotDays, parkingProviders } from '../../db/schema';
import { parseWallClock, toWallClock } from '@/shared/pricing';
import type { Cents } from '@/shared/money';
import { recordOccupancyAlerts } from './occupancy-alerts';
import { noteInventoryChange } from '../search/shared-results';

const DAY = 86_400_000;
type Writer = Pick<DB, 'select' | 'insert' | 'update'>;

/** Statuses whose booking occupies its days (a hold until it is settled, a stay, a finished stay). */
export const OCCUPYING = ['pending', 'confirmed', 'completed'] as const;

/** First and last day index (days since the epoch, wall clock) a stay occupies. */
export function stayDays(arrival: string, departure: string): [number, number] {
  const a = parseWallClock(arrival)!;
  const d = parseWallClock(departure)!;
  const first = Math.floor(a / DAY);
  return [first, Math.max(first, Math.floor((d - 60_000) / DAY))];
}

/**
 * The lot's capacity as committed now, holding the lot's row until the caller's transaction ends (PostgreSQL:
 * FOR SHARE for bookings and day changes, FOR UPDATE for a change of the lot's capacity; SQLite runs one writer
 * at a time). So a day row made by a booking takes the capacity a concurrent change of the lot's capacity
 * either already committed or has not started yet, never one it is about to replace. Null: no such lot.
 */
export async function lockLotCapacity(tx: Pick<DB, 'select'>, providerId: number, mode: 'share' | 'update' = 'share'): Promise<number | null> {
  return (await lockLotLimits(tx, providerId, mode))?.capacity ?? null;
}

/** lockLotCapacity, with the lot's online buffer (spaces per day not sold online). */
async function lockLotLimits(tx: Pick<DB, 'select'>, providerId: number, mode: 'share' | 'update' = 'share'): Promise<{ capacity: number; buffer: number } | null> {
  const [row] = await (mode === 'share' ? capacityForShare : capacityForUpdate)(tx).execute({ providerId });
  return row ? { capacity: row.capacity, buffer: row.buffer } : null;
}

// Every booking runs these two: built once (db/client.ts, prepared).
const capacityOf = (db: DB, mode: 'share' | 'update', name: string) => {
  const query = db
    .select({ capacity: parkingProviders.capacity, buffer: parkingProviders.onlineBuffer })
    .from(parkingProviders)
    .where(eq(parkingProviders.id, bound('providerId', parkingProviders.id)));
  return (ENGINE === 'postgres' ? query.for(mode) : query).prepare(name);
};
const capacityForShare = prepared((db) => capacityOf(db, 'share', 'lot_capacity_share'));
const capacityForUpdate = prepared((db) => capacityOf(db, 'update', 'lot_capacity_update'));

/** One more space taken on each day counted. */
const oneMore = { taken: sql`${lotDays.taken} + 1` };
/** A day that sells one more space online: open, and taken below its capacity less the lot's buffer (spaces kept for the gate). */
const takeable = (buffer: SQL) => and(eq(lotDays.closed, 0), sql`${lotDays.taken} < ${lotDays.capacity} - ${buffer}`);
/** What counting a day answers (TakenDay). */
const takenDay = { day: lotDays.day, taken: lotDays.taken, capacity: lotDays.capacity, price: lotDays.priceCents };

const countStayDays = prepared((db) =>
  db
    .update(lotDays)
    .set(oneMore)
    .where(
      and(
        eq(lotDays.providerId, bound('providerId', lotDays.providerId)),
        between(lotDays.day, bound('first', lotDays.day), bound('last', lotDays.day)),
        // The buffer read in the statement: it runs in the same round trip as the lock that reads it (takeDayRange).
        takeable(sql`(select ${parkingProviders.onlineBuffer} from ${parkingProviders} where ${eq(parkingProviders.id, bound('providerId', parkingProviders.id))})`),
      ),
    )
    .returning(takenDay)
    .prepare('lot_days_take'),
);

/**
 * Takes one space on every day of the stay, in the caller's transaction. Null when a day is full or closed to
 * new bookings: the caller must then fail the transaction (rows of the other days were already counted and
 * must be rolled back). Days are counted with one conditional update ("open and taken < capacity" on each day);
 * day rows still missing are made (insert-or-nothing) with the lot's capacity read from the database in this
 * transaction (the in-memory catalogue may be a second behind another server's change) and then counted the
 * same way. On PostgreSQL a concurrent taker of the same day waits for our row lock and re-checks the committed
 * row (a row another booking made meanwhile included), so capacity and closures hold with any number of servers.
 */
export async function takeDays(tx: Writer, lot: { id: number }, arrival: string, departure: string): Promise<TakenDay[] | null> {
  const [first, last] = stayDays(arrival, departure);
  return takeDayRange(tx, lot.id, first, last);
}

/** A day row as taking it left it (its day rate, read under the same lock, prices the stay: day-rates.ts). */
export interface TakenDay {
  day: number;
  taken: number;
  capacity: number;
  price: Cents | null;
}

/**
 * takeDays over days [first, last] (a change of dates takes only the days it adds): the days taken, or null.
 * Most days a stay takes have their row already (an earlier booking made it): the lot's row and the count are
 * one round trip on PostgreSQL (db/pg-trips.ts), under the lot's lock. A count that comes back short makes the
 * missing rows and counts the days not yet counted, another trip; still short, a day is full or closed.
 */
export async function takeDayRange(tx: Writer, providerId: number, first: number, last: number): Promise<TakenDay[] | null> {
  noteInventoryChange();
  const count = last - first + 1;
  const [limits, counted] = await inOneTrip(tx, [() => lockLotLimits(tx, providerId), () => countStayDays(tx).execute({ providerId, first, last })]);
  if (limits === null) return null;
  let taken: TakenDay[] = counted;
  if (counted.length !== count) {
    const done = counted.map((d) => d.day);
    const [, rest] = await inOneTrip(tx, [
      () =>
        count <= PREPARED_STAY_DAYS
          ? addDayRowsFor(count)(tx).execute({ providerId, first })
          : tx
              .insert(lotDays)
              .select(dayRowsOfLot(sql`${providerId}`, sql`${first}`, count))
              .onConflictDoNothing()
              .execute(),
      () => countDays(tx, providerId, first, last, limits.buffer, done).execute(),
    ]);
    taken = [...counted, ...rest].sort((a, b) => a.day - b.day);
    if (taken.length !== count) return null;
  }
  await recordOccupancyAlerts(tx, providerId, limits.buffer, taken);
  return taken;
}

/** countStayDays over the days of [first, last] not in `done` (a stay some of whose day rows were just made). */
const countDays = (tx: Writer, providerId: number, first: number, last: number, buffer: number, done: number[]) =>
  tx
    .update(lotDays)
    .set(oneMore)
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last), done.length ? notInArray(lotDays.day, done) : undefined, takeable(sql`${buffer}`)))
    .returning(takenDay);

/**
 * The day rows [first, first + count) of a lot as a select of the table's columns in order, each made with the
 * lot's capacity as committed (read under the lot's lock the statement before: lockLotLimits). No rows for a lot
 * that is gone. The day numbers are a union of constants: the same SQL on both engines.
 */
const dayRowsOfLot = (providerId: SQL, first: SQL, count: number) => {
  const offsets = sql.raw(Array.from({ length: count }, (_, i) => `select ${i} as i`).join(' union all '));
  return sql`select ${sql.identifier('id')}, ${first} + ${sql.identifier('offsets')}.${sql.identifier('i')}, ${sql.identifier('capacity')}, 0, 0, 0, null from ${parkingProviders}, (${offsets}) as ${sql.identifier('offsets')} where ${sql.identifier('id')} = ${providerId}`;
};

/** Stays up to a month make their day rows with a statement built once per length (db/client.ts, prepared). */
const PREPARED_STAY_DAYS = 31;
const addDayRows = new Map<number, (db: object) => ReturnType<typeof addDayRowsQuery>>();
const addDayRowsQuery = (db: DB, count: number) =>
  db
    .insert(lotDays)
    .select(dayRowsOfLot(sql`${sql.placeholder('providerId')}`, sql`${sql.placeholder('first')}`, count))
    .onConflictDoNothing()
    .prepare(`lot_days_add_${count}`);
function addDayRowsFor(count: number) {
  let query = addDayRows.get(count);
  if (!query) addDayRows.set(count, (query = prepared((db) => addDayRowsQuery(db, count))));
  return query;
}

/** The days of `stay` that `other` does not occupy, as [first, last] ranges (none, one, or two around it). */
export function dayRangesOutside(stay: [number, number], other: [number, number]): [number, number][] {
  const [a, b] = stay;
  const [c, d] = other;
  if (d < a || c > b) return [[a, b]];
  const out: [number, number][] = [];
  if (a < c) out.push([a, c - 1]);
  if (b > d) out.push([d + 1, b]);
  return out;
}

/** The days of a stay closed to new bookings, as 'YYYY-MM-DD' (why a stay could not be taken). */
export async function closedDays(db: Pick<DB, 'select'>, providerId: number, arrival: string, departure: string): Promise<string[]> {
  const [first, last] = stayDays(arrival, departure);
  const rows = await db
    .select({ day: lotDays.day })
    .from(lotDays)
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last), eq(lotDays.closed, 1)))
    .orderBy(asc(lotDays.day));
  return rows.map((r) => new Date(r.day * DAY).toISOString().slice(0, 10));
}

/** Gives a stay's days back (a released hold, a cancellation), in the caller's transaction. */
export async function releaseDays(tx: Pick<DB, 'update'>, providerId: number, arrival: string, departure: string): Promise<void> {
  const [first, last] = stayDays(arrival, departure);
  await releaseDayRange(tx, providerId, first, last);
}

/** releaseDays over days [first, last]. */
export async function releaseDayRange(tx: Pick<DB, 'update'>, providerId: number, first: number, last: number): Promise<void> {
  noteInventoryChange();
  await tx
    .update(lotDays)
    .set({ taken: sql`${lotDays.taken} - 1` })
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last), sql`${lotDays.taken} > 0`));
}

/** Every search runs it: built once per number of lots (db/client.ts, prepared). */
const stayRowQueries = new Map<number, (db: object) => ReturnType<typeof stayRowsQuery>>();
const stayRowsQuery = (db: DB, count: number) =>
  db
    .select({
      providerId: lotDays.providerId,
      free: sql<number>`min(case when ${lotDays.closed} = 1 then 0 else ${lotDays.capacity} - ${lotDays.taken} end)`.mapWith(Number),
      days: sql<number>`count(*)`.mapWith(Number),
      rated: sql<number>`count(${lotDays.priceCents})`.mapWith(Number),
    })
    .from(lotDays)
    .where(
      and(
        inArray(
          lotDays.providerId,
          Array.from({ length: count }, (_, i) => sql.placeholder(`lot${i}`)),
        ),
        between(lotDays.day, bound('first', lotDays.day), bound('last', lotDays.day)),
      ),
    )
    .groupBy(lotDays.providerId)
    .prepare(`stay_inventory_${count}`);
function stayRowsFor(count: number) {
  let query = stayRowQueries.get(count);
  if (!query) stayRowQueries.set(count, (query = prepared((db) => stayRowsQuery(db, count))));
  return query;
}

/**
 * Each lot over a stay, from one read of its day rows: the free spaces sold online (the fewest capacity − taken on any day, less the lot's online buffer;
 * a closed day has none; a day without a row has nobody on it yet) and whether any day has a day rate (so
 * search asks for the rates only of lots that have one).
 */
export async function stayInventory(
  db: Pick<DB, 'select'>,
  lots: readonly { id: number; capacity: number; onlineBuffer?: number }[],
  arrival: string,
  departure: string,
): Promise<{ free: Map<number, number>; rated: number[] }> {
  const free = new Map<number, number>();
  const rated: number[] = [];
  const a = toWallClock(arrival);
  const d = toWallClock(departure);
  if (!lots.length || !a || !d) return { free, rated };
  const [first, last] = stayDays(a, d);
  const rows = await stayRowsFor(lots.length)(db).execute({ ...Object.fromEntries(lots.map((l, i) => [`lot${i}`, l.id])), first, last });
  const byLot = new Map(rows.map((r) => [r.providerId, r]));
  for (const lot of lots) {
    const row = byLot.get(lot.id);
    const value = !row ? lot.capacity : row.days < last - first + 1 ? Math.min(row.free, lot.capacity) : row.free;
    // What is sold online: the lot's buffer is kept for the gate.
    free.set(lot.id, Math.max(0, value - (lot.onlineBuffer ?? 0)));
    if (row && row.rated > 0) rated.push(lot.id);
  }
  return { free, rated };
}

/** Free spaces of each lot over a stay (see stayInventory). */
export async function freeSpaces(
  db: Pick<DB, 'select'>,
  lots: readonly { id: number; capacity: number; onlineBuffer?: number }[],
  arrival: string,
  departure: string,
): Promise<Map<number, number>> {
  return (await stayInventory(db, lots, arrival, departure)).free;
}

export interface InventoryDrift {
  providerId: number;
  day: number;
  taken: number;
  expected: number;
}

/** Each lot-day's expected count from the bookings, compared with its counter. */
async function findDrift(db: Pick<DB, 'select'>): Promise<{ days: number; drift: InventoryDrift[] }> {
  const expected = new Map<string, number>();
  const stays = await db
    .select({ providerId: bookings.providerId, arrivalDate: bookings.arrivalDate, departureDate: bookings.departureDate })
    .from(bookings)
    .where(inArray(bookings.status, [...OCCUPYING]));
  const count = (providerId: number, [first, last]: [number, number]) => {
    for (let day = first; day <= last; day++) {
      const key = `${providerId}:${day}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
  };
  for (const s of stays) count(s.providerId, stayDays(s.arrivalDate, s.departureDate));
  // A change of dates being paid for holds the days it adds.
  const held = await db
    .select({ providerId: bookings.providerId, change: bookingChanges })
    .from(bookingChanges)
    .innerJoin(bookings, eq(bookings.id, bookingChanges.bookingId))
    .where(and(eq(bookingChanges.status, 'pending'), eq(bookingChanges.kind, 'dates')));
  for (const { providerId, change: c } of held) {
    for (const range of dayRangesOutside(stayDays(c.toArrival!, c.toDeparture!), stayDays(c.fromArrival!, c.fromDeparture!))) count(providerId, range);
  }
  const counters = await db.select().from(lotDays).orderBy(lotDays.providerId, lotDays.day);
  const drift: InventoryDrift[] = [];
  for (const row of counters) {
    const key = `${row.providerId}:${row.day}`;
    const want = expected.get(key) ?? 0;
    if (row.taken !== want) drift.push({ providerId: row.providerId, day: row.day, taken: row.taken, expected: want });
    expected.delete(key);
  }
  for (const [key, want] of expected) {
    const [providerId, day] = key.split(':').map(Number) as [number, number];
    drift.push({ providerId, day, taken: 0, expected: want });
  }
  return { days: counters.length, drift };
}

/**
 * Recounts every lot's days from the bookings and compares them with the counters; with `repair`, recounts
 * again and writes the result in one transaction (run it while the site is quiet: on PostgreSQL a booking
 * committed during the repair is not seen by it). Returns the rows that differed (before repair).
 */
export async function recountInventory(db: DB, { repair = false } = {}): Promise<{ days: number; drift: InventoryDrift[] }> {
  const found = await findDrift(db);
  if (repair && found.drift.length) {
    noteInventoryChange();
    const capacity = new Map((await db.select({ id: parkingProviders.id, capacity: parkingProviders.capacity }).from(parkingProviders)).map((p) => [p.id, p.capacity]));
    await db.transaction(async (tx) => {
      for (const d of (await findDrift(tx)).drift) {
        await tx
          .insert(lotDays)
          .values({ providerId: d.providerId, day: d.day, capacity: Math.max(capacity.get(d.providerId) ?? 0, d.expected), taken: d.expected })
          .onConflictDoUpdate({
            target: [lotDays.providerId, lotDays.day],
            set: { taken: d.expected, capacity: sql`case when ${lotDays.capacity} > ${d.expected} then ${lotDays.capacity} else ${d.expected} end` },
          });
      }
    });
  }
  return found;
}
