// Days as data through HTTP: an admin closes a lot's days, sets their capacity or a day rate for a date range;
// search, the estimate and checkout count and price each day accordingly; a capacity below what is sold is
// refused naming the bookings and changes nothing; every change is audited and bumps the content version.
import { and, asc, between, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, contentVersions, locations, lotDays, parkingProviders } from '@/server/db/schema';
import { dayIndex } from '@/server/modules/bookings/capacity';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

const { cookie: admin } = await createUser(t, { email: 'days-admin@example.com', name: 'Dana Days', role: 'admin' });

const [mco] = await t.db.select().from(locations).where(eq(locations.code, 'MCO'));
const lots = await t.db.select().from(parkingProviders).where(eq(parkingProviders.locationId, mco!.id)).orderBy(asc(parkingProviders.id));
let next = 0;
/** A lot of its own for each test, so days and bookings do not leak between tests. */
const freshLot = () => lots[next++]!;

const day = (offset: number) => dayFromToday(offset);
const readDays = (lotId: number, from: string, to: string, cookie = admin) => call(t.request, `/api/admin/lots/${lotId}/days?from=${from}&to=${to}`, undefined, { cookie });
const change = (lotId: number, body: object, cookie = admin) => call(t.request, `/api/admin/lots/${lotId}/days`, body, { cookie, method: 'PATCH' });
const search = async (lotId: number, arrival: string, departure: string) => {
  const res = await call(t.request, `/api/search?location=MCO&arrivalDate=${arrival}&departureDate=${departure}`);
  expect(res.status).toBe(200);
  return (res.json.providers as any[]).find((p) => p.id === lotId);
};
const estimate = async (lotId: number, arrivalDate: string, departureDate: string) =>
  (await call(t.request, '/api/bookings/estimate', { providerId: lotId, arrivalDate, departureDate })).json;
const book = (lotId: number, arrival: string, departure: string, email = 'ada@example.com') => checkout(t, checkoutRequest(lotId, { email, arrival, departure }));
const contentVersion = async () => (await t.db.select().from(contentVersions).where(eq(contentVersions.name, 'content')))[0]?.version ?? 0;
const rows = (lotId: number, from: string, to: string) =>
  t.db
    .select()
    .from(lotDays)
    .where(and(eq(lotDays.providerId, lotId), between(lotDays.day, dayIndex(from), dayIndex(to))))
    .orderBy(asc(lotDays.day));

describe('access and validation', () => {
  it('is for admins only: 401 signed out, 403 for a traveller', async () => {
    const lot = lots[0]!;
    const { cookie: traveller } = await createUser(t, { email: 'traveller-days@example.com', name: 'Dana Days' });
    expect((await call(t.request, `/api/admin/lots/${lot.id}/days?from=${day(3)}&to=${day(4)}`)).status).toBe(401);
    expect((await readDays(lot.id, day(3), day(4), traveller)).status).toBe(403);
    expect((await change(lot.id, { from: day(3), to: day(4), closed: true }, traveller)).status).toBe(403);
    expect((await readDays(lot.id, day(3), day(4))).status).toBe(200);
    expect(await rows(lot.id, day(3), day(4))).toEqual([]);
  });

  it('reads every day of a range, with the lot capacity where nothing was set', async () => {
    const lot = lots[0]!;
    const res = await readDays(lot.id, day(3), day(9));
    expect(res.json.lot).toMatchObject({ id: lot.id, capacity: lot.capacity, price: lot.priceCents / 100 });
    expect(res.json.days).toHaveLength(7);
    expect(res.json.days[0]).toEqual({ date: day(3), capacity: lot.capacity, taken: 0, free: lot.capacity, closed: false, price: null, capacitySet: false });
    expect(res.json.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    [{ from: day(5), to: day(4), closed: true }, 'The last day must be on or after the first day'],
    [{ from: day(3), to: day(3 + 366), closed: true }, 'Choose at most 366 days at a time'],
    [{ from: day(3), to: day(4) }, 'Choose what to change: open or close the days, their capacity or their price'],
    [{ from: '2027-02-30', to: '2027-03-02', closed: true }, 'The first day is not a valid date (YYYY-MM-DD)'],
    [{ from: day(3), to: day(4), capacity: -1 }, 'Capacity cannot be negative'],
    [{ from: day(3), to: day(4), capacity: 2.5 }, 'Enter a whole number of spaces'],
    [{ from: day(3), to: day(4), price: 0 }, 'The daily price must be more than $0'],
    [{ from: day(3), to: day(4), price: 12.345 }, 'Enter the price in dollars and cents, like 24.95'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await change(lots[0]!.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('refuses days in the past and far ahead, and unknown lots', async () => {
    const past = await change(lots[0]!.id, { from: day(-3), to: day(2), closed: true });
    expect(past.status).toBe(400);
    expect(past.json.error).toMatch(/^Days before today \(\d{4}-\d{2}-\d{2} at this lot\) cannot be changed\.$/);
    expect((await change(lots[0]!.id, { from: day(800), to: day(801), closed: true })).json.error).toMatch(/^Days can be changed up to \d{4}-\d{2}-\d{2}\.$/);
    expect((await change(999999, { from: day(3), to: day(4), closed: true })).status).toBe(404);
    expect((await readDays(999999, day(3), day(4))).status).toBe(404);
    expect((await readDays(lots[0]!.id, day(3), day(3 + 400))).json.error).toBe('Choose at most 366 days at a time');
    expect(await rows(lots[0]!.id, day(-3), day(801))).toEqual([]);
  });
});

describe('closing days', () => {
  it('makes the lot unavailable for stays touching a closed day; bookings made stand; reopening restores', async () => {
    const lot = freshLot();
    const before = await book(lot.id, `${day(30)}T09:00`, `${day(31)}T09:00`, 'early@example.com');
    expect(before.status).toBe(200);
    const version = await contentVersion();

    const closed = await change(lot.id, { from: day(31), to: day(32), closed: true });
    expect(closed.status).toBe(200);
    expect(closed.json.days.map((d: any) => [d.date, d.closed, d.free])).toEqual([
      [day(31), true, 0],
      [day(32), true, 0],
    ]);
    expect(await contentVersion()).toBe(version + 1);

    // Touching a closed day (a departure on Dec 31 at 09:00 occupies Dec 31): none available, checkout refused.
    expect((await search(lot.id, `${day(29)}T09:00`, `${day(31)}T09:00`)).availableSpaces).toBe(0);
    expect((await search(lot.id, day(32), day(34))).availableSpaces).toBe(0);
    expect((await search(lot.id, day(33), day(35))).availableSpaces).toBe(lot.capacity);
    const refused = await book(lot.id, `${day(29)}T09:00`, `${day(31)}T09:00`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(new RegExp(`^Sorry, ${lot.name} is not taking bookings on .+\\. Please choose different dates or another lot\\.$`));
    // A departure at midnight does not touch the closed day.
    expect((await book(lot.id, `${day(29)}T09:00`, `${day(31)}T00:00`)).status).toBe(200);

    // The booking made before the closure stands.
    const [early] = await t.db.select().from(bookings).where(eq(bookings.confirmationNumber, before.json.confirmationNumber));
    expect(early!.status).toBe('confirmed');
    expect((await readDays(lot.id, day(31), day(31))).json.days[0]).toMatchObject({ taken: 1, closed: true, free: 0 });

    expect((await change(lot.id, { from: day(31), to: day(32), closed: false })).status).toBe(200);
    expect((await search(lot.id, `${day(29)}T09:00`, `${day(31)}T09:00`)).availableSpaces).toBe(lot.capacity - 2);
    expect((await book(lot.id, `${day(29)}T09:00`, `${day(31)}T09:00`)).status).toBe(200);
  });
});

describe('day rates', () => {
  it('changes the quoted total in search, the estimate and the charged total by exactly the difference', async () => {
    const lot = freshLot();
    const arrival = `${day(40)}T09:00`;
    const departure = `${day(42)}T08:00`; // 47 hours: 2 days billed (day 40 and day 41); day 42 is not billed
    const base = await search(lot.id, arrival, departure);
    const baseEstimate = await estimate(lot.id, arrival, departure);
    expect(baseEstimate.total).toBe(base.total);
    const first = await book(lot.id, arrival, departure, 'before-rate@example.com');
    expect(first.json.booking.totalFee).toBe(base.total);

    const rate = (lot.priceCents + 550) / 100;
    expect((await change(lot.id, { from: day(41), to: day(42), price: rate })).status).toBe(200);
    const quoted = await search(lot.id, arrival, departure);
    expect(Math.round((quoted.total - base.total) * 100)).toBe(550);
    expect(quoted.priceLines.at(-1)).toEqual({ label: expect.stringMatching(/^Holiday rate [A-Z][a-z]{2} \d{1,2}: \+\$5\.50$/), amount: 5.5, dayRate: true });
    const est = await estimate(lot.id, arrival, departure);
    expect(est.total).toBe(quoted.total);
    expect(est.totalBeforeCredit).toBe(quoted.total);
    expect(est.lines).toEqual(quoted.priceLines);

    const paid = await book(lot.id, arrival, departure, 'after-rate@example.com');
    expect(paid.status).toBe(200);
    expect(paid.json.booking.totalFee).toBe(quoted.total);
    expect(paid.json.booking.priceLines).toEqual(quoted.priceLines);
    // The booking made before keeps what it paid.
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.confirmationNumber, first.json.confirmationNumber));
    expect(kept!.totalFeeCents / 100).toBe(base.total);

    // Day 42 has the rate too, but that stay leaves on it without being billed for it (+$5.50, not +$11.00);
    // a stay billed for day 42 pays its rate. Clearing the rate restores the price.
    expect((await search(lot.id, `${day(42)}T09:00`, `${day(43)}T09:00`)).total).toBe(Math.round((rate + 1.99) * 100) / 100);
    expect((await change(lot.id, { from: day(41), to: day(42), price: null })).status).toBe(200);
    expect((await search(lot.id, arrival, departure)).total).toBe(base.total);
    expect((await estimate(lot.id, arrival, departure)).total).toBe(base.total);
  });
});

describe('capacity', () => {
  it('refuses a capacity below what is sold, naming the booking, and changes nothing in the range', async () => {
    const lot = freshLot();
    const booked = await book(lot.id, `${day(50)}T09:00`, `${day(51)}T09:00`);
    expect(booked.status).toBe(200);
    const version = await contentVersion();
    const auditCount = (await t.db.select().from(auditLog)).length;
    const was = await readDays(lot.id, day(48), day(53));

    const refused = await change(lot.id, { from: day(48), to: day(53), capacity: 0, closed: true, price: 99 });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      `${day(50)} already has 1 space sold, more than 0. Bookings: ${booked.json.confirmationNumber}. Also over 0 on ${day(51)} (1 sold: ${booked.json.confirmationNumber}). Cancel or move them first, or keep the capacity at 1 or more.`,
    );
    expect((await readDays(lot.id, day(48), day(53))).json).toEqual(was.json);
    expect(await contentVersion()).toBe(version);
    expect((await t.db.select().from(auditLog)).length).toBe(auditCount);
  });

  it('sets capacity by hand, counts it in search and checkout, and resets it to the lot', async () => {
    const lot = freshLot();
    expect((await book(lot.id, `${day(60)}T09:00`, `${day(60)}T18:00`)).status).toBe(200);
    const set = await change(lot.id, { from: day(60), to: day(61), capacity: 1 });
    expect(set.status).toBe(200);
    expect(set.json.days.map((d: any) => [d.capacity, d.taken, d.free, d.capacitySet])).toEqual([
      [1, 1, 0, true],
      [1, 0, 1, true],
    ]);
    expect((await search(lot.id, day(61), `${day(61)}T20:00`)).availableSpaces).toBe(1);
    expect((await book(lot.id, `${day(60)}T10:00`, `${day(60)}T12:00`)).status).toBe(409);

    // The lot's capacity moving later leaves hand-set days alone; reset makes them follow the lot again.
    await t.db
      .update(parkingProviders)
      .set({ capacity: lot.capacity + 5 })
      .where(eq(parkingProviders.id, lot.id));
    const reset = await change(lot.id, { from: day(60), to: day(61), capacity: null });
    expect(reset.json.days.map((d: any) => [d.capacity, d.capacitySet])).toEqual([
      [lot.capacity + 5, false],
      [lot.capacity + 5, false],
    ]);
    await t.db.update(parkingProviders).set({ capacity: lot.capacity }).where(eq(parkingProviders.id, lot.id));
  });

  it('makes new day rows with the capacity in the database, not a stale in-memory catalogue', async () => {
    const lot = freshLot();
    // Changed without a content version bump: the in-memory catalogue still says the old capacity.
    await t.db.update(parkingProviders).set({ capacity: 1 }).where(eq(parkingProviders.id, lot.id));
    expect((await book(lot.id, `${day(70)}T09:00`, `${day(70)}T18:00`)).status).toBe(200);
    const full = await book(lot.id, `${day(70)}T10:00`, `${day(70)}T12:00`);
    expect(full.status).toBe(409);
    expect(full.json.error).toBe(`Sorry, ${lot.name} is sold out for these dates. Please choose different dates or another lot.`);
    expect((await rows(lot.id, day(70), day(70)))[0]).toMatchObject({ capacity: 1, taken: 1 });
    await t.db.update(parkingProviders).set({ capacity: lot.capacity }).where(eq(parkingProviders.id, lot.id));
  });
});

describe('audit and content version', () => {
  it('records who changed which days and how, and bumps the version once per change (not for a change that changes nothing)', async () => {
    const lot = freshLot();
    const version = await contentVersion();
    expect((await change(lot.id, { from: day(80), to: day(82), closed: true, capacity: 7, price: 42.5 })).status).toBe(200);
    expect(await contentVersion()).toBe(version + 1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lot_day'), eq(auditLog.entityId, String(lot.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: 'days-admin@example.com', action: 'update' });
    expect(entry!.changes).toEqual({
      days: { from: day(80), to: day(82) },
      daysChanged: 3,
      closed: { from: false, to: true },
      capacity: { from: lot.capacity, to: 7 },
      capacitySet: { from: false, to: true },
      price: { from: null, to: 42.5 },
    });

    // Closing days already closed changes nothing: no entry, no bump.
    expect((await change(lot.id, { from: day(80), to: day(81), closed: true })).status).toBe(200);
    expect(await contentVersion()).toBe(version + 1);
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'lot_day'), eq(auditLog.entityId, String(lot.id))))
      ).length,
    ).toBe(1);
  });
});
