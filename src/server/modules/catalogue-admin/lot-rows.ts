// Writing lot rows the way the seed writes them: the distance to the terminal measured from the place's
// coordinates (haversine, '1.2 miles from terminal'), a unique name slug, the lot-local today for capacity.
import { toCents, toDollars } from '@/shared/money';
import { and, eq, gte, lt, or } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { AppError } from '../../errors';
import { dayIndex } from '../bookings/capacity';
import { formatMiles, haversineMiles, slugify } from '@/shared/geo';
import { lotDate } from '../catalogue/lot-time';
import { ONLINE_BUFFER_MESSAGE, type TLotInput } from '@/shared/schemas/catalogue-admin';

export type LotRow = typeof parkingProviders.$inferSelect;
export type PlaceRow = typeof locations.$inferSelect;

/** A lot further than this from its place is a typo in the coordinates. */
export const MAX_LOT_MILES = 50;

/** The fields an audit entry compares (everything an administrator edits, and what follows from it). */
export const LOT_AUDIT_FIELDS = [
  'name',
  'address',
  'latitude',
  'longitude',
  'distanceMiles',
  'distance',
  'price',
  'weeklyRate',
  'capacity',
  'onlineBuffer',
  'delayGraceHours',
  'amenities',
  'features',
  'vehicleTypes',
  'shuttleInfo',
  'operatingHours',
  'phoneNumber',
  'website',
  'cancellationPolicy',
  'description',
  'published',
] as const satisfies readonly (keyof AuditedLot)[];

/** A lot as its audit entries show it: prices in dollars (as typed), published as true/false. */
export type AuditedLot = Omit<Partial<LotRow>, 'published'> & { price?: number; weeklyRate?: number | null; published?: boolean };

export function auditView(row: Partial<LotRow>): AuditedLot {
  const { priceCents, weeklyRateCents, published, ...rest } = row;
  return {
    ...rest,
    ...(priceCents === undefined ? {} : { price: toDollars(priceCents) }),
    ...(weeklyRateCents === undefined ? {} : { weeklyRate: weeklyRateCents === null ? null : toDollars(weeklyRateCents) }),
    ...(published === undefined ? {} : { published: published === 1 }),
  };
}

/** The miles and the text the seed writes: one decimal, '1 mile', from the (cruise) terminal. */
export function distanceFrom(place: Pick<PlaceRow, 'latitude' | 'longitude' | 'kind' | 'name'>, point: { latitude: number; longitude: number }) {
  const distanceMiles = Math.round(haversineMiles(place, point) * 10) / 10;
  if (distanceMiles > MAX_LOT_MILES) {
    throw new AppError(
      'BAD_REQUEST',
      `These coordinates are ${formatMiles(distanceMiles)} from ${place.name}: check the latitude and longitude (a lot is at most ${MAX_LOT_MILES} miles away)`,
    );
  }
  return { distanceMiles, distance: `${formatMiles(distanceMiles)} from ${place.kind === 'cruise_port' ? 'cruise terminal' : 'terminal'}` };
}

/** Today's day index at a place (its state's zone), from which capacity changes apply. */
export function placeToday(state: string, now: Date): number {
  return dayIndex(lotDate(now, state));
}

/** The editable columns of a lot from validated input (the place's name and the distance follow the place). */
export function lotColumns(input: Omit<TLotInput, 'locationId' | 'published'>, place: PlaceRow) {
  if (input.onlineBuffer !== undefined && input.onlineBuffer > input.capacity) throw new AppError('BAD_REQUEST', `${ONLINE_BUFFER_MESSAGE} (${input.capacity})`);
  return {
    name: input.name,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    ...distanceFrom(place, input),
    priceCents: toCents(input.price),
    weeklyRateCents: input.weeklyRate == null ? null : toCents(input.weeklyRate),
    capacity: input.capacity,
    // Absent (a CSV row, an older form): the lot keeps its buffer.
    ...(input.onlineBuffer === undefined ? {} : { onlineBuffer: input.onlineBuffer }),
    ...(input.delayGraceHours === undefined ? {} : { delayGraceHours: input.delayGraceHours }),
    amenities: input.amenities,
    features: input.features,
    vehicleTypes: input.vehicleTypes,
    shuttleInfo: input.shuttleInfo,
    operatingHours: input.operatingHours,
    phoneNumber: input.phoneNumber,
    website: input.website,
    cancellationPolicy: input.cancellationPolicy,
    description: input.description,
  };
}

/** The slug a name gives (never all digits: those are read as lot ids). */
export function baseSlug(name: string): string {
  const slug = slugify(name).slice(0, 80).replace(/-+$/, '') || 'parking-lot';
  return /^\d+$/.test(slug) ? `lot-${slug}` : slug;
}

/**
 * Inserts a lot under the first free slug of its name (name, name-2, name-3, ...). The unique index decides:
 * a slug taken meanwhile by another writer makes the insert do nothing, and the next number is tried.
 */
export async function insertLotWithSlug(tx: DB, values: Omit<typeof parkingProviders.$inferInsert, 'slug'>): Promise<LotRow> {
  const base = baseSlug(values.name);
  const taken = new Set(
    // 'base' and 'base-…' as a range on the slug's unique index ('.' follows '-'): a LIKE would read every lot.
    (
      await tx
        .select({ slug: parkingProviders.slug })
        .from(parkingProviders)
        .where(or(eq(parkingProviders.slug, base), and(gte(parkingProviders.slug, `${base}-`), lt(parkingProviders.slug, `${base}.`))))
    ).map((r) => r.slug),
  );
  let n = 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    while (taken.has(n === 1 ? base : `${base}-${n}`)) n++;
    const slug = n === 1 ? base : `${base}-${n}`;
    const [row] = await tx
      .insert(parkingProviders)
      .values({ ...values, slug })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    taken.add(slug);
  }
  throw new AppError('CONFLICT', 'Could not find a free address for this lot name: try a more specific name');
}

/** Every lot's slug (read once by a caller that inserts lots in several statements, then kept up to date). */
export async function takenSlugs(tx: DB): Promise<Set<string>> {
  return new Set((await tx.select({ slug: parkingProviders.slug }).from(parkingProviders)).map((r) => r.slug));
}

/**
 * Inserts many lots in one statement, each under the first free slug of its name (`taken`: the slugs in use,
 * read here when not given, and added to).
 * A slug taken meanwhile by another writer (PostgreSQL) leaves that lot out of the statement; it is then
 * written alone by insertLotWithSlug. Returns the rows in the order given.
 */
export async function insertLotsWithSlugs(tx: DB, values: Omit<typeof parkingProviders.$inferInsert, 'slug'>[], taken?: Set<string>): Promise<LotRow[]> {
  if (!values.length) return [];
  taken ??= await takenSlugs(tx);
  const slugs = values.map((v) => {
    const base = baseSlug(v.name);
    let n = 1;
    while (taken.has(n === 1 ? base : `${base}-${n}`)) n++;
    const slug = n === 1 ? base : `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
  const inserted = await tx
    .insert(parkingProviders)
    .values(values.map((v, i) => ({ ...v, slug: slugs[i]! })))
    .onConflictDoNothing()
    .returning();
  const bySlug = new Map(inserted.map((r) => [r.slug, r]));
  const rows: LotRow[] = [];
  for (const [i, v] of values.entries()) {
    const row = bySlug.get(slugs[i]!) ?? (await insertLotWithSlug(tx, v));
    taken.add(row.slug);
    rows.push(row);
  }
  return rows;
}
