// Operator input is strict and safe (issue 26, item 9), through HTTP: prices are plain decimals (no hex, no
// exponent, no stray commas) in the lot editor, the days form and a CSV; lot and place text refuses control
// characters and text-direction overrides; CSV cells a spreadsheet would run as formulas are exported
// neutralised and read back exactly; every error of a CSV line is reported at once; a large import lets the
// server answer meanwhile; the tRPC body limit follows the exact procedure name; a present but malformed date
// is "not a valid date" on every door that takes one.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '@/server/body-limits';
import { locations, parkingProviders } from '@/server/db/schema';
import { parseCsv } from '@/server/modules/catalogue-admin/csv-format';
import { LOT_CSV_COLUMNS } from '@/shared/schemas/catalogue-admin';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const { cookie } = await createUser(t, { email: 'strict-admin@example.com', name: 'Strict Admin', role: 'admin' });
const [mco] = await t.db.select().from(locations).where(eq(locations.code, 'MCO'));

const lot = (over: Record<string, unknown> = {}) => ({
  locationId: mco!.id,
  name: 'Strict Input Parking',
  address: '1 Strict Way, Orlando, FL 32809',
  latitude: String(mco!.latitude + 0.01),
  longitude: String(mco!.longitude),
  price: '12.95',
  capacity: '40',
  ...over,
});
const createLot = (body: object) => call(t.request, '/api/admin/lots', body, { cookie });
const importCsv = (csv: string, dryRun: boolean) => call(t.request, '/api/admin/lots/import', { csv, dryRun }, { cookie });
const exportCsv = async () => (await call(t.request, '/api/admin/lots/export', undefined, { cookie })).json.csv as string;
const cellsOf = (o: Record<string, string>) => LOT_CSV_COLUMNS.map((c) => o[c] ?? '');
const csvLine = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
const newRow = (over: Record<string, string> = {}) =>
  csvLine(
    cellsOf({
      location_code: 'MCO',
      name: 'Csv Strict Parking',
      address: '2 Strict Way, Orlando, FL 32809',
      latitude: String(mco!.latitude + 0.01),
      longitude: String(mco!.longitude),
      price: '9.95',
      capacity: '25',
      published: 'true',
      ...over,
    }),
  );
const header = LOT_CSV_COLUMNS.join(',');

describe('prices are plain decimals', () => {
  it.each([
    ['0x10', 'Daily price must be a plain number of dollars and cents, like 12.95'],
    ['1e3', 'Daily price must be a plain number of dollars and cents, like 12.95'],
    ['1,2,3', 'Daily price must be a plain number of dollars and cents, like 12.95'],
    ['12,95', 'Daily price must be a plain number of dollars and cents, like 12.95'],
    ['Infinity', 'Daily price must be a plain number of dollars and cents, like 12.95'],
    ['12.955', 'Daily price must be between $1.00 and $999.99, in cents'],
  ])('the lot editor refuses a daily price of %j', async (price, message) => {
    const res = await createLot(lot({ price }));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('accepts what people write: 12.95, $12.95, a weekly rate of $1,234.50', async () => {
    const res = await createLot(lot({ name: 'Strict Plain Parking', price: '$12.95', weeklyRate: '$1,234.50' }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ price: 12.95, weeklyRate: 1234.5 });
    expect((await createLot(lot({ name: 'Strict Weekly', weeklyRate: '1e3' }))).json.error).toBe('Weekly rate must be a plain number of dollars and cents, like 65.00, or empty');
    expect((await createLot(lot({ name: 'Strict Capacity', capacity: '0x20' }))).json.error).toBe('Capacity must be a whole number of spaces from 1 to 10,000');
    expect((await createLot(lot({ name: 'Strict Latitude', latitude: '2.8e1' }))).json.error).toBe('Latitude must be a number between -90 and 90');
  });

  it('a day rate and a day capacity too', async () => {
    const [first] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    const change = (body: object) => call(t.request, `/api/admin/lots/${first!.id}/days`, { from: dayFromToday(5), to: dayFromToday(6), ...body }, { method: 'PATCH', cookie });
    expect((await change({ price: '0x10' })).json.error).toBe('Enter the price in dollars and cents, like 24.95');
    expect((await change({ price: '1e2' })).json.error).toBe('Enter the price in dollars and cents, like 24.95');
    expect((await change({ capacity: '0x10' })).json.error).toBe('Enter a whole number of spaces');
    expect((await change({ price: '24.95' })).status).toBe(200);
  });

  it('a CSV row with such a price is refused with its line', async () => {
    const csv = [header, newRow({ price: '0x10' }), newRow({ price: '1,2,3', name: 'Csv Strict Two' }), newRow({ weekly_rate: '1e3', name: 'Csv Strict Three' })].join('\n');
    const dry = (await importCsv(csv, true)).json;
    expect(dry.errors).toEqual([
      { line: 2, messages: ['price: Daily price must be a plain number of dollars and cents, like 12.95'] },
      { line: 3, messages: ['price: Daily price must be a plain number of dollars and cents, like 12.95'] },
      { line: 4, messages: ['weekly_rate: Weekly rate must be a plain number of dollars and cents, like 65.00, or empty'] },
    ]);
  });
});

describe('text without control characters or direction overrides', () => {
  it.each([
    [{ name: 'Cheap\u202Egnikrap' }, 'Lot name cannot contain control characters or text-direction overrides'],
    [{ name: 'Isolate \u2066x\u2069' }, 'Lot name cannot contain control characters or text-direction overrides'],
    [{ address: '1 Bell\u0007 Way, Orlando' }, 'Address cannot contain control characters or text-direction overrides'],
    [{ name: 'Two\nlines' }, 'Lot name cannot contain control characters or text-direction overrides'],
    [{ features: ['Free \u202Dshuttle'] }, 'A feature cannot contain control characters or text-direction overrides'],
    [{ shuttleInfo: 'Every 10\u0000 min' }, 'Shuttle information cannot contain control characters or text-direction overrides'],
    [{ description: 'Lit at night.\n\u202BHidden' }, 'Description cannot contain control characters or text-direction overrides'],
    [{ cancellationPolicy: 'Free\u0085 cancellation' }, 'Cancellation policy cannot contain control characters or text-direction overrides'],
  ])('refuses %j', async (over, message) => {
    const res = await createLot(lot(over));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('keeps line breaks where text runs over lines, and refuses overrides in places too', async () => {
    const ok = await createLot(
      lot({ name: 'Strict Lines Parking', description: 'Covered.\r\nLit at night.\tGated.', cancellationPolicy: 'Free cancellation\nup to 24 hours before' }),
    );
    expect(ok.status, ok.text).toBe(201);
    const place = await call(
      t.request,
      '/api/admin/locations',
      { kind: 'airport', code: 'ZZQ', name: 'Strict \u202EAirport', shortName: 'Strict', city: 'Orlando', state: 'FL', region: 'Southeast', latitude: 28.4, longitude: -81.3 },
      { cookie },
    );
    expect(place.status).toBe(400);
    expect(place.json.error).toBe('Name cannot contain control characters or text-direction overrides');
  });

  it('an empty lot form reads like a sentence', async () => {
    const res = await createLot({ locationId: '', name: '', address: '', latitude: '', longitude: '', price: '', capacity: '' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Choose the airport or cruise port the lot serves');
  });
});

describe('CSV cells a spreadsheet would run', () => {
  const risky = {
    name: '=HYPERLINK("http://evil.example","Click")',
    address: '+1 Formula Rd, Orlando, FL',
    shuttleInfo: '-2+3 minutes',
    operatingHours: '@SUM(1,2)',
    description: "'=already quoted",
    cancellationPolicy: '=tabbed',
    features: ['=cmd', 'Free shuttle'],
  };

  it('are exported with a leading apostrophe, and importing the export gives back exactly what was there', async () => {
    const created = await createLot(lot(risky));
    expect(created.status, created.text).toBe(201);
    const [row] = await t.db.select().from(parkingProviders).where(eq(parkingProviders.name, risky.name));
    expect(row).toMatchObject(risky);

    const csv = await exportCsv();
    const exported = parseCsv(csv).find((r) => r.fields[0] === String(row!.id))!.fields;
    const cell = (c: (typeof LOT_CSV_COLUMNS)[number]) => exported[LOT_CSV_COLUMNS.indexOf(c)];
    expect(cell('name')).toBe(`'${risky.name}`);
    expect(cell('address')).toBe(`'${risky.address}`);
    expect(cell('shuttle_info')).toBe(`'${risky.shuttleInfo}`);
    expect(cell('operating_hours')).toBe(`'${risky.operatingHours}`);
    expect(cell('description')).toBe(`''=already quoted`);
    expect(cell('cancellation_policy')).toBe(`'=tabbed`);
    expect(cell('features')).toBe(`'=cmd|Free shuttle`);
    expect(cell('longitude')).toBe(String(row!.longitude)); // a negative number stays a number
    // No cell of the whole export starts a formula.
    for (const record of parseCsv(csv)) for (const f of record.fields) expect(f, f).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);

    const again = await importCsv(csv, true);
    expect(again.json.errors).toEqual([]);
    expect(again.json.updates).toBe(0); // every lot reads back exactly as it is stored
    // A file written by hand (or saved by a spreadsheet) with such a cell: the apostrophe is the spreadsheet's.
    const typed = await importCsv([header, newRow({ name: "'=Typed Formula", description: '\t=tabbed' })].join('\r\n'), false);
    expect(typed.json, typed.text).toMatchObject({ applied: true, creates: 1 });
    const [typedRow] = await t.db.select().from(parkingProviders).where(eq(parkingProviders.name, '=Typed Formula'));
    expect(typedRow!.description).toBe('=tabbed'); // cells are trimmed, as any leading space
  });
});

describe('a CSV line with several problems', () => {
  it('reports all of them at once, the distance among them', async () => {
    const csv = [header, newRow({ name: '', price: 'cheap', latitude: '40.64', longitude: '-73.78' })].join('\n');
    const dry = (await importCsv(csv, true)).json;
    expect(dry.errors).toHaveLength(1);
    expect(dry.errors[0].messages).toEqual([
      'name: Enter the lot name',
      'price: Daily price must be a plain number of dollars and cents, like 12.95',
      expect.stringMatching(/^latitude\/longitude: These coordinates are [\d,.]+ miles from Orlando International Airport/),
    ]);
  });
});

describe('a large import', () => {
  it('lets the event loop turn while it checks and writes 2,000 rows (timers fire meanwhile)', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => newRow({ name: `Yield Parking ${i}`, address: `${i} Yield Way, Orlando, FL` }));
    const csv = [header, ...rows].join('\n');
    for (const dryRun of [true, false]) {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const res = await importCsv(csv, dryRun);
      clearInterval(timer);
      expect(res.json, res.text).toMatchObject({ rows: 2000, creates: 2000, errors: [] });
      // Without pauses, no timer could fire before the answer (every step resolves on the microtask queue).
      expect(ticks, dryRun ? 'checking' : 'writing').toBeGreaterThan(5);
    }
    expect((await t.db.select({ id: parkingProviders.id }).from(parkingProviders).where(eq(parkingProviders.name, 'Yield Parking 1999'))).length).toBe(1);
  });
});

describe('the body limit', () => {
  const LARGE = 4 * 1024 * 1024;
  it.each([
    ['/api/admin/lots/import', LARGE],
    ['/api/trpc/adminCatalogue.importLots', LARGE],
    ['/api/trpc/adminCatalogue.importLotsX', 512 * 1024],
    ['/api/trpc/adminCatalogue.importLots,auth.login', 512 * 1024],
    ['/api/trpc/auth.login,adminCatalogue.importLots', 512 * 1024],
    ['/api/trpc/x.adminCatalogue.importLots', 512 * 1024],
    ['/api/trpc/adminCatalogue.importLots.extra', 512 * 1024],
  ])('is chosen by the exact procedure: %s', (path, atLeast) => {
    const { bytes } = bodyLimitFor('POST', path);
    if (atLeast === LARGE) expect(bytes).toBeGreaterThanOrEqual(LARGE);
    else expect(bytes).toBe(512 * 1024);
  });

  it('a batch that names the import with another procedure gets the usual limit (413), the import alone gets its own', async () => {
    const big = 'a'.repeat(700 * 1024);
    const body = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: { csv: big, dryRun: true } }]));
    const batch = await call(t.request, '/api/trpc/adminCatalogue.importLots,adminCatalogue.lots?batch=1', body(2), { cookie });
    expect(batch.status).toBe(413);
    expect(batch.json).toEqual({ error: 'The request is too large.' });
    const alone = await call(t.request, '/api/trpc/adminCatalogue.importLots?batch=1', body(1), { cookie });
    expect(alone.status).toBe(200);
  });
});

describe('a present but malformed date', () => {
  it.each([['2026-13-45'], ['garbage'], [20261201], ['2026-02-30T10:00'], ['x'.repeat(40)]])(
    '%j is "not a valid date" at checkout, the estimate and search, never "required"',
    async (bad) => {
      const booked = await checkout(t, checkoutRequest(1, { email: 'dates@example.com', departure: stayAt(9, '10:00'), reservation: { arrivalDate: bad } }));
      expect(booked.status).toBe(400);
      expect(booked.json.error).toBe('Arrival date is not a valid date');
      const estimate = await call(t.request, '/api/bookings/estimate', { providerId: 1, arrivalDate: dayFromToday(5), departureDate: bad });
      expect(estimate.status).toBe(400);
      expect(estimate.json.error).toBe('Departure date is not a valid date');
      const search = await call(t.request, `/api/search?location=MCO&arrivalDate=${encodeURIComponent(String(bad))}`);
      expect(search.status).toBe(400);
      expect(search.json.error).toMatch(/^Arrival date is not a valid date/);
    },
  );

  it('a missing date is still "required"', async () => {
    const estimate = await call(t.request, '/api/bookings/estimate', { providerId: 1, arrivalDate: '  ', departureDate: dayFromToday(5) });
    expect(estimate.json.error).toBe('Arrival date is required');
  });
});
