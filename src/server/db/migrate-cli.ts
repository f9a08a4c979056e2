// npm run db:migrate: applies the committed migrations of this engine (db/migrations for SQLite,
// db/migrations-pg for PostgreSQL) to DATABASE_URL, or to DATABASE_PATH when no URL is set. Servers migrate
// at start too (under a lock); running this first is the safer deploy step for several servers.
import { loadEnv } from '../env';
import { closeDatabase, migrateDatabase } from './client';
import { describeDatabase, openConfiguredDatabase } from './boot';

const env = loadEnv();
const db = openConfiguredDatabase(env);
await migrateDatabase(db);
await closeDatabase(db);
console.log(`Migrated ${describeDatabase(env)}`);
