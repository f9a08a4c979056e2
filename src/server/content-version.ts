// The content version: one counter in the database that every change to public content (posts, lots, places,
// SEO pages, prices) bumps in its own transaction. Caches of pages and the sitemap compare against it, so
// every server sees a change at once (each reads the counter at most once a second).
import { eq, sql } from 'drizzle-orm';
import type { DB } from './db/client';
import { contentVersions } from './db/schema';

const NAME = 'content';
/** Bumps made by this process: its own readers look again at once instead of waiting out their second. */
let localBumps = 0;
/**
 * Until when this process's readers keep asking the database on every call. A bump is made inside its
 * transaction, before the commit: a read that starts after the bump but before the commit sees the old
 * version, and would keep it for a second. Reading afresh for a second after each bump means the commit is
 * seen by the first read that follows it.
 */
let freshUntil = -Infinity;
const FRESH_AFTER_BUMP_MS = 1000;

/** Call inside the transaction that changes public content. */
export async function bumpContentVersion(tx: Pick<DB, 'insert'>): Promise<void> {
  localBumps++;
  freshUntil = performance.now() + FRESH_AFTER_BUMP_MS;
  await tx
    .insert(contentVersions)
    .values({ name: NAME, version: 1 })
    .onConflictDoUpdate({ target: contentVersions.name, set: { version: sql`${contentVersions.version} + 1` } });
}

/** A reader of the current version that asks the database at most once per `maxAgeMs`. */
export function contentVersionReader(db: Pick<DB, 'select'>, maxAgeMs = 1000): () => Promise<number> {
  let value = 0;
  let readAt = -Infinity;
  /** The local bump count when the value in hand was read. */
  let seenBumps = -1;
  let reading: Promise<number> | null = null;
  const read = async () => {
    const bumps = localBumps;
    const [row] = await db.select({ v: contentVersions.version }).from(contentVersions).where(eq(contentVersions.name, NAME));
    value = row?.v ?? 0;
    readAt = performance.now();
    seenBumps = bumps;
    return value;
  };
  const current = () => {
    const now = performance.now();
    return !reading && now - readAt < maxAgeMs && seenBumps === localBumps && readAt > freshUntil;
  };
  return async () => {
    // Requests arriving together share one read; a read that began before this process's latest bump does
    // not count (it may have missed it), so those callers read again.
    while (!current()) {
      reading ??= read().finally(() => (reading = null));
      await reading;
      if (seenBumps === localBumps) return value;
    }
    return value;
  };
}
