// npm run db:backup [file]: a consistent online backup of the SQLite database (safe while serving).
import path from 'node:path';
import fs from 'node:fs';
import { loadEnv } from '../env';
import { openDatabase } from './client';

const env = loadEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? path.join(path.dirname(env.DATABASE_PATH), 'backups', `app-${stamp}.db`);
fs.mkdirSync(path.dirname(target), { recursive: true });
const db = openDatabase(env.DATABASE_PATH);
await db.$client.backup(target);
db.$client.close();
console.log(`Backed up ${env.DATABASE_PATH} to ${target}`);
