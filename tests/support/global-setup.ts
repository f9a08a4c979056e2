// Vitest global setup: migrate and seed one base database; each test file copies it (fast, isolated).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { seedBlog, seedCatalogue } from '@/server/db/seed';

export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-base-'));
  const file = path.join(dir, 'base.db');
  const db = openDatabase(file);
  migrateDatabase(db);
  seedCatalogue(db);
  seedBlog(db);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  process.env.TEST_BASE_DB = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
