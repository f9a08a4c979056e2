// npm run db:copy-to-postgres [-- --from ./data/app.db]: copies an SQLite database (DATABASE_PATH by default)
// into the empty PostgreSQL database at DATABASE_URL, in one transaction: every table, every row, with its
// id, timestamps (milliseconds become timestamptz) and JSON (text becomes jsonb); then the id sequences move
// past the copied ids. Stop the server first (or copy a backup from npm run db:backup).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { loadEnv } from '../env';
import { closeDatabase, ENGINE, migrateDatabase, migrationsFolder, postgresPool } from './client';
import { openConfiguredDatabase } from './boot';
import { copyTables, type CopyReport } from './copy';

const env = loadEnv();
const fromFlag = process.argv.indexOf('--from');
const from = fromFlag > 0 ? process.argv[fromFlag + 1] : env.DATABASE_PATH;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!env.DATABASE_URL || ENGINE !== 'postgres') fail('Set DATABASE_URL=postgres://user:password@host:5432/database (an empty database) to copy into.');
if (!from || !fs.existsSync(from)) fail(`No SQLite database at ${from ?? '(none)'}: pass --from <file> or set DATABASE_PATH.`);

const sqlite = new Database(from, { readonly: true, fileMustExist: true });
// The copy maps today's schema: the SQLite file must have every migration (a start of the current version does that).
const journal = JSON.parse(fs.readFileSync(`${migrationsFolder('sqlite')}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
const applied = (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
if (applied !== journal.entries.length) {
  fail(
    `${from} has ${applied} of ${journal.entries.length} migrations: start this version of the server on it once (or run npm run db:migrate with DATABASE_URL unset), then copy.`,
  );
}

const db = openConfiguredDatabase(env);
let report: CopyReport;
try {
  await migrateDatabase(db);
  report = await copyTables(sqlite, postgresPool(db)!);
} catch (err) {
  await closeDatabase(db);
  fail(`Copy failed, nothing was written: ${err instanceof Error ? err.message : String(err)}`);
}
await closeDatabase(db);
sqlite.close();
console.table(report.tables);
console.log(`Copied ${report.rows.toLocaleString('en-US')} rows from ${from}. Start the servers with DATABASE_URL set.`);
