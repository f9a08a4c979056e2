// Availability as data, on a throwaway database of this run's engine: taking a stay's days is all or nothing at capacity, freed
// days come back, search sees lots x days, and the counters equal a recount after a random mix of bookings,
// cancellations and released holds.
import { cents } from '@/shared/money';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { withTestDb } from '../../../../tests/support/test-app';
import type { DB } from '../../db/client';
import { bookings, locations, lotDays, parkingProviders, users } from '../../db/schema';
import { closedDays, dayRangesOutside, freeSpaces, recountInventory, releaseDays, stayDays, takeDays } from './inventory';

let db: DB;
let lot: { id: number; capacity: number };
let userId: number;
const test = withTestDb();
beforeEach(async () => {
  db = test.db;
  const [place] = await db
    .insert(locations)
    .values({
      code: 'TST',
      name: 'Test Airport',
      shortName: 'Test',
      kind: 'airport',
      city: 'Testville',
      state: 'FL',
      region: 'Southeast',
      latitude: 28,
      longitude: -81,
      slug: 'test-airport',
      seoSlug: 'testville-fl-tst-airport-parking',
    })
    .returning();
  const [row] = await db
    .insert(parkingProviders)
    .values({
      locationId: place!.id,
      name: 'Test Lot',
      slug: 'test-lot',
      location: 'Test Airport',
      address: '1 Test Rd, Testville, FL 32801',
      priceCents: cents(1000),
      capacity: 3,
      latitude: 28,
      longitude: -81,
      distance: '1 mile',
      distanceMiles: 1,
    })
    .returning();
  lot = { id: row!.id, capacity: row!.capacity };
  userId = (await db.insert(users).values({ name: 'T', email: 't@example.com' }).returning())[0]!.id;
});

const take = (a: string, d: string) =>
  db.transaction(async (tx) => {
    if (!(await takeDays(tx, lot, a, d))) throw new Error('full');
    return true;
  });
const free = async (a: string, d: string) => (await freeSpaces(db, [lot], a, d)).get(lot.id);

describe('lot days', () => {
  it('takes every day of a stay or none, at capacity', async () => {
    for (let i = 0; i < 3; i++) expect(await take('2027-01-01T10:00', '2027-01-03T10:00')).toBe(true);
    // The 4th stay overlaps full days: refused, and its free day (Jan 4) is not counted either.
    await expect(take('2027-01-03T10:00', '2027-01-04T10:00')).rejects.toThrow('full');
    const jan4 = stayDays('2027-01-04T10:00', '2027-01-04T12:00')[0];
    expect(
      (
        await db
          .select()
          .from(lotDays)
          .where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, jan4)))
      )[0]?.taken ?? 0,
    ).toBe(0);
    expect(await free('2027-01-02', '2027-01-05')).toBe(0);
    expect(await free('2027-01-04', '2027-01-06')).toBe(3);
    await db.transaction((tx) => releaseDays(tx, lot.id, '2027-01-01T10:00', '2027-01-03T10:00'));
    expect(await free('2027-01-02', '2027-01-03')).toBe(1);
    expect(await take('2027-01-03T10:00', '2027-01-04T10:00')).toBe(true);
  });

  it('takes a stay longer than a month (its day rows made by a statement of its own length), with the lot’s capacity and online buffer', async () => {
    await db.update(parkingProviders).set({ capacity: 4, onlineBuffer: 1 }).where(eq(parkingProviders.id, lot.id));
    // 61 days: past the 31 whose statements are built once. Three spaces sold online a day (4 less the buffer of 1).
    for (let i = 0; i < 3; i++) expect(await take('2027-06-01T10:00', '2027-07-31T10:00')).toBe(true);
    await expect(take('2027-07-30T10:00', '2027-08-02T10:00')).rejects.toThrow('full');
    const [first, last] = stayDays('2027-06-01T10:00', '2027-07-31T10:00');
    const rows = await db.select().from(lotDays).where(eq(lotDays.providerId, lot.id));
    expect(rows.map((r) => r.day).sort((a, b) => a - b)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(rows.every((r) => r.capacity === 4 && r.taken === 3 && r.closed === 0 && r.priceCents === null)).toBe(true);
  });

  it('counts once each day of a stay some of whose days have rows and some not, and refuses one with a full day among missing ones', async () => {
    // Jan 11 made by an earlier stay; Jan 10 and 12 not yet.
    expect(await take('2027-01-11T10:00', '2027-01-11T12:00')).toBe(true);
    expect(await take('2027-01-10T10:00', '2027-01-12T10:00')).toBe(true);
    const taken = async (from: string, to: string) => {
      const [a, b] = stayDays(`${from}T10:00`, `${to}T10:00`);
      const rows = await db.select().from(lotDays).where(eq(lotDays.providerId, lot.id));
      return rows
        .filter((r) => r.day >= a && r.day <= b)
        .sort((x, y) => x.day - y.day)
        .map((r) => r.taken);
    };
    expect(await taken('2027-01-10', '2027-01-12')).toEqual([1, 2, 1]);
    // Jan 11 full (3 of 3); Jan 13 has no row: refused, and nothing of it stays counted or made.
    expect(await take('2027-01-11T10:00', '2027-01-11T12:00')).toBe(true);
    await expect(take('2027-01-11T10:00', '2027-01-13T10:00')).rejects.toThrow('full');
    expect(await taken('2027-01-10', '2027-01-13')).toEqual([1, 3, 1]);
  });

  it('keeps a closed or resized day: capacity is per day', async () => {
    await take('2027-02-01T10:00', '2027-02-01T12:00');
    const [day] = stayDays('2027-02-01T10:00', '2027-02-01T12:00');
    await db
      .update(lotDays)
      .set({ capacity: 1 })
      .where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, day)));
    await expect(take('2027-02-01T13:00', '2027-02-01T15:00')).rejects.toThrow('full');
    expect(await free('2027-02-01', '2027-02-02')).toBe(0);
  });

  it('refuses stays touching a closed day, counts a closed day as none free, and makes day rows with the capacity in the database', async () => {
    const [closed] = stayDays('2027-04-02T10:00', '2027-04-02T12:00');
    await db.insert(lotDays).values({ providerId: lot.id, day: closed, capacity: 3, taken: 0, closed: 1 });
    await expect(take('2027-04-01T10:00', '2027-04-02T10:00')).rejects.toThrow('full');
    expect(await free('2027-04-01', '2027-04-03')).toBe(0);
    expect(await free('2027-04-03', '2027-04-04')).toBe(3);
    expect(await take('2027-04-01T10:00', '2027-04-02T00:00')).toBe(true); // leaves at midnight: Apr 2 untouched
    expect(await closedDays(db, lot.id, '2027-04-01T10:00', '2027-04-03T10:00')).toEqual(['2027-04-02']);

    // The caller's copy of the lot says 3; the database says 1 (changed by another server a moment ago).
    await db.update(parkingProviders).set({ capacity: 1 }).where(eq(parkingProviders.id, lot.id));
    expect(await take('2027-04-10T10:00', '2027-04-10T12:00')).toBe(true);
    await expect(take('2027-04-10T13:00', '2027-04-10T15:00')).rejects.toThrow('full');
    const [made] = await db
      .select()
      .from(lotDays)
      .where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, stayDays('2027-04-10', '2027-04-10T01:00')[0])));
    expect(made).toMatchObject({ capacity: 1, taken: 1 });
  });

  it('counters equal a recount after a random mix of bookings, cancellations and released holds', async () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const day = (n: number) => new Date(Date.UTC(2027, 2, 1 + n)).toISOString().slice(0, 10);
    const live: { id: number; a: string; d: string }[] = [];
    for (let i = 0; i < 400; i++) {
      const r = rand();
      if (r < 0.6 || !live.length) {
        const start = Math.floor(rand() * 20);
        const a = `${day(start)}T${String(6 + Math.floor(rand() * 12)).padStart(2, '0')}:00`;
        const d = `${day(start + Math.floor(rand() * 4))}T${String(13 + Math.floor(rand() * 10)).padStart(2, '0')}:00`;
        try {
          const id = await db.transaction(async (tx) => {
            if (!(await takeDays(tx, lot, a, d))) throw new Error('full');
            const [made] = await tx
              .insert(bookings)
              .values({
                userId,
                providerId: lot.id,
                confirmationNumber: `PP-T${i}`,
                firstName: 'A',
                lastName: 'B',
                email: 'a@b.co',
                phone: '5550100100',
                arrivalDate: a,
                departureDate: d,
                vehicleMake: 'V',
                vehicleModel: 'W',
                parkingFeeCents: cents(100),
                serviceFeeCents: cents(199),
                totalFeeCents: cents(299),
                status: rand() < 0.5 ? 'pending' : 'confirmed',
              })
              .returning();
            return made!.id;
          });
          live.push({ id, a, d });
        } catch (err) {
          expect((err as Error).message).toBe('full');
        }
      } else {
        const [b] = live.splice(Math.floor(rand() * live.length), 1);
        const cancel = rand() < 0.5;
        await db.transaction(async (tx) => {
          await releaseDays(tx, lot.id, b!.a, b!.d);
          if (cancel) await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, b!.id));
          else await tx.delete(bookings).where(eq(bookings.id, b!.id)); // a released hold
        });
      }
    }
    expect(live.length).toBeGreaterThan(5);
    expect((await recountInventory(db)).drift).toEqual([]);
    for (const row of await db.select().from(lotDays)) expect(row.taken).toBeLessThanOrEqual(row.capacity);

    // Drift is found and repaired.
    await db.update(lotDays).set({ taken: 0 });
    const found = await recountInventory(db, { repair: true });
    expect(found.drift.length).toBeGreaterThan(0);
    expect((await recountInventory(db)).drift).toEqual([]);
  });
});

describe('dayRangesOutside (the days a change of dates adds or gives back)', () => {
  it('is nothing when the new stay lies inside the old one, and the ends when it reaches past them', () => {
    expect(dayRangesOutside([10, 12], [10, 12])).toEqual([]);
    expect(dayRangesOutside([11, 12], [10, 14])).toEqual([]);
    expect(dayRangesOutside([10, 14], [10, 12])).toEqual([[13, 14]]);
    expect(dayRangesOutside([8, 12], [10, 12])).toEqual([[8, 9]]);
    expect(dayRangesOutside([8, 15], [10, 12])).toEqual([
      [8, 9],
      [13, 15],
    ]);
  });

  it('is the whole stay when the two do not overlap', () => {
    expect(dayRangesOutside([20, 22], [10, 12])).toEqual([[20, 22]]);
    expect(dayRangesOutside([10, 12], [13, 15])).toEqual([[10, 12]]);
  });
});
