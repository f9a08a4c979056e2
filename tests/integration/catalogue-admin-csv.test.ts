// CSV export and import of lots through HTTP: RFC 4180 quoting both ways, a round trip that changes nothing,
// a dry run that names every bad line and writes nothing, an all-or-nothing apply (one bad row: nothing
// written), audit entries, search following at once, and the size limits.
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, locations, parkingProviders } from '@/server/db/schema';
import { systemClock } from '@/server/deps';
import { AppError } from '@/server/errors';
import { importLotsCsv } from '@/server/modules/catalogue-admin/csv';
import { formatCsv, parseCsv } from '@/server/modules/catalogue-admin/csv-format';
import { PROVIDERS } from '@db/seed/providers';
import { LOT_AMENITIES, LOT_CSV_COLUMNS, ZLotInput } from '@/shared/schemas/catalogue-admin';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

const { user: actor, cookie } = await createUser(t, { email: 'csv-admin@example.com', name: 'Csv Admin', role: 'admin' });
const exportCsv = async () => (await call(t.request, '/api/admin/lots/export', undefined, { cookie })).json as { filename: string; rows: number; csv: string };
const importCsv = (csv: string, dryRun: boolean) => call(t.request, '/api/admin/lots/import', { csv, dryRun }, { cookie });
const lotCount = async () => (await t.db.select({ id: parkingProviders.id }).from(parkingProviders)).length;
const [mco] = await t.db.select().from(locations).where(eq(locations.code, 'MCO'));
const header = LOT_CSV_COLUMNS.join(',');
/** A CSV row for a new MCO lot; `over` replaces columns. */
const newRow = (over: Partial<Record<(typeof LOT_CSV_COLUMNS)[number], string>> = {}) =>
  formatCsv([
    LOT_CSV_COLUMNS.map(
      (c) =>
        ({
          id: '',
          location_code: 'MCO',
          name: 'Csv Import Parking',
          address: '12 Csv Way, Orlando, FL 32809',
          latitude: String(mco!.latitude + 0.01),
          longitude: String(mco!.longitude),
          price: '9.95',
          weekly_rate: '',
          capacity: '25',
          amenities: 'Shuttle|Gated',
          features: 'Free shuttle|Keep your keys',
          vehicle_types: 'Car|SUV',
          shuttle_info: 'Free shuttle, 24/7',
          operating_hours: '24/7',
          phone: '(407) 555-0199',
          website: '',
          cancellation_policy: 'Free cancellation',
          description: 'Made by the CSV test.',
          published: 'true',
          ...over,
        })[c],
    ),
  ]).trimEnd();

describe('CSV format', () => {
  it('quotes commas, quotes and line breaks, and reads them back (RFC 4180)', () => {
    const rows = [
      ['plain', 'a,b', 'say "hi"', 'two\r\nlines', '', ' padded '],
      ['x', 'y\nz', '"', ',', 'end', ''],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('plain,"a,b","say ""hi""","two\r\nlines",," padded "\r\nx,"y\nz","""",",",end,\r\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: rows[0] },
      { line: 3, fields: rows[1] },
    ]);
    expect(parseCsv('\uFEFFa,b\n\nc,d')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['c', 'd'] },
    ]);
    expect(() => parseCsv('a,"b\nc')).toThrow('A quoted field is never closed');
    expect(() => parseCsv('a,b"c"')).toThrow('A quote inside an unquoted field');
  });

  it('every seed lot passes the lot schema (an exported demo catalogue imports as it is)', () => {
    for (const p of PROVIDERS) expect(ZLotInput.safeParse({ ...p, locationId: 1 }).error?.issues ?? [], p.name).toEqual([]);
  });
});

describe('export and import', () => {
  it('exports every lot, one row each, and importing the export changes nothing', async () => {
    const file = await exportCsv();
    const records = parseCsv(file.csv);
    expect(records[0]!.fields).toEqual([...LOT_CSV_COLUMNS]);
    expect(file.rows).toBe(await lotCount());
    expect(records.length).toBe(file.rows + 1);
    expect(file.filename).toMatch(/^parkpilot-lots-\d{4}-\d{2}-\d{2}\.csv$/);
    const [first] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    expect(records[1]!.fields.slice(0, 3)).toEqual([String(first!.id), expect.any(String), first!.name]);
    expect(records[1]!.fields[9]).toBe(first!.amenities.join('|'));
    expect(Buffer.byteLength(file.csv)).toBeLessThan(400 * 1024);
    const dry = await importCsv(file.csv, true);
    expect(dry.json).toEqual({ dryRun: true, applied: false, rows: file.rows, creates: 0, updates: 0, unchanged: file.rows, errors: [] });
    const applied = await importCsv(file.csv, false);
    expect(applied.json).toMatchObject({ applied: true, creates: 0, updates: 0, unchanged: file.rows });
    expect(await exportCsv()).toMatchObject({ csv: file.csv });
  });

  it('a clean file imports every row: new lots and edits, quoted text kept exactly, audited, in search at once', async () => {
    const before = await lotCount();
    const file = parseCsv((await exportCsv()).csv);
    const edited = file.slice(1, 3).map((r) => r.fields.map((f, i) => (LOT_CSV_COLUMNS[i] === 'price' ? '31.45' : f)));
    const description = 'Close to "Terminal A", covered,\r\nand lit at night.';
    const csv = [
      header,
      formatCsv(edited).trimEnd(),
      newRow({ name: 'Csv Import Parking, North', description }),
      newRow({ name: 'Csv Import Parking South', published: 'no', capacity: '7' }),
    ].join('\r\n');
    const dry = (await importCsv(csv, true)).json;
    expect(dry).toMatchObject({ rows: 4, creates: 2, updates: 2, unchanged: 0, errors: [] });
    expect(await lotCount()).toBe(before);
    const applied = (await importCsv(csv, false)).json;
    expect(applied).toMatchObject({ applied: true, creates: 2, updates: 2 });
    expect(await lotCount()).toBe(before + 2);
    const ids = edited.map((r) => Number(r[0]));
    for (const lot of await t.db.select().from(parkingProviders).where(inArray(parkingProviders.id, ids))) expect(lot.priceCents).toBe(3145);
    const [north] = await t.db.select().from(parkingProviders).where(eq(parkingProviders.name, 'Csv Import Parking, North'));
    expect(north).toMatchObject({
      description,
      slug: 'csv-import-parking-north',
      published: 1,
      amenities: ['Shuttle', 'Gated'],
      features: ['Free shuttle', 'Keep your keys'],
      distance: '0.7 miles from terminal',
    });
    const [south] = await t.db.select().from(parkingProviders).where(eq(parkingProviders.name, 'Csv Import Parking South'));
    expect(south).toMatchObject({ published: 0, capacity: 7, weeklyRateCents: null, website: null });
    const names = (await call(t.request, '/api/search?location=MCO')).json.providers.map((p: { name: string }) => p.name);
    expect(names).toContain('Csv Import Parking, North');
    expect(names).not.toContain('Csv Import Parking South');
    // One 'import' entry with the summary, and one entry per lot written.
    const [summary] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'import')).orderBy(desc(auditLog.id)).limit(1);
    expect(summary).toMatchObject({ action: 'import', actorEmail: actor.email, changes: { rows: 4, created: [north!.id, south!.id], updated: ids, unchanged: 0 } });
    const perLot = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [...ids, north!.id, south!.id].map(String)));
    expect(
      perLot
        .filter((e) => e.entity === 'lot')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['create', 'create', 'update', 'update']);
    expect(perLot.find((e) => e.entityId === String(ids[0]))!.changes).toMatchObject({ price: { to: 31.45 } });
    // Exported again, the quoted description comes back exactly.
    const again = parseCsv((await exportCsv()).csv).find((r) => r.fields[0] === String(north!.id));
    expect(again!.fields[17]).toBe(description);
  });

  it('one bad row: the dry run names its line (counting quoted line breaks), and applying writes nothing', async () => {
    const before = await lotCount();
    const [lot] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    const file = parseCsv((await exportCsv()).csv);
    const edit = file.find((r) => r.fields[0] === String(lot!.id))!.fields.map((f, i) => (LOT_CSV_COLUMNS[i] === 'price' ? '44.95' : f));
    const csv = [
      header,
      newRow({ name: 'Good One', description: 'two\nlines' }),
      formatCsv([edit]).trimEnd(),
      newRow({ name: 'Bad One', price: 'cheap', amenities: 'Shuttle|Jacuzzi' }),
      newRow({ name: 'Good Two' }),
    ].join('\n');
    const dry = (await importCsv(csv, true)).json;
    expect(dry.errors).toEqual([
      { line: 5, messages: ['price: Daily price must be a plain number of dollars and cents, like 12.95', expect.stringContaining('amenities: Unknown amenity "Jacuzzi"')] },
    ]);
    expect(dry).toMatchObject({ rows: 4, creates: 2, updates: 1 });
    const applied = await importCsv(csv, false);
    expect(applied.status).toBe(400);
    expect(applied.json.error).toBe(
      'Nothing was imported. Line 5: price: Daily price must be a plain number of dollars and cents, like 12.95; amenities: Unknown amenity "Jacuzzi" (use: ' +
        LOT_AMENITIES.join(', ') +
        ')',
    );
    expect(await lotCount()).toBe(before);
    expect((await t.db.select().from(parkingProviders).where(eq(parkingProviders.id, lot!.id)))[0]!.priceCents).toBe(lot!.priceCents);
  });

  it('reports every kind of bad line', async () => {
    const [lot, mover] = await t.db.select().from(parkingProviders).where(eq(parkingProviders.locationId, mco!.id)).orderBy(parkingProviders.id).limit(2);
    const [other] = await t.db.select().from(locations).where(eq(locations.code, 'LAX'));
    const lines = [
      header,
      newRow({ id: '99999999' }),
      newRow({ id: 'abc' }),
      newRow({ location_code: 'NOPE' }),
      newRow({ id: String(mover!.id), location_code: other!.code, latitude: String(other!.latitude), longitude: String(other!.longitude) }),
      newRow({ published: 'maybe' }),
      newRow({ latitude: '40.64', longitude: '-73.78' }),
      'too,few,fields',
      newRow({ id: String(lot!.id) }),
      newRow({ id: String(lot!.id) }),
    ];
    const dry = (await importCsv(lines.join('\r\n'), true)).json;
    const byLine = Object.fromEntries(dry.errors.map((e: { line: number; messages: string[] }) => [e.line, e.messages.join(' / ')]));
    expect(byLine[2]).toContain('id: there is no lot 99999999');
    expect(byLine[3]).toContain('id: "abc" is not a lot id');
    expect(byLine[4]).toContain('location_code: there is no place with the code NOPE');
    expect(byLine[5]).toContain(`location_code: a lot cannot move to another place (lot ${mover!.id} is at MCO)`);
    expect(byLine[6]).toContain('published: write true or false');
    expect(byLine[7]).toContain('latitude/longitude: These coordinates are');
    expect(byLine[8]).toContain('This line has 3 fields, the header has 19');
    expect(byLine[9]).toBeUndefined();
    expect(byLine[10]).toContain(`id: lot ${lot!.id} is also on line 9`);
    const header1 = (await importCsv('id,name,colour\n1,x,red', true)).json.errors[0];
    expect(header1).toMatchObject({ line: 1, messages: ['Unknown column: colour', expect.stringContaining('Missing columns: location_code, address'), expect.any(String)] });
    expect((await importCsv(`${header}\n`, true)).json.errors).toEqual([{ line: 2, messages: ['The file has a header but no lots'] }]);
    expect((await importCsv(`${header}\n"unclosed,`, true)).json.errors).toEqual([{ line: 2, messages: ['A quoted field is never closed (a " is missing)'] }]);
  });

  it('limits the size: at most 5,000 lots and 2 MB, with a clear error', async () => {
    const many = [header, ...Array.from({ length: 5001 }, () => 'x')].join('\n');
    const res = await importCsv(many, true);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe('The file has 5,001 lots: import at most 5,000 at a time');
    // A real catalogue is larger than the API's usual body limit: 1 MB of lots is checked, through REST and tRPC.
    const megabyte = [header, ...Array.from({ length: 480 }, (_, i) => newRow({ name: `Csv Volume ${i}`, description: 'd'.repeat(2000) }))].join('\n');
    expect(megabyte.length).toBeGreaterThan(1024 * 1024);
    const checked = await importCsv(megabyte, true);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.json).toMatchObject({ dryRun: true, rows: 480, creates: 480, errors: [] });
    const viaTrpc = await call(t.request, '/api/trpc/adminCatalogue.importLots', { json: { csv: megabyte, dryRun: true } }, { cookie });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.json.result.data.json.creates).toBe(480);
    const tooBig = await importCsv('x'.repeat(4.1 * 1024 * 1024), true);
    expect(tooBig).toMatchObject({ status: 413, json: { error: 'The file is larger than 2 MB: split it into several files' } });
    const big = `${header}\n${'a'.repeat(2 * 1024 * 1024)}`;
    const err = await importLotsCsv({ db: t.db, clock: systemClock }, actor, { csv: big, dryRun: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 2 MB: split it into several files' });
  });
});
