// Getting a database ready at start, safely when several servers start at once: migrations under an advisory
// lock (PostgreSQL; drizzle's migrator takes none), then the demonstration catalogue and blog when missing,
// under a second lock so only the first server writes them (each insert skips rows that exist anyway).
import type { TEnv } from '../env';
import { sql } from 'drizzle-orm';
import { ENGINE, migrateDatabase, openDatabase, withAdvisoryLock, type DB } from './client';
import { isCatalogueEmpty, seedBlog, seedCatalogue } from './seed';

const SEED_LOCK = 7_280_002;

/** What openDatabase takes for this configuration: the PostgreSQL URL when set, else the SQLite file. */
export const databaseTarget = (env: Pick<TEnv, 'DATABASE_URL' | 'DATABASE_PATH'>): string => env.DATABASE_URL ?? env.DATABASE_PATH;

/** Where the data is, for logs: the SQLite file, or the PostgreSQL URL without its password. */
export function describeDatabase(env: Pick<TEnv, 'DATABASE_URL' | 'DATABASE_PATH'>): string {
  if (!env.DATABASE_URL) return env.DATABASE_PATH;
  const url = new URL(env.DATABASE_URL);
  if (url.password) url.password = '***';
  return url.toString();
}

export function openConfiguredDatabase(env: TEnv): DB {
  return openDatabase(databaseTarget(env), { poolSize: env.PG_POOL_SIZE, preparedStatements: env.PG_PREPARED_STATEMENTS });
}

/** Migrates, then seeds what is missing. Logs what it added. */
export async function prepareDatabase(db: DB, log: (line: string) => void = console.log): Promise<void> {
  await migrateDatabase(db);
  if (ENGINE === 'postgres') {
    // Text sorts by the database's collation; ours is written for code-point order (C), as on SQLite.
    const { rows } = await db.execute<{ collation: string }>(sql`select datcollate as collation from pg_database where datname = current_database()`);
    const collation = rows[0]?.collation ?? '';
    if (collation !== 'C' && collation !== 'POSIX') {
      console.warn(
        `The PostgreSQL database's collation is ${collation}: names may sort differently than on SQLite. ` +
          `Create it with: CREATE DATABASE parkpilot TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'.`,
      );
    }
  }
  await withAdvisoryLock(db, SEED_LOCK, async () => {
    if (await isCatalogueEmpty(db)) {
      const added = await seedCatalogue(db);
      log(`Seeded the demonstration catalogue: ${added.locations} locations, ${added.providers} providers.`);
    }
    const posts = await seedBlog(db);
    if (posts) log(`Seeded the demonstration blog: ${posts} articles.`);
  });
}
