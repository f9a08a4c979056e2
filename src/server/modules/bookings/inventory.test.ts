// Availability as data, on an in-memory database: taking a stay's days is all or nothing at capacity, freed
// days come back, search sees lots x days, and the counters equal a recount after a random mix of bookings,
// cancellations and released holds.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DB } from '../../db/client';
import { bookings, locations, lotDays, parkingProviders, users } from '../../db/schema';
import { freeSpaces, recountInventory, releaseDays, stayDays, takeDays } from './inventory';

let db: DB;
let lot: { id: number; capacity: number };
let userId: number;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  const place = db.insert(locations).values({ code: 'TST', name: 'Test Airport', shortName: 'Test', kind: 'airport', city: 'Testville', state: 'FL', region: 'Southeast', latitude: 28, longitude: -81, slug: 'test-airport', seoSlug: 'testville-fl-tst-airport-parking' }).returning().get();
  const row = db.insert(parkingProviders).values({ locationId: place.id, name: 'Test Lot', slug: 'test-lot', location: 'Test Airport', address: '1 Test Rd, Testville, FL 32801', price: 10, capacity: 3, latitude: 28, longitude: -81, distance: '1 mile', distanceMiles: 1 }).returning().get();
  lot = { id: row.id, capacity: row.capacity };
  userId = db.insert(users).values({ name: 'T', email: 't@example.com' }).returning().get().id;
});

const take = (a: string, d: string) => db.transaction((tx) => {
  if (!takeDays(tx, lot, a, d)) throw new Error('full');
  return true;
});

describe('lot days', () => {
  it('takes every day of a stay or none, at capacity', () => {
    for (let i = 0; i < 3; i++) expect(take('2027-01-01T10:00', '2027-01-03T10:00')).toBe(true);
    // The 4th stay overlaps full days: refused, and its free day (Jan 4) is not counted either.
    expect(() => take('2027-01-03T10:00', '2027-01-04T10:00')).toThrow('full');
    const jan4 = stayDays('2027-01-04T10:00', '2027-01-04T12:00')[0];
    expect(db.select().from(lotDays).where(eq(lotDays.day, jan4)).get()?.taken ?? 0).toBe(0);
    expect(freeSpaces(db, [lot], '2027-01-02', '2027-01-05').get(lot.id)).toBe(0);
    expect(freeSpaces(db, [lot], '2027-01-04', '2027-01-06').get(lot.id)).toBe(3);
    db.transaction((tx) => releaseDays(tx, lot.id, '2027-01-01T10:00', '2027-01-03T10:00'));
    expect(freeSpaces(db, [lot], '2027-01-02', '2027-01-03').get(lot.id)).toBe(1);
    expect(take('2027-01-03T10:00', '2027-01-04T10:00')).toBe(true);
  });

  it('keeps a closed or resized day: capacity is per day', () => {
    take('2027-02-01T10:00', '2027-02-01T12:00');
    const [day] = stayDays('2027-02-01T10:00', '2027-02-01T12:00');
    db.update(lotDays).set({ capacity: 1 }).where(eq(lotDays.day, day)).run();
    expect(() => take('2027-02-01T13:00', '2027-02-01T15:00')).toThrow('full');
    expect(freeSpaces(db, [lot], '2027-02-01', '2027-02-02').get(lot.id)).toBe(0);
  });

  it('counters equal a recount after a random mix of bookings, cancellations and released holds', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const day = (n: number) => new Date(Date.UTC(2027, 2, 1 + n)).toISOString().slice(0, 10);
    const live: { id: number; a: string; d: string }[] = [];
    for (let i = 0; i < 400; i++) {
      const r = rand();
      if (r < 0.6 || !live.length) {
        const start = Math.floor(rand() * 20);
        const a = `${day(start)}T${String(6 + Math.floor(rand() * 12)).padStart(2, '0')}:00`;
        const d = `${day(start + Math.floor(rand() * 4))}T${String(13 + Math.floor(rand() * 10)).padStart(2, '0')}:00`;
        try {
          const id = db.transaction((tx) => {
            if (!takeDays(tx, lot, a, d)) throw new Error('full');
            return tx.insert(bookings).values({ userId, providerId: lot.id, confirmationNumber: `PP-T${i}`, firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '5550100100', arrivalDate: a, departureDate: d, vehicleMake: 'V', vehicleModel: 'W', parkingFee: 1, serviceFee: 1.99, totalFee: 2.99, status: rand() < 0.5 ? 'pending' : 'confirmed' }).returning().get().id;
          });
          live.push({ id, a, d });
        } catch (err) {
          expect((err as Error).message).toBe('full');
        }
      } else {
        const [b] = live.splice(Math.floor(rand() * live.length), 1);
        const cancel = rand() < 0.5;
        db.transaction((tx) => {
          releaseDays(tx, lot.id, b!.a, b!.d);
          if (cancel) tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, b!.id)).run();
          else tx.delete(bookings).where(eq(bookings.id, b!.id)).run(); // a released hold
        });
      }
    }
    expect(live.length).toBeGreaterThan(5);
    expect(recountInventory(db).drift).toEqual([]);
    for (const row of db.select().from(lotDays).all()) expect(row.taken).toBeLessThanOrEqual(row.capacity);

    // Drift is found and repaired.
    db.update(lotDays).set({ taken: 0 }).run();
    const found = recountInventory(db, { repair: true });
    expect(found.drift.length).toBeGreaterThan(0);
    expect(recountInventory(db).drift).toEqual([]);
  });
});
