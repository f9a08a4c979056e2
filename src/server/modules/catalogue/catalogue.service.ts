// Catalogue reads: the location directory and single locations with their provider summary.
import { min, toDollars } from '@/shared/money';
import { lotPrices } from './lot-prices';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { filterDirectory } from '@/shared/directory';
import type { TListLocationsInput } from '@/shared/schemas/catalogue';
import { lotImageUrls } from '../../placeholder';
import { catalogueSnapshot, imageAlts } from './snapshot';

const locationColumns = {
  id: locations.id,
  kind: locations.kind,
  code: locations.code,
  name: locations.name,
  shortName: locations.shortName,
  city: locations.city,
  state: locations.state,
  region: locations.region,
  latitude: locations.latitude,
  longitude: locations.longitude,
  slug: locations.slug,
  seoSlug: locations.seoSlug,
  aliases: locations.aliases,
};

function withProviderSummary(db: DB) {
  return db
    .select({
      ...locationColumns,
      providerCount: sql<number>`count(${parkingProviders.id})`.mapWith(Number),
      /** Dollars: the lowest daily price of the place's published lots. */
      minPrice: sql<number | null>`min(${parkingProviders.priceCents}) / 100.0`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(locations)
    .leftJoin(parkingProviders, and(eq(parkingProviders.locationId, locations.id), eq(parkingProviders.published, 1)))
    .groupBy(...Object.values(locationColumns))
    .$dynamic();
}

/** Code-unit order (SQLite's BINARY, PostgreSQL's "C"): the same on every engine and database collation. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type TLocationSummary = Awaited<ReturnType<typeof listLocations>>[number];

export async function listLocations({ db }: { db: DB }, input: TListLocationsInput = {}) {
  // Sorted here, not by the database: ORDER BY name would follow the database's collation.
  const rows = await withProviderSummary(db).orderBy(locations.id);
  rows.sort((a, b) => byCodeUnits(a.kind, b.kind) || byCodeUnits(a.name, b.name) || a.id - b.id);
  return filterDirectory(rows, input ?? {});
}

export async function getLocation({ db }: { db: DB }, slug: string) {
  const key = slug.trim().toLowerCase();
  const [row] = await withProviderSummary(db)
    .where(or(eq(locations.slug, key), eq(locations.seoSlug, key), eq(sql`lower(${locations.code})`, key)))
    .orderBy(locations.id)
    .limit(1);
  return row ?? null;
}

/** Coverage figures (the directory, the home page's tiles and description), from the in-memory catalogue. */
export async function getDirectoryStats({ db }: { db: DB }) {
  const { locations: places, lotById } = await catalogueSnapshot(db);
  const lots = [...lotById.values()];
  return {
    airports: places.filter((l) => l.kind === 'airport').length,
    cruisePorts: places.filter((l) => l.kind === 'cruise_port').length,
    states: new Set(places.map((l) => l.state)).size,
    /** Published lots. */
    providers: lots.length,
    /** Dollars. */
    lowestPrice: lots.length ? toDollars(min(...lots.map((l) => l.priceCents))) : null,
  };
}

/** One published provider by name slug (or id) with its location, for the provider, property and arrival pages. */
export async function getProvider({ db }: { db: DB }, slugOrId: string) {
  const key = slugOrId.trim().toLowerCase();
  // Up to nine digits is an id (longer would overflow PostgreSQL's integer and fail the query).
  const where = /^\d{1,9}$/.test(key) ? eq(parkingProviders.id, Number(key)) : eq(parkingProviders.slug, key);
  const [row] = await db
    .select({ provider: parkingProviders, location: locationColumns })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(where, eq(parkingProviders.published, 1)))
    .limit(1);
  if (!row) return null;
  const { locationId: _l, createdAt: _c, updatedAt: _u, ...provider } = row.provider;
  // Lots without photos show the illustration of their type.
  const imageUrls = lotImageUrls(provider, row.location.kind);
  return { ...provider, ...lotPrices(provider), imageUrls, imageAlts: imageAlts(await catalogueSnapshot(db), imageUrls), terminal: row.location };
}
