// The gate without a code, through HTTP: staff find today's and current bookings of their lots by plate (any
// spacing, case or hyphens), last name or the phone's last four digits; staff of another lot find nothing (and
// get 404 for a lot they do not work); past and future stays are not found. Today's lists count every row and
// page through all of them in order, however many there are.
import { cents } from '@/shared/money';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, locations, parkingProviders } from '@/server/db/schema';
import { lotWallClock, nextDate } from '@/server/modules/catalogue/lot-time';
import { wallClockToInstant, zoneForState } from '@/shared/time-zones';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const HOUR = 3_600_000;
/** Midday at the lots (16:00 UTC: noon in Florida, 11 in Texas), the next one to come: every list is mid-day. */
const NOW = Math.ceil((Date.now() - 16 * HOUR) / (24 * HOUR)) * 24 * HOUR + 16 * HOUR;
/** The app's clock: NOW unless a test moves it (and puts it back). */
const clock = { ms: NOW };
const t = await createTestApp({}, { clock: { now: () => new Date(clock.ms) } });
afterAll(() => t.close());

async function lotIn(state: string, nth = 0) {
  const lots = await t.db
    .select({ id: parkingProviders.id, name: parkingProviders.name, state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(locations.state, state))
    .orderBy(asc(parkingProviders.id));
  const lot = lots[nth];
  if (!lot) throw new Error(`The test database has no lot ${nth} in ${state}`);
  return lot;
}

let seq = 0;
async function book(lot: { id: number; state: string }, from: number, to: number, extra: Partial<typeof bookings.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(bookings)
    .values({
      providerId: lot.id,
      confirmationNumber: `PP-FIND${String(++seq).padStart(4, '0')}`,
      firstName: 'Pat',
      lastName: `Filler${seq}`,
      email: 'pat@example.com',
      phone: '(555) 010-0100',
      arrivalDate: lotWallClock(new Date(from), lot.state),
      departureDate: lotWallClock(new Date(to), lot.state),
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      licensePlate: `FL${seq}X`,
      parkingFeeCents: cents(2000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(2199),
      ...extra,
    })
    .returning();
  return row!;
}

type SignedIn = Awaited<ReturnType<typeof createUser>>;
let admin: SignedIn;
let staffA: SignedIn;
let staffB: SignedIn;
let lotA: Awaited<ReturnType<typeof lotIn>>;
let lotB: Awaited<ReturnType<typeof lotIn>>;
let busyLot: Awaited<ReturnType<typeof lotIn>>;

const get = (path: string, cookie: string) => call(t.request, path, undefined, { cookie });
const search = (q: string, who: SignedIn, lotId?: number) => get(`/api/gate/search?q=${encodeURIComponent(q)}${lotId ? `&lotId=${lotId}` : ''}`, who.cookie);
const found = (res: { json: { results: { confirmationNumber: string }[] } }) => res.json.results.map((r) => r.confirmationNumber);

beforeAll(async () => {
  admin = await createUser(t, { email: 'find-admin@example.com', name: 'Find Admin', role: 'admin' });
  staffA = await createUser(t, { email: 'find-a@example.com', name: 'Ada Staff' });
  staffB = await createUser(t, { email: 'find-b@example.com', name: 'Bo Staff' });
  lotA = await lotIn('FL');
  lotB = await lotIn('TX');
  busyLot = await lotIn('FL', 1);
  for (const [lot, who] of [
    [lotA, staffA],
    [busyLot, staffA],
    [lotB, staffB],
  ] as const) {
    expect((await call(t.request, `/api/admin/lots/${lot.id}/staff`, { email: who.user.email }, { cookie: admin.cookie })).status).toBe(201);
  }
});

describe('finding a booking without its code', () => {
  let arriving: typeof bookings.$inferSelect;
  let parked: typeof bookings.$inferSelect;
  let gone: typeof bookings.$inferSelect;
  let future: typeof bookings.$inferSelect;
  let elsewhere: typeof bookings.$inferSelect;

  beforeAll(async () => {
    const now = NOW;
    arriving = await book(lotA, now + HOUR / 2, now + 3 * 24 * HOUR, { lastName: "O'Hara", firstName: 'Maureen', licensePlate: 'ABC-1234', phone: '(407) 555-4821' });
    // Checked in three days ago and still in the lot after its departure: current, so found.
    parked = await book(lotA, now - 3 * 24 * HOUR, now - 2 * HOUR, { lastName: 'Nguyen', licensePlate: '7 XYZ 889', checkedInAt: new Date(now - 3 * 24 * HOUR) });
    // Left two days ago, and one not until next week: neither is today's.
    gone = await book(lotA, now - 5 * 24 * HOUR, now - 2 * 24 * HOUR, { lastName: 'Nguyen', licensePlate: 'ABC1234' });
    future = await book(lotA, now + 6 * 24 * HOUR, now + 8 * 24 * HOUR, { lastName: "O'Hara", licensePlate: 'ABC 1234' });
    elsewhere = await book(lotB, now + HOUR, now + 2 * 24 * HOUR, { lastName: 'Okafor', licensePlate: 'ABC1234', phone: '555 222 4821' });
  });

  it('finds by plate typed with spaces in lower case, and not the past or future stays with that plate', async () => {
    const res = await search('abc 1234', staffA);
    expect(res.status).toBe(200);
    expect(found(res)).toEqual([arriving.confirmationNumber]);
    expect(res.json.results[0]).toMatchObject({ licensePlate: 'ABC-1234', lot: { id: lotA.id }, status: 'confirmed' });
    expect(found(await search('7xyz889', staffA, lotA.id))).toEqual([parked.confirmationNumber]);
    expect(found(await search('ABC1234', staffA))).not.toContain(gone.confirmationNumber);
    expect(found(await search('ABC1234', staffA))).not.toContain(future.confirmationNumber);
  });

  it('finds by last name (any case, a prefix or "first last") and by the last four digits of the phone', async () => {
    expect(found(await search("o'hara", staffA))).toEqual([arriving.confirmationNumber]);
    expect(found(await search('maureen o', staffA))).toEqual([arriving.confirmationNumber]);
    // A car still in the lot comes first.
    expect(found(await search('nguy', staffA))).toEqual([parked.confirmationNumber]);
    expect(found(await search('4821', staffA))).toEqual([arriving.confirmationNumber]);
  });

  it("gives staff of another lot nothing, and 404 for a lot they do not work; an administrator finds both lots'", async () => {
    expect(found(await search('abc 1234', staffB))).toEqual([elsewhere.confirmationNumber]);
    expect(found(await search("o'hara", staffB))).toEqual([]);
    expect(found(await search('4821', staffB))).toEqual([elsewhere.confirmationNumber]);
    const other = await search('abc 1234', staffB, lotA.id);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.json)).not.toContain(arriving.confirmationNumber);
    expect(found(await search('abc1234', admin)).sort()).toEqual([arriving.confirmationNumber, elsewhere.confirmationNumber].sort());
  });

  it('refuses an empty or symbol-only search with its message, and a signed-out caller', async () => {
    for (const q of ['', ' a ', '%%%', '-- --']) {
      const res = await search(q, staffA);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Type a plate, a last name or the last 4 digits of the phone.');
    }
    expect((await call(t.request, '/api/gate/search?q=abc')).status).toBe(401);
    // LIKE's wildcards are text, not patterns.
    expect(found(await search('a%c_1234', staffA))).toEqual([]);
  });

  it('lets the found booking be checked in by its confirmation number, as a scan would', async () => {
    const [hit] = (await search('ABC 1234', staffA, lotA.id)).json.results;
    const res = await call(t.request, `/api/gate/bookings/${hit.confirmationNumber}/check-in?lotId=${lotA.id}`, {}, { cookie: staffA.cookie });
    expect(res.status).toBe(200);
    expect(res.json.booking.checkedInAt).toBeTruthy();
    expect((await search('abc1234', staffA)).json.results[0]).toMatchObject({ confirmationNumber: arriving.confirmationNumber, checkedInLocal: expect.any(String) });
  });
});

describe('late in the evening', () => {
  it("finds a car due just after midnight once its check-in has opened, though it is tomorrow's arrival", async () => {
    const today = lotWallClock(new Date(NOW), lotA.state).slice(0, 10);
    const zone = zoneForState(lotA.state);
    const tomorrow = nextDate(today);
    const due = await book(lotA, wallClockToInstant(`${tomorrow}T00:15`, zone)!.getTime(), wallClockToInstant(`${tomorrow}T12:00`, zone)!.getTime(), {
      lastName: 'Midnight',
      licensePlate: 'LATE 001',
    });
    try {
      clock.ms = wallClockToInstant(`${today}T21:30`, zone)!.getTime();
      expect(found(await search('late001', staffA))).toEqual([]);
      clock.ms = wallClockToInstant(`${today}T23:30`, zone)!.getTime();
      expect(found(await search('late001', staffA))).toEqual([due.confirmationNumber]);
      expect(found(await search('midnight', staffA))).toEqual([due.confirmationNumber]);
    } finally {
      clock.ms = NOW;
    }
  });
});

describe("today's lists, a page at a time", () => {
  const ARRIVALS = 230;
  let ids: number[] = [];

  beforeAll(async () => {
    // Over the lot's afternoon, six at each of 40 times (the booking id breaks the tie).
    for (let i = 0; i < ARRIVALS; i++) {
      const at = NOW + 60_000 + (i % 40) * 15 * 60_000;
      ids.push((await book(busyLot, at, at + 2 * 24 * HOUR, { status: i % 50 === 7 ? 'cancelled' : 'confirmed' })).id);
    }
    ids = ids.sort((a, b) => a - b);
  });

  it('counts every arrival and reads them all through the cursors, each once, in time order', async () => {
    const today = await get(`/api/gate/today?lotId=${busyLot.id}`, staffA.cookie);
    expect(today.status).toBe(200);
    const cancelled = Math.ceil((ARRIVALS - 7) / 50);
    expect(today.json.counts).toMatchObject({ arrivals: ARRIVALS - cancelled, checkedIn: 0 });
    expect(today.json.arrivals).toHaveLength(100);
    expect(today.json.more.arrivals).toEqual(expect.any(String));
    expect(today.json.more.departures).toBeNull();

    const rows = [...today.json.arrivals];
    let cursor: string | null = today.json.more.arrivals;
    let pages = 1;
    while (cursor) {
      const next = await get(`/api/gate/today/arrivals?lotId=${busyLot.id}&cursor=${encodeURIComponent(cursor)}`, staffA.cookie);
      expect(next.status).toBe(200);
      rows.push(...next.json.items);
      cursor = next.json.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    const order = rows.map((r: { arrivalDate: string; id: number }) => [r.arrivalDate, r.id] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)));
  });

  it('answers a bad cursor with an empty page and an unknown list with 404, never a 5xx, and 404 to staff of another lot', async () => {
    const bad = await get(`/api/gate/today/arrivals?lotId=${busyLot.id}&cursor=not-a-cursor`, staffA.cookie);
    expect(bad.status).toBe(200);
    expect(bad.json.items).toEqual([]);
    const list = await get(`/api/gate/today/everyone?lotId=${busyLot.id}`, staffA.cookie);
    // A list that cannot exist names nothing, as any bad path segment: 404.
    expect(list.status).toBe(404);
    expect((await get(`/api/gate/today/arrivals?lotId=${busyLot.id}`, staffB.cookie)).status).toBe(404);
  });
});
