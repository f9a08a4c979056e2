// npm run db:backup [file]: a consistent online backup of the SQLite database (safe while serving). On
// PostgreSQL use the server's own tools (pg_dump, or the provider's snapshots).
import path from 'node:path';
import fs from 'node:fs';
import { loadEnv } from '../env';
import { closeDatabase, openDatabase, sqliteConnection } from './client';

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (or your provider\'s snapshots), not this command.');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? path.join(path.dirname(env.DATABASE_PATH), 'backups', `app-${stamp}.db`);
fs.mkdirSync(path.dirname(target), { recursive: true });
const db = openDatabase(env.DATABASE_PATH);
await sqliteConnection(db)!.backup(target);
await closeDatabase(db);
console.log(`Backed up ${env.DATABASE_PATH} to ${target}`);
