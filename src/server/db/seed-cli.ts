// npm run db:seed: migrates, then adds whatever of the demonstration catalogue is missing.
import { loadEnv } from '../env';
import { closeDatabase, migrateDatabase } from './client';
import { openConfiguredDatabase } from './boot';
import { seedBlog, seedCatalogue } from './seed';

const env = loadEnv();
const db = openConfiguredDatabase(env);
await migrateDatabase(db);
console.log('Seeded:', await seedCatalogue(db), { blogPosts: await seedBlog(db) });
await closeDatabase(db);
