// The public catalogue in memory: every place and every PUBLISHED lot, read once per content version (a lot or
// place edited, a price changed, a lot published or unpublished: the version moves and the next reader loads
// it again). Search, the chat, the location pages and checkout read lots from here instead of querying and
// decoding the same rows on every request, so an unpublished lot is found by none of them. The back office
// reads the database directly (it sees every lot).
import { eq, ne } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, lotPhotos, parkingProviders } from '../../db/schema';
import { LOT_PHOTO_DEFAULT_WIDTH, lotPhotoUrl } from '@/shared/lot-photos';
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
  /** The alt text an administrator gave a lot photo, by the photo's URL in a lot's image list. */
  photoAlts: Map<string, string>;
}

const snapshots = new WeakMap<object, { read: () => Promise<number>; version: number; snapshot: Promise<CatalogueSnapshot> | null }>();

async function load(db: Pick<DB, 'select'>): Promise<CatalogueSnapshot> {
  const places = await db.select().from(locations).orderBy(locations.kind, locations.id);
  const lots = await db.select().from(parkingProviders).where(eq(parkingProviders.published, 1)).orderBy(parkingProviders.id);
  const lotsByLocation = new Map<number, ProviderRow[]>();
  for (const lot of lots) lotsByLocation.set(lot.locationId, [...(lotsByLocation.get(lot.locationId) ?? []), lot]);
  const described = await db.select({ key: lotPhotos.key, alt: lotPhotos.alt }).from(lotPhotos).where(ne(lotPhotos.alt, ''));
  const photoAlts = new Map(described.map((p) => [lotPhotoUrl(p.key, LOT_PHOTO_DEFAULT_WIDTH), p.alt]));
  return { locations: places, locationById: new Map(places.map((l) => [l.id, l])), lotsByLocation, lotById: new Map(lots.map((l) => [l.id, l])), photoAlts };
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

/** The alt text of each image of a lot's image list ('' where none was written: pages describe it themselves). */
export function imageAlts(snapshot: Pick<CatalogueSnapshot, 'photoAlts'>, imageUrls: readonly string[]): string[] {
  return imageUrls.map((url) => snapshot.photoAlts.get(url) ?? '');
}
