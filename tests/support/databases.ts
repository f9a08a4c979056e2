// Throwaway databases for tests, on the engine this run uses. SQLite (npm test): the global setup migrates and
// seeds one base file, and each test app copies it. PostgreSQL (npm run test:pg, TEST_PG_URL set): the global
// setup migrates and seeds a template database, and each test app is a CREATE DATABASE ... TEMPLATE of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDatabase, ENGINE, migrateDatabase, openDatabase, sqliteConnection } from '@/server/db/client';
import { seedBlog, seedCatalogue } from '@/server/db/seed';

const TEMPLATE = 'parkpilot_test_base';

/** The maintenance database URL of the test PostgreSQL server (test:pg sets TEST_PG_URL). */
function adminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run PostgreSQL tests through npm run test:pg');
  return url;
}

const urlFor = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Global setup: the migrated, seeded base every test database starts from. Returns its teardown. */
export async function createBaseDatabase(): Promise<() => Promise<void>> {
  if (ENGINE === 'postgres') {
    await admin(async (c) => {
      await c.query(`drop database if exists ${TEMPLATE} with (force)`);
      // C collation: text sorts by code point on every machine, as SQLite sorts it.
      await c.query(`create database ${TEMPLATE} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
    });
    const db = openDatabase(urlFor(TEMPLATE));
    await migrateDatabase(db);
    await seedCatalogue(db);
    await seedBlog(db);
    await closeDatabase(db);
    process.env.TEST_BASE_DB = TEMPLATE;
    return () => admin(async (c) => void (await c.query(`drop database if exists ${TEMPLATE} with (force)`)));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-base-'));
  const file = path.join(dir, 'base.db');
  const db = openDatabase(file);
  await migrateDatabase(db);
  await seedCatalogue(db);
  await seedBlog(db);
  sqliteConnection(db)!.pragma('wal_checkpoint(TRUNCATE)');
  await closeDatabase(db);
  process.env.TEST_BASE_DB = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

let made = 0;

/**
 * Drops a test database once the closed app's connections have gone: pg's pool.end() resolves before its
 * backends exit, and forcing them out then makes the pool log an idle-client error into the next test.
 */
async function dropWhenIdle(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
    if (Number(rows[0]?.n ?? 0) === 0) break;
    await new Promise((r) => setTimeout(r, 50)); // polling the server's view of the connections
  }
  await c.query(`drop database if exists ${name} with (force)`);
}

/** A throwaway database and the directory beside it (outbox, uploads, files a test writes). */
export interface TestDatabase {
  /** What openDatabase takes: a copied SQLite file, or a PostgreSQL URL. */
  target: string;
  /** A directory of its own, removed with the database. */
  dir: string;
  /** Drops the database and deletes the directory; close every handle on it first. */
  remove: () => Promise<void>;
}

/**
 * A fresh database holding the seeded base, in a directory of its own: a copied file (SQLite) or a database
 * made from the template (PostgreSQL). Nothing is opened: a test that needs a handle takes createTestDb or
 * withTestDb (test-app.ts); one that hands the database to a child process (a server, a CLI) takes this.
 */
export async function createTestDatabase(prefix = 'parkpilot-test-'): Promise<TestDatabase> {
  const base = process.env.TEST_BASE_DB;
  if (!base) throw new Error('TEST_BASE_DB is not set: run through vitest (global setup)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (ENGINE === 'postgres') {
    const name = `parkpilot_test_${process.pid}_${++made}`;
    await admin(async (c) => {
      // Two workers copying the template at the same moment can collide; the loser tries again.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`create database ${name} template ${base}`);
          return;
        } catch (err) {
          if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
          // A back-off between attempts, not a wait for a result: the other copy holds the template until it ends.
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        }
      }
    });
    return {
      target: urlFor(name),
      dir,
      remove: async () => {
        await admin((c) => dropWhenIdle(c, name));
        removeDir();
      },
    };
  }
  const file = path.join(dir, 'app.db');
  fs.copyFileSync(base, file);
  return { target: file, dir, remove: async () => removeDir() };
}

/**
 * An empty database (no tables) on this run's engine, for tests that migrate by hand (from an older release's
 * schema, say). `target` is what openDatabase takes.
 */
export async function createEmptyDatabase(dir: string): Promise<{ target: string; drop: () => Promise<void> }> {
  if (ENGINE === 'postgres') {
    const name = `parkpilot_empty_${process.pid}_${++made}`;
    await admin(async (c) => void (await c.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`)));
    return { target: urlFor(name), drop: () => admin((c) => dropWhenIdle(c, name)) };
  }
  return { target: path.join(dir, `empty-${++made}.db`), drop: async () => undefined };
}
