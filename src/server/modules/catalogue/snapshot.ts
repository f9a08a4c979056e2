// The catalogue in memory: every place and lot, read once per content version (a lot or place edited, a price
// changed: the version moves and the next reader loads it again). Search and checkout read lots from here
// instead of querying and decoding the same rows on every request.
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { contentVersionReader } from '../../content-version';

export type LocationRow = typeof locations.$inferSelect;
export type ProviderRow = typeof parkingProviders.$inferSelect;

export interface CatalogueSnapshot {
  /** Airports first, then ports, in catalogue order. */
  locations: LocationRow[];
  locationById: Map<number, LocationRow>;
  lotsByLocation: Map<number, ProviderRow[]>;
  lotById: Map<number, ProviderRow>;
}

const snapshots = new WeakMap<object, { read: () => number; version: number; snapshot: CatalogueSnapshot | null }>();

function load(db: Pick<DB, 'select'>): CatalogueSnapshot {
  const places = db.select().from(locations).orderBy(locations.kind, locations.id).all();
  const lots = db.select().from(parkingProviders).orderBy(parkingProviders.id).all();
  const lotsByLocation = new Map<number, ProviderRow[]>();
  for (const lot of lots) lotsByLocation.set(lot.locationId, [...(lotsByLocation.get(lot.locationId) ?? []), lot]);
  return { locations: places, locationById: new Map(places.map((l) => [l.id, l])), lotsByLocation, lotById: new Map(lots.map((l) => [l.id, l])) };
}

/** The current catalogue of this database. */
export function catalogueSnapshot(db: DB): CatalogueSnapshot {
  let entry = snapshots.get(db);
  if (!entry) {
    entry = { read: contentVersionReader(db), version: -1, snapshot: null };
    snapshots.set(db, entry);
  }
  const version = entry.read();
  if (!entry.snapshot || entry.version !== version) {
    entry.snapshot = load(db);
    entry.version = version;
  }
  return entry.snapshot;
}
