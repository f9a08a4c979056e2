// CSV export and import of lots (columns in LOT_CSV_COLUMNS, documented in README). The import checks every
// row first and reports all of each line's errors by line; applying writes every row or none, in one
// transaction, audited as one 'import' entry plus one entry per lot, with one content version bump. Cells a
// spreadsheet would run as formulas are exported with a leading apostrophe and read back without it. A file of
// 5,000 rows takes seconds: checking and writing pause for the event loop every few milliseconds (breather.ts),
// so the server keeps answering other requests; new lots are written many to a statement to keep the
// transaction (and SQLite's write lock) short.
import { createHash } from 'node:crypto';
import { and, eq, gt, gte, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, lotDays, parkingProviders } from '../../db/schema';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { bookingsOnDay, dayDate } from '../bookings/capacity';
import { CSV_LIMITS, LOT_CSV_COLUMNS, lotFields, ZLotInput, type TLotInput } from '@/shared/schemas/catalogue-admin';
import { diffFields, recordAudit, type Actor } from './audit';
import { breather } from '../../breather';
import { CsvSyntaxError, formatCsv, fromSpreadsheet, readCsv, spreadsheetSafe, type CsvRecord } from './csv-format';
import { applyLotEdit, insertLots } from './lots.service';
import { auditView, distanceFrom, LOT_AUDIT_FIELDS, lotColumns, placeToday, takenSlugs, type LotRow, type PlaceRow } from './lot-rows';
import { toDollars } from '@/shared/money';
import { refreshSeoPage } from './seo-page';

type Column = (typeof LOT_CSV_COLUMNS)[number];
const LIST = '|';
/** New lots written per statement: enough to save most of the per-statement cost, few enough that building
 * one statement takes a few milliseconds (the event loop waits for it). */
const CREATE_BATCH = 10;
/** Lots read per query by the export. */
const EXPORT_PAGE = 500;

/** Every lot, one row each, in id order; read a page of lots at a time, pausing for the event loop between. */
export async function exportLotsCsv(db: DB, now: Date) {
  const pause = breather();
  const parts = [formatCsv([[...LOT_CSV_COLUMNS]])];
  let rows = 0;
  for (let after = 0; ;) {
    const page = await db
      .select({ lot: parkingProviders, code: locations.code })
      .from(parkingProviders)
      .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
      .where(gt(parkingProviders.id, after))
      .orderBy(parkingProviders.id)
      .limit(EXPORT_PAGE);
    if (!page.length) break;
    parts.push(formatCsv(page.map(({ lot, code }) => exportCells(lot, code).map(spreadsheetSafe))));
    rows += page.length;
    after = page[page.length - 1]!.lot.id;
    await pause();
  }
  return { filename: `parkpilot-lots-${now.toISOString().slice(0, 10)}.csv`, rows, csv: parts.join('') };
}

/** One lot's cells, in LOT_CSV_COLUMNS order. */
const exportCells = (lot: LotRow, code: string) => [
  lot.id,
  code,
  lot.name,
  lot.address,
  lot.latitude,
  lot.longitude,
  toDollars(lot.priceCents),
  lot.weeklyRateCents === null ? null : toDollars(lot.weeklyRateCents),
  lot.capacity,
  lot.amenities.join(LIST),
  lot.features.join(LIST),
  lot.vehicleTypes.join(LIST),
  lot.shuttleInfo,
  lot.operatingHours,
  lot.phoneNumber,
  lot.website,
  lot.cancellationPolicy,
  lot.description,
  lot.published === 1 ? 'true' : 'false',
];

// -------------------------------------------------------------------------------------------------------

export interface ImportReport {
  dryRun: boolean;
  applied: boolean;
  rows: number;
  creates: number;
  updates: number;
  unchanged: number;
  /** Every line with something wrong, in file order (the header is line 1). */
  errors: { line: number; messages: string[] }[];
}

type Planned = { line: number; kind: 'create'; input: TLotInput; place: PlaceRow } | { line: number; kind: 'update' | 'same'; id: number; input: TLotInput; place: PlaceRow };

const FIELD_COLUMN: Record<string, Column> = {
  locationId: 'location_code',
  weeklyRate: 'weekly_rate',
  vehicleTypes: 'vehicle_types',
  shuttleInfo: 'shuttle_info',
  operatingHours: 'operating_hours',
  phoneNumber: 'phone',
  cancellationPolicy: 'cancellation_policy',
};
const columnOf = (field: string) => FIELD_COLUMN[field] ?? field;
const list = (cell: string) =>
  cell
    .split(LIST)
    .map((s) => s.trim())
    .filter(Boolean);
const PUBLISHED: Record<string, boolean> = { true: true, yes: true, '1': true, published: true, false: false, no: false, '0': false, unpublished: false };

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Reads the header; throws the line-1 errors. */
function readHeader(fields: string[]): Map<Column, number> {
  const names = fields.map((f) => f.trim().toLowerCase());
  const problems: string[] = [];
  const unknown = names.filter((n) => !(LOT_CSV_COLUMNS as readonly string[]).includes(n));
  const missing = LOT_CSV_COLUMNS.filter((c) => !names.includes(c));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (unknown.length) problems.push(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => u || '(empty)').join(', ')}`);
  if (missing.length) problems.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (twice.length) problems.push(`Column${twice.length > 1 ? 's' : ''} given twice: ${[...new Set(twice)].join(', ')}`);
  if (problems.length) throw Object.assign(new Error('header'), { messages: [...problems, `The header must name these columns: ${LOT_CSV_COLUMNS.join(', ')}`] });
  return new Map(LOT_CSV_COLUMNS.map((c) => [c, names.indexOf(c)]));
}

/** Checks every row (nothing is written) and plans what applying would do. */
async function plan(db: DB, csv: string, now: Date): Promise<{ report: ImportReport; planned: Planned[] }> {
  const report: ImportReport = { dryRun: true, applied: false, rows: 0, creates: 0, updates: 0, unchanged: 0, errors: [] };
  if (new TextEncoder().encode(csv).length > CSV_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 2 MB: split it into several files');
  if (!csv.trim()) return { report: { ...report, errors: [{ line: 1, messages: ['The file is empty: it needs the header line and one line per lot'] }] }, planned: [] };
  const pause = breather();
  const records: CsvRecord[] = [];
  try {
    for (const record of readCsv(csv)) {
      records.push(record);
      await pause();
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { report: { ...report, errors: [{ line: err.line, messages: [err.message] }] }, planned: [] };
    throw err;
  }
  const [header, ...body] = records;
  let columns: Map<Column, number>;
  try {
    columns = readHeader(header!.fields);
  } catch (err) {
    return { report: { ...report, errors: [{ line: header!.line, messages: (err as { messages: string[] }).messages }] }, planned: [] };
  }
  if (body.length > CSV_LIMITS.maxRows)
    throw new AppError('PAYLOAD_TOO_LARGE', `The file has ${plural(body.length, 'lot')}: import at most ${CSV_LIMITS.maxRows.toLocaleString('en-US')} at a time`);
  report.rows = body.length;
  if (!body.length) return { report: { ...report, errors: [{ line: 2, messages: ['The file has a header but no lots'] }] }, planned: [] };

  const places = new Map((await db.select().from(locations)).map((p) => [p.code.toUpperCase(), p]));
  const ids = [
    ...new Set(
      body
        .map((r) => r.fields[columns.get('id')!]?.trim() ?? '')
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
  ];
  const existing = new Map<number, LotRow>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const lot of await db
      .select()
      .from(parkingProviders)
      .where(inArray(parkingProviders.id, ids.slice(i, i + 500))))
      existing.set(lot.id, lot);
  }
  const seenIds = new Map<number, number>();
  const planned: Planned[] = [];

  for (const record of body) {
    await pause();
    const messages: string[] = [];
    const cell = (c: Column) => fromSpreadsheet((record.fields[columns.get(c)!] ?? '').trim()).trim();
    if (record.fields.length !== columns.size)
      messages.push(`This line has ${plural(record.fields.length, 'field')}, the header has ${columns.size} (a comma or line break inside a field needs quotes)`);
    const idCell = cell('id');
    const id = idCell === '' ? null : /^\d{1,9}$/.test(idCell) ? Number(idCell) : NaN;
    const before = id ? existing.get(id) : undefined;
    if (Number.isNaN(id)) messages.push(`id: "${idCell}" is not a lot id (leave it empty for a new lot)`);
    else if (id !== null && !before) messages.push(`id: there is no lot ${id} (leave the id empty to add a new lot)`);
    else if (id !== null && seenIds.has(id)) messages.push(`id: lot ${id} is also on line ${seenIds.get(id)}`);
    if (id) seenIds.set(id, record.line);
    const code = cell('location_code').toUpperCase();
    const place = places.get(code);
    if (!code) messages.push('location_code: give the code of the airport or cruise port, like MCO or MIA-PORT');
    else if (!place) messages.push(`location_code: there is no place with the code ${code}`);
    else if (before && before.locationId !== place.id)
      messages.push(
        `location_code: a lot cannot move to another place (lot ${before.id} is at ${[...places.values()].find((p) => p.id === before.locationId)?.code ?? 'another place'})`,
      );
    const publishedCell = cell('published').toLowerCase();
    const published = publishedCell === '' ? (before ? before.published === 1 : true) : PUBLISHED[publishedCell];
    if (published === undefined) messages.push('published: write true or false');

    const parsed = ZLotInput.safeParse({
      locationId: place?.id ?? 1,
      name: cell('name'),
      address: cell('address'),
      latitude: cell('latitude'),
      longitude: cell('longitude'),
      price: cell('price'),
      weeklyRate: cell('weekly_rate'),
      capacity: cell('capacity'),
      amenities: list(cell('amenities')),
      features: list(cell('features')),
      vehicleTypes: list(cell('vehicle_types')),
      shuttleInfo: cell('shuttle_info'),
      operatingHours: cell('operating_hours'),
      phoneNumber: cell('phone'),
      website: cell('website'),
      cancellationPolicy: cell('cancellation_policy'),
      description: cell('description'),
      published: published ?? true,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) messages.push(`${columnOf(String(issue.path[0] ?? ''))}: ${issue.message}`);
    }
    // Every error of the line at once: the distance and the spaces sold are checked whenever their own cells
    // are good, whatever else is wrong on the line.
    const latitude = lotFields.latitude.safeParse(cell('latitude'));
    const longitude = lotFields.longitude.safeParse(cell('longitude'));
    if (place && latitude.success && longitude.success) {
      try {
        distanceFrom(place, { latitude: latitude.data, longitude: longitude.data });
      } catch (err) {
        messages.push(`latitude/longitude: ${(err as Error).message}`);
      }
    }
    const capacity = lotFields.capacity.safeParse(cell('capacity'));
    if (place && before && before.locationId === place.id && capacity.success && capacity.data < before.capacity) {
      const sold = await soldAbove(db, before.id, capacity.data, placeToday(place.state, now));
      if (sold) messages.push(`capacity: ${sold}`);
    }
    if (messages.length || !parsed.success || !place) {
      report.errors.push({ line: record.line, messages });
      continue;
    }
    if (!before) {
      planned.push({ line: record.line, kind: 'create', input: parsed.data, place });
      continue;
    }
    const after = { ...lotColumns(parsed.data, place), published: parsed.data.published ? 1 : 0 };
    const changed = Object.keys(diffFields(auditView(before), auditView(after), LOT_AUDIT_FIELDS)).length > 0;
    planned.push({ line: record.line, kind: changed ? 'update' : 'same', id: before.id, input: parsed.data, place });
  }
  report.creates = planned.filter((p) => p.kind === 'create').length;
  report.updates = planned.filter((p) => p.kind === 'update').length;
  report.unchanged = planned.filter((p) => p.kind === 'same').length;
  return { report, planned };
}

/** Why a capacity is below what is sold on a future day (naming the bookings), or null. */
async function soldAbove(db: DB, lotId: number, capacity: number, fromDay: number): Promise<string | null> {
  const [day] = await db
    .select({ day: lotDays.day, taken: lotDays.taken })
    .from(lotDays)
    .where(and(eq(lotDays.providerId, lotId), gte(lotDays.day, fromDay), eq(lotDays.capacitySet, 0), gt(lotDays.taken, capacity)))
    .orderBy(lotDays.day)
    .limit(1);
  if (!day) return null;
  const held = await bookingsOnDay(db, lotId, day.day);
  return `${dayDate(day.day)} already has ${plural(day.taken, 'space')} sold, more than ${capacity}. Bookings: ${held.slice(0, 10).join(', ')}${held.length > 10 ? ` and ${held.length - 10} more` : ''}`;
}

/** The dry run (report only) or the all-or-nothing apply. */
export async function importLotsCsv({ db, clock }: { db: DB; clock: Clock }, actor: Actor, input: { csv: string; dryRun: boolean }): Promise<ImportReport> {
  const now = clock.now();
  const { report, planned } = await plan(db, input.csv, now);
  if (input.dryRun) return report;
  if (report.errors.length) {
    const [first] = report.errors;
    const others = report.errors.length - 1;
    throw new AppError(
      'BAD_REQUEST',
      `Nothing was imported. Line ${first!.line}: ${first!.messages.join('; ')}${others ? ` (and ${plural(others, 'more line')} with errors: check the file first)` : ''}`,
    );
  }
  const created: number[] = [];
  const updated: number[] = [];
  const pause = breather();
  await db.transaction(async (tx) => {
    const touched = new Set<number>();
    const lineOf =
      (row: Planned) =>
      async <T>(write: () => Promise<T>): Promise<T> => {
        try {
          return await write();
        } catch (err) {
          if (err instanceof AppError) throw new AppError(err.code, `Nothing was imported. Line ${row.line}: ${err.message}`);
          throw err;
        }
      };
    const creates = planned.filter((row) => row.kind === 'create');
    const slugs = creates.length ? await takenSlugs(tx) : undefined;
    for (let i = 0; i < creates.length; i += CREATE_BATCH) {
      const batch = creates.slice(i, i + CREATE_BATCH);
      const rows = await lineOf(batch[0]!)(() => insertLots(tx, actor, batch, slugs));
      created.push(...rows.map((r) => r.id));
      for (const row of batch) touched.add(row.place.id);
      await pause();
    }
    for (const row of planned) {
      if (row.kind !== 'update') continue;
      const { locationId: _l, ...fields } = row.input;
      const { changes } = await lineOf(row)(() => applyLotEdit(tx, actor, now, row.id, fields));
      if (Object.keys(changes).length) updated.push(row.id);
      touched.add(row.place.id);
      await pause();
    }
    const fileId = createHash('sha256').update(input.csv).digest('hex').slice(0, 12);
    await recordAudit(tx, actor, {
      entity: 'import',
      entityId: fileId,
      action: 'import',
      changes: { rows: report.rows, created, updated, unchanged: report.rows - created.length - updated.length },
    });
    for (const placeId of touched) {
      await pause();
      await refreshSeoPage(tx, placeId);
    }
    if (created.length || updated.length) await bumpContentVersion(tx);
  });
  return { ...report, dryRun: false, applied: true, creates: created.length, updates: updated.length, unchanged: report.rows - created.length - updated.length };
}
