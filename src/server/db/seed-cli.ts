// npm run db:seed: migrates, then adds whatever of the demonstration catalogue is missing.
import { loadEnv } from '../env';
import { migrateDatabase, openDatabase } from './client';
import { seedBlog, seedCatalogue } from './seed';

const env = loadEnv();
const db = openDatabase(env.DATABASE_PATH);
migrateDatabase(db);
console.log('Seeded:', seedCatalogue(db), { blogPosts: seedBlog(db) });
db.$client.close();
