// The content version: one counter in the database that every change to public content (posts, lots, places,
// SEO pages, prices) bumps in its own transaction. Caches of pages and the sitemap compare against it, so
// every server sees a change at once (each reads the counter at most once a second).
import { eq, sql } from 'drizzle-orm';
import type { DB } from './db/client';
import { contentVersions } from './db/schema';

const NAME = 'content';
/** Bumps made by this process: its own readers look again at once instead of waiting out their second. */
let localBumps = 0;

/** Call inside the transaction that changes public content. */
export function bumpContentVersion(tx: Pick<DB, 'insert'>): void {
  localBumps++;
  tx.insert(contentVersions)
    .values({ name: NAME, version: 1 })
    .onConflictDoUpdate({ target: contentVersions.name, set: { version: sql`${contentVersions.version} + 1` } })
    .run();
}

/** A reader of the current version that asks the database at most once per `maxAgeMs`. */
export function contentVersionReader(db: Pick<DB, 'select'>, maxAgeMs = 1000): () => number {
  let value = 0;
  let readAt = -Infinity;
  let seenBumps = -1;
  return () => {
    const now = performance.now();
    if (now - readAt >= maxAgeMs || seenBumps !== localBumps) {
      seenBumps = localBumps;
      value = db.select({ v: contentVersions.version }).from(contentVersions).where(eq(contentVersions.name, NAME)).get()?.v ?? 0;
      readAt = now;
    }
    return value;
  };
}
