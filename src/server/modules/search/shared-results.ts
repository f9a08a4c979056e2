// Search results shared for a few seconds. The same search (a place and dates) is asked again and again by
// travellers, the location pages and the assistant, and its answer only moves when a lot's spaces, prices or
// details change. So a result is kept at most SEARCH_TTL_MS, per catalogue version (a lot, place or price
// edited anywhere: the version moves and every kept result goes), and is dropped at once when this process
// changes a lot's spaces per day (a booking, a change of dates, a cancellation, a closure or a capacity).
// Another server's booking shows here within SEARCH_TTL_MS; a free-space count that old is no promise: the
// checkout takes the space in its own transaction and says "no longer available" when it is gone.
import type { CatalogueSnapshot } from '../catalogue/snapshot';

/** How long a search result is shared. */
export const SEARCH_TTL_MS = 5_000;
/** After a change here, results are not kept for this long (the change may not be committed yet). */
const QUIET_AFTER_CHANGE_MS = 1_000;
const MAX_ENTRIES = 1_000;

let inventoryEpoch = 0;
let quietUntil = -Infinity;

/**
 * Call where a lot's spaces per day change (inside the transaction, before its commit): results kept so far
 * are dropped, and none is kept until the change has had time to commit.
 */
export function noteInventoryChange(): void {
  inventoryEpoch++;
  quietUntil = performance.now() + QUIET_AFTER_CHANGE_MS;
}

interface Entry<T> {
  value: T;
  epoch: number;
  expires: number;
}

/** A stamp taken before a result is computed: the result may be kept only if nothing changed meanwhile. */
export interface Stamp {
  epoch: number;
  at: number;
}

export const stamp = (): Stamp => ({ epoch: inventoryEpoch, at: performance.now() });

/** Results by key, per catalogue snapshot (a new snapshot starts empty; the old one's results go with it). */
export class SharedResults<T> {
  private readonly byCatalogue = new WeakMap<CatalogueSnapshot, Map<string, Entry<T>>>();

  get(catalogue: CatalogueSnapshot, key: string): T | undefined {
    const entries = this.byCatalogue.get(catalogue);
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== inventoryEpoch || entry.expires <= performance.now()) {
      entries!.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a result computed since `from`, unless the inventory changed (or may still be changing) meanwhile. */
  set(catalogue: CatalogueSnapshot, key: string, value: T, from: Stamp): void {
    if (from.epoch !== inventoryEpoch || from.at < quietUntil) return;
    let entries = this.byCatalogue.get(catalogue);
    if (!entries) this.byCatalogue.set(catalogue, (entries = new Map()));
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, epoch: from.epoch, expires: from.at + SEARCH_TTL_MS });
  }
}
