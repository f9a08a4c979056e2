// Opens the SQLite database (WAL, busy timeout, foreign keys) and applies the committed migrations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const STATEMENT_CACHE_SIZE = 500;

/**
 * Drizzle prepares a new statement for every query it runs; compiling the same SQL again is a tenth of the
 * server's time under load. The connection keeps its compiled statements by SQL text (least recently used out
 * first) and hands each out in its default mode (drizzle switches to raw rows itself where it wants them).
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (stmt) cache.delete(source);
    else {
      stmt = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    if (stmt.reader) stmt.raw(false);
    return stmt;
  }) as typeof sqlite.prepare;
}

export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  return drizzle(sqlite, { schema }) as DB;
}

/** db/migrations, found from the source tree or from the built server in dist/server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../db/migrations'),
    path.resolve(here, '../../db/migrations'),
    path.resolve(process.cwd(), 'db/migrations'),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function migrateDatabase(db: DB) {
  migrate(db, { migrationsFolder: migrationsFolder() });
}
