// npm run db:backup [file]: a consistent online backup of the configured database (SQLite file, or PostgreSQL
// with DATABASE_URL through pg_dump), by default to data/backups/app-<time>.db (or .dump). Safe while serving.
import path from 'node:path';
import { loadEnv } from '../env';
import { backupDatabase, backupExtension } from './backup';
import { databaseTarget, describeDatabase } from './boot';

const env = loadEnv();
const target = databaseTarget(env);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = process.argv[2] ?? path.join(env.DATABASE_URL ? 'data' : path.dirname(env.DATABASE_PATH), 'backups', `app-${stamp}.${backupExtension(target)}`);
await backupDatabase(target, file);
console.log(`Backed up ${describeDatabase(env)} to ${file}`);
