// npm run db:restore -- <file>: replaces the configured database with a backup from `npm run db:backup`.
// Stop every app server first. SQLite keeps the replaced file beside it; PostgreSQL is restored with
// pg_restore --clean in one transaction. The next start migrates a backup from an older release forward.
import { loadEnv } from '../env';
import { restoreDatabase } from './backup';
import { databaseTarget, describeDatabase } from './boot';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>   (stop the app servers first)');
  process.exit(2);
}
const env = loadEnv();
const kept = await restoreDatabase(databaseTarget(env), file);
console.log(`Restored ${describeDatabase(env)} from ${file}${kept ? `; the replaced database is at ${kept}` : ''}`);
