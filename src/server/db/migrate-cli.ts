// npm run db:migrate: applies the committed migrations to DATABASE_PATH.
import { loadEnv } from '../env';
import { migrateDatabase, openDatabase } from './client';

const env = loadEnv();
const db = openDatabase(env.DATABASE_PATH);
migrateDatabase(db);
db.$client.close();
console.log(`Migrated ${env.DATABASE_PATH}`);
