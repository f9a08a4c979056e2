// Inventory: a lot's spaces per calendar day, kept as rows (lot_days) in the same transaction as every booking
// change. A stay occupies every day from its arrival day to its departure day (a departure at midnight does
// not touch that day). Taking a stay's days is one conditional update ("taken < capacity" on each day, or the
// transaction fails), so no engine can overbook, whatever runs concurrently; search reads lots x days rows.
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, lotDays, parkingProviders } from '../../db/schema';
import { parseWallClock, toWallClock } from '@/shared/pricing';

const DAY = 86_400_000;
type Writer = Pick<DB, 'insert' | 'update'>;

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
 * Takes one space on every day of the stay, in the caller's transaction. False when a day is full: the caller
 * must then fail the transaction (rows of the other days were already counted and must be rolled back).
 */
export function takeDays(tx: Writer, lot: { id: number; capacity: number }, arrival: string, departure: string): boolean {
  const [first, last] = stayDays(arrival, departure);
  const days = Array.from({ length: last - first + 1 }, (_, i) => ({ providerId: lot.id, day: first + i, capacity: lot.capacity, taken: 0 }));
  tx.insert(lotDays).values(days).onConflictDoNothing().run();
  const counted = tx
    .update(lotDays)
    .set({ taken: sql`${lotDays.taken} + 1` })
    .where(and(eq(lotDays.providerId, lot.id), between(lotDays.day, first, last), sql`${lotDays.taken} < ${lotDays.capacity}`))
    .returning({ day: lotDays.day })
    .all();
  return counted.length === days.length;
}

/** Gives a stay's days back (a released hold, a cancellation), in the caller's transaction. */
export function releaseDays(tx: Pick<DB, 'update'>, providerId: number, arrival: string, departure: string): void {
  const [first, last] = stayDays(arrival, departure);
  tx.update(lotDays)
    .set({ taken: sql`${lotDays.taken} - 1` })
    .where(and(eq(lotDays.providerId, providerId), between(lotDays.day, first, last), sql`${lotDays.taken} > 0`))
    .run();
}

/** Free spaces of each lot over a stay: the fewest (capacity − taken) on any of its days. */
export function freeSpaces(db: Pick<DB, 'select'>, lots: readonly { id: number; capacity: number }[], arrival: string, departure: string): Map<number, number> {
  const free = new Map<number, number>();
  const a = toWallClock(arrival);
  const d = toWallClock(departure);
  if (!lots.length || !a || !d) return free;
  const [first, last] = stayDays(a, d);
  const rows = db
    .select({ providerId: lotDays.providerId, free: sql<number>`min(${lotDays.capacity} - ${lotDays.taken})`, days: sql<number>`count(*)` })
    .from(lotDays)
    .where(and(inArray(lotDays.providerId, lots.map((l) => l.id)), between(lotDays.day, first, last)))
    .groupBy(lotDays.providerId)
    .all();
  const byLot = new Map(rows.map((r) => [r.providerId, r]));
  for (const lot of lots) {
    const row = byLot.get(lot.id);
    // A day without a row has nobody on it yet: the lot's whole capacity.
    const value = !row ? lot.capacity : Number(row.days) < last - first + 1 ? Math.min(Number(row.free), lot.capacity) : Number(row.free);
    free.set(lot.id, Math.max(0, value));
  }
  return free;
}

export interface InventoryDrift {
  providerId: number;
  day: number;
  taken: number;
  expected: number;
}

/**
 * Recounts every lot's days from the bookings and compares them with the counters; with `repair`, writes the
 * recount in one transaction. Returns the rows that differed (before repair).
 */
export function recountInventory(db: DB, { repair = false } = {}): { days: number; drift: InventoryDrift[] } {
  const expected = new Map<string, number>();
  const stays = db
    .select({ providerId: bookings.providerId, arrivalDate: bookings.arrivalDate, departureDate: bookings.departureDate })
    .from(bookings)
    .where(inArray(bookings.status, [...OCCUPYING]))
    .all();
  for (const s of stays) {
    const [first, last] = stayDays(s.arrivalDate, s.departureDate);
    for (let day = first; day <= last; day++) {
      const key = `${s.providerId}:${day}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
  }
  const counters = db.select().from(lotDays).all();
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
  if (repair && drift.length) {
    const capacity = new Map(db.select({ id: parkingProviders.id, capacity: parkingProviders.capacity }).from(parkingProviders).all().map((p) => [p.id, p.capacity]));
    db.transaction(
      (tx) => {
        for (const d of drift) {
          tx.insert(lotDays)
            .values({ providerId: d.providerId, day: d.day, capacity: Math.max(capacity.get(d.providerId) ?? 0, d.expected), taken: d.expected })
            .onConflictDoUpdate({ target: [lotDays.providerId, lotDays.day], set: { taken: d.expected, capacity: sql`case when ${lotDays.capacity} > ${d.expected} then ${lotDays.capacity} else ${d.expected} end` } })
            .run();
        }
      },
      { behavior: 'immediate' },
    );
  }
  return { days: counters.length, drift };
}
