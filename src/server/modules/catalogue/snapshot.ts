// The public catalogue in memory: every place and every PUBLISHED lot, read once per content version (a lot or
// place edited, a price changed, a lot published or unpublished: the version moves and the next reader loads
// it again). Search, the chat, the location pages and checkout read lots from here instead of querying and
// decoding the same rows on every request, so an unpublished lot is found by none of them. The back office
// reads the database directly (it sees every lot).
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { contentVersionReader } from '../../content-version';

export type LocationRow = typeof locations.$inferSelect;
export type ProviderRow = typeof parkingProviders.$inferSelect;

export interface CatalogueSnapshot {
  /** Airports first, then ports, in catalogue order. */
  locations: LocationRow[];
  locationById: Map<number, LocationRow>;
  /** Published lots only. */
  lotsByLocation: Map<number, ProviderRow[]>;
  /** Published lots only. */
  lotById: Map<number, ProviderRow>;
}

const snapshots = new WeakMap<object, { read: () => Promise<number>; version: number; snapshot: Promise<CatalogueSnapshot> | null }>();

async function load(db: Pick<DB, 'select'>): Promise<CatalogueSnapshot> {
  const places = await db.select().from(locations).orderBy(locations.kind, locations.id);
  const lots = await db.select().from(parkingProviders).where(eq(parkingProviders.published, 1)).orderBy(parkingProviders.id);
  const lotsByLocation = new Map<number, ProviderRow[]>();
  for (const lot of lots) lotsByLocation.set(lot.locationId, [...(lotsByLocation.get(lot.locationId) ?? []), lot]);
  return { locations: places, locationById: new Map(places.map((l) => [l.id, l])), lotsByLocation, lotById: new Map(lots.map((l) => [l.id, l])) };
}

/** The current catalogue of this database. */
export async function catalogueSnapshot(db: DB): Promise<CatalogueSnapshot> {
  let entry = snapshots.get(db);
  if (!entry) {
    entry = { read: contentVersionReader(db), version: -1, snapshot: null };
    snapshots.set(db, entry);
  }
  const version = await entry.read();
  if (!entry.snapshot || entry.version !== version) {
    const loading = load(db);
    entry.snapshot = loading;
    entry.version = version;
    // A failed load is not kept: the next caller tries again.
    loading.catch(() => entry.snapshot === loading && (entry.snapshot = null));
  }
  return entry.snapshot;
}
