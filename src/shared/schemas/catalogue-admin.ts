// zod inputs of the catalogue back office (lots, places, the audit log, CSV import): the lot editor and the
// locations form validate with these, and so do the procedures and every row of an imported CSV.
import { z } from './zod';
import { isPlainText, plainDecimal, plainTextMessage, type DecimalKind } from './operator-input';
import { REGIONS } from '../constants';
import { LOT_AMENITIES, LOT_VEHICLE_TYPES } from '../lot-vocabulary';
import { slugify } from '../geo';
import { isUsPhone, US_PHONE_MESSAGE } from '../phone';
import { US_STATES } from '../us-states';

export { LOT_AMENITIES, LOT_VEHICLE_TYPES };

export const LOT_LIMITS = { maxPrice: 999.99, maxWeeklyRate: 9999.99, maxCapacity: 10_000, maxFeatures: 12 } as const;
export const DELAY_GRACE_MESSAGE = 'The delay grace must be a whole number of hours from 0 to 24';
export const ONLINE_BUFFER_MESSAGE = "The online buffer must be a whole number of spaces from 0 to the lot's capacity";
const CAPACITY_MESSAGE = `Capacity must be a whole number of spaces from 1 to ${LOT_LIMITS.maxCapacity.toLocaleString('en-US')}`;

/** Empty form fields and CSV cells are "not given". */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A number typed in a form or a CSV cell, as a plain decimal of its kind (operator-input.ts): '12.95',
 * '$1,234.50', '-81.3'; never '0x10', '1e3' or '1,2,3'. `required` is said of a blank field, `format` of one
 * that is not such a number, `message` when `check` (the range) fails. */
const numberField = (kind: DecimalKind, required: string, format: string, message: string, check: (n: number) => boolean) =>
  z.preprocess(
    (v) => plainDecimal(v, kind),
    z.number({ error: (issue) => (issue.input === undefined ? required : format) }).refine((n) => Number.isFinite(n) && check(n), message),
  );

const inCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** One line of text: trimmed, bounded, no control character or text-direction override. */
const lineText = (label: string, max: number, required?: string) =>
  z
    .string({ error: required ?? `${label} must be text` })
    .trim()
    .min(required ? 1 : 0, required)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine((v) => isPlainText(v), plainTextMessage(label));
const optionalText = (max: number, label: string, multiline = false) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .max(max, `${label} must be ${max} characters or fewer`)
      .refine((v) => isPlainText(v, multiline), plainTextMessage(label))
      .nullable(),
  );

export const lotFields = {
  name: lineText('Lot name', 120, 'Enter the lot name'),
  address: lineText('Address', 200, 'Enter the street address').refine((v) => v.length >= 5, 'Enter the street address'),
  latitude: numberField('signed', 'Enter the latitude', 'Latitude must be a number between -90 and 90', 'Latitude must be a number between -90 and 90', (n) => n >= -90 && n <= 90),
  longitude: numberField(
    'signed',
    'Enter the longitude',
    'Longitude must be a number between -180 and 180',
    'Longitude must be a number between -180 and 180',
    (n) => n >= -180 && n <= 180,
  ),
  price: numberField(
    'money',
    'Enter the daily price',
    'Daily price must be a plain number of dollars and cents, like 12.95',
    `Daily price must be between $1.00 and $${LOT_LIMITS.maxPrice}, in cents`,
    (n) => n >= 1 && n <= LOT_LIMITS.maxPrice && inCents(n),
  ),
  weeklyRate: z.preprocess(
    (v) => (blank(v) ? null : plainDecimal(v, 'money')),
    z
      .number({ error: 'Weekly rate must be a plain number of dollars and cents, like 65.00, or empty' })
      .refine(
        (n) => Number.isFinite(n) && n >= 1 && n <= LOT_LIMITS.maxWeeklyRate && inCents(n),
        `Weekly rate must be between $1.00 and $${LOT_LIMITS.maxWeeklyRate}, in cents, or empty`,
      )
      .nullable(),
  ),
  capacity: numberField('count', 'Enter the number of spaces', CAPACITY_MESSAGE, CAPACITY_MESSAGE, (n) => Number.isInteger(n) && n >= 1 && n <= LOT_LIMITS.maxCapacity),
  /** Spaces per day not sold online (kept for the gate against overselling); at most the capacity (checked with it). */
  onlineBuffer: numberField(
    'count',
    'Enter the spaces kept off online sale (0 for none)',
    ONLINE_BUFFER_MESSAGE,
    ONLINE_BUFFER_MESSAGE,
    (n) => Number.isInteger(n) && n >= 0 && n <= LOT_LIMITS.maxCapacity,
  ).optional(),
  /** Hours a late car (a delayed flight) may stay past its departure before extra days are charged at check-out. */
  delayGraceHours: numberField(
    'count',
    'Enter the delay grace in hours (0 for none)',
    DELAY_GRACE_MESSAGE,
    DELAY_GRACE_MESSAGE,
    (n) => Number.isInteger(n) && n >= 0 && n <= 24,
  ).optional(),
  amenities: z
    .array(z.enum(LOT_AMENITIES, { error: (i) => `Unknown amenity "${String(i.input)}" (use: ${LOT_AMENITIES.join(', ')})` }))
    .transform((list) => LOT_AMENITIES.filter((a) => list.includes(a))),
  features: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A feature cannot be empty')
        .max(200, 'Each feature must be 200 characters or fewer')
        .refine((f) => !f.includes('|'), 'A feature cannot contain | (the CSV separates features with it)')
        .refine((f) => isPlainText(f), plainTextMessage('A feature')),
    )
    .max(LOT_LIMITS.maxFeatures, `List at most ${LOT_LIMITS.maxFeatures} features`),
  vehicleTypes: z
    .array(z.enum(LOT_VEHICLE_TYPES, { error: (i) => `Unknown vehicle type "${String(i.input)}" (use: ${LOT_VEHICLE_TYPES.join(', ')})` }))
    .transform((list) => LOT_VEHICLE_TYPES.filter((a) => list.includes(a))),
  shuttleInfo: optionalText(300, 'Shuttle information'),
  operatingHours: optionalText(100, 'Operating hours'),
  phoneNumber: optionalText(30, 'Phone number').refine((v) => v === null || isUsPhone(v), US_PHONE_MESSAGE),
  website: optionalText(300, 'Website').refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), 'Website must be a full address starting with https://'),
  cancellationPolicy: optionalText(300, 'Cancellation policy', true),
  description: optionalText(2000, 'Description', true),
};

/** A row id: blank is missing ('Lot is required'), anything but a positive whole number is not valid. The
 * messages are the label's own when it is a sentence ('Choose the airport or cruise port the lot serves'). */
const id = (label: string, sentence?: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce
      .number({ error: sentence ?? `${label} is required` })
      .int(sentence ?? `${label} is not valid`)
      .positive(sentence ?? `${label} is not valid`)
      .max(2_147_483_647, sentence ?? `${label} is not valid`),
  );

/** A whole lot: what the editor's create form sends (and what a new CSV row must give). */
export const ZLotInput = z.object({
  locationId: id('Location', 'Choose the airport or cruise port the lot serves'),
  ...lotFields,
  amenities: lotFields.amenities.default([]),
  features: lotFields.features.default([]),
  vehicleTypes: lotFields.vehicleTypes.default([]),
  weeklyRate: lotFields.weeklyRate.default(null),
  shuttleInfo: lotFields.shuttleInfo.default(null),
  operatingHours: lotFields.operatingHours.default(null),
  phoneNumber: lotFields.phoneNumber.default(null),
  website: lotFields.website.default(null),
  cancellationPolicy: lotFields.cancellationPolicy.default(null),
  description: lotFields.description.default(null),
  published: z.boolean().default(true),
});
export type TLotInput = z.output<typeof ZLotInput>;
export type TLotFormInput = z.input<typeof ZLotInput>;

/** An edit: the lot's id and only the fields that change (its place stays: a lot never moves). */
export const ZUpdateLotInput = z
  .object({ id: id('Lot') })
  .extend(Object.fromEntries(Object.entries(lotFields).map(([k, s]) => [k, s.optional()])) as { [K in keyof typeof lotFields]: z.ZodOptional<(typeof lotFields)[K]> });
export type TUpdateLotInput = z.output<typeof ZUpdateLotInput>;
export type TLotField = keyof typeof lotFields;

export const ZLotIdInput = z.object({ id: id('Lot') });

export const LOT_STATUSES = ['all', 'published', 'unpublished'] as const;
export const ADMIN_LOT_PAGE_SIZE = 25;
export const ZListLotsInput = z
  .object({
    locationId: z.preprocess((v) => (blank(v) || v === 'all' ? undefined : v), id('Location').optional()),
    q: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
    status: z.enum(LOT_STATUSES).default('all'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .default({ status: 'all', page: 1 });
export type TListLotsInput = z.input<typeof ZListLotsInput>;

// -------------------------------------------------------------------------------------------------------
// Places

export const ZLocationInput = z
  .object({
    kind: z.enum(['airport', 'cruise_port'], { error: 'Choose airport or cruise port' }),
    code: z
      .string({ error: 'Enter the code' })
      .trim()
      .toUpperCase()
      .min(1, 'Enter the code')
      .regex(/^([A-Z]{3}|[A-Z]{2,4}-PORT)$/, 'Code looks like MCO (airport) or MIA-PORT (cruise port)'),
    name: z
      .string({ error: 'Enter the name' })
      .trim()
      .min(3, 'Enter the full name')
      .max(120, 'Name must be 120 characters or fewer')
      .refine((v) => isPlainText(v), plainTextMessage('Name')),
    shortName: z
      .string({ error: 'Enter a short name' })
      .trim()
      .min(2, 'Enter a short name')
      .max(60, 'Short name must be 60 characters or fewer')
      .refine((v) => isPlainText(v), plainTextMessage('Short name')),
    city: z
      .string({ error: 'Enter the city' })
      .trim()
      .min(2, 'Enter the city')
      .max(80, 'City must be 80 characters or fewer')
      .refine((v) => isPlainText(v), plainTextMessage('City')),
    state: z
      .string({ error: 'Choose the state' })
      .trim()
      .toUpperCase()
      .refine((s) => s in US_STATES, 'Choose a US state (two-letter code, like FL)'),
    region: z.enum(REGIONS, { error: 'Choose a region' }),
    latitude: lotFields.latitude,
    longitude: lotFields.longitude,
    aliases: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .min(2, 'Each search word needs at least 2 characters')
          .max(60, 'Each search word must be 60 characters or fewer')
          .refine((v) => isPlainText(v), plainTextMessage('A search word')),
      )
      .max(20, 'List at most 20 search words')
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((v, ctx) => {
    const ok = v.kind === 'airport' ? /^[A-Z]{3}$/.test(v.code) : /^[A-Z]{2,4}-PORT$/.test(v.code);
    if (!ok)
      ctx.addIssue({ code: 'custom', path: ['code'], message: v.kind === 'airport' ? 'Airport code is the 3-letter IATA code, like MCO' : 'Cruise port code looks like MIA-PORT' });
  });
export type TLocationInput = z.output<typeof ZLocationInput>;
export type TLocationFormInput = z.input<typeof ZLocationInput>;

/** The directory slug and SEO slug the seed gives a place (the server adds -2, -3 when one is taken). */
export function placeSlugs(p: { kind: 'airport' | 'cruise_port'; name: string; shortName: string; city: string; state: string; code: string }) {
  return p.kind === 'airport'
    ? { slug: slugify(p.name), seoSlug: `${slugify(p.city)}-${p.state.toLowerCase()}-${p.code.toLowerCase()}-airport-parking` }
    : { slug: `${slugify(p.shortName)}-cruise-port`, seoSlug: `${slugify(p.shortName)}-cruise-port-parking` };
}

/** An edit of a place: its id and the fields that change (checked again as a whole on the server). */
export const ZUpdateLocationInput = z.object({
  id: id('Location'),
  kind: z.enum(['airport', 'cruise_port'], { error: 'Choose airport or cruise port' }).optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  shortName: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  region: z.string().optional(),
  latitude: z.unknown().optional(),
  longitude: z.unknown().optional(),
  aliases: z.array(z.string()).optional(),
});
export type TUpdateLocationInput = z.output<typeof ZUpdateLocationInput>;

// -------------------------------------------------------------------------------------------------------
// Audit log and CSV

export const AUDIT_ENTITIES = ['lot', 'location', 'lot_day', 'photo', 'lot_staff', 'import', 'partner', 'partner_member', 'partner_invitation', 'review', 'guarantee'] as const;
export const ZAuditInput = z
  .object({
    entity: z.preprocess((v) => (blank(v) || v === 'all' ? undefined : v), z.enum(AUDIT_ENTITIES, { error: 'Unknown kind of entry' }).optional()),
    entityId: z.preprocess((v) => (blank(v) ? undefined : String(v)), z.string().max(40).optional()),
    before: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().positive().optional()),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .default({ limit: 50 });

/** The columns of the lots CSV, in export order (README documents them). */
export const LOT_CSV_COLUMNS = [
  'id',
  'location_code',
  'name',
  'address',
  'latitude',
  'longitude',
  'price',
  'weekly_rate',
  'capacity',
  'amenities',
  'features',
  'vehicle_types',
  'shuttle_info',
  'operating_hours',
  'phone',
  'website',
  'cancellation_policy',
  'description',
  'published',
] as const;
export const CSV_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 5000 } as const;

export const ZImportLotsInput = z.object({
  csv: z.string({ error: 'Choose a CSV file' }).max(CSV_LIMITS.maxBytes, 'The file is larger than 2 MB: split it into several files').default(''),
  /** True: check every row and report, write nothing. False: write every row or none. */
  dryRun: z.boolean().default(true),
});
export type TImportLotsInput = z.input<typeof ZImportLotsInput>;
