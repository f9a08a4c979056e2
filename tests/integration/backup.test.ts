// npm run db:backup and npm run db:restore on this run's engine (SQLite, or PostgreSQL under test:pg): a backup
// taken while the database is open restores to exactly what it held, later writes gone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, ENGINE, openDatabase } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { createTestDatabase } from '../support/databases';

const root = path.resolve(import.meta.dirname, '../..');
const database = await createTestDatabase('parkpilot-backup-');
const { dir } = database;
afterAll(() => database.remove());

/** Runs one of the npm scripts' programs against the test database. */
function cli(script: 'backup-cli' | 'restore-cli', ...args: string[]) {
  return execFileSync(process.execPath, ['--import', 'tsx', `src/server/db/${script}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ENGINE === 'postgres' ? database.target : '',
      DATABASE_PATH: ENGINE === 'postgres' ? path.join(dir, 'unused.db') : database.target,
    },
  });
}

async function addUser(email: string) {
  const db = openDatabase(database.target);
  try {
    await db.insert(users).values({ name: 'Backup Test', email });
  } finally {
    await closeDatabase(db);
  }
}

async function emails() {
  const db = openDatabase(database.target);
  try {
    return (await db.select({ email: users.email }).from(users).where(eq(users.name, 'Backup Test'))).map((u) => u.email).sort();
  } finally {
    await closeDatabase(db);
  }
}

describe(`backup and restore (${ENGINE})`, () => {
  it('restores the database to the backup, and keeps the replaced SQLite file beside it', { timeout: 120_000 }, async () => {
    await addUser('before-backup@example.com');
    const file = path.join(dir, 'backups', `app.${ENGINE === 'postgres' ? 'dump' : 'db'}`);
    // Taken while another handle holds the database open (a running server).
    const open = openDatabase(database.target);
    try {
      expect(cli('backup-cli', file)).toContain(`to ${file}`);
    } finally {
      await closeDatabase(open);
    }
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);

    await addUser('after-backup@example.com');
    expect(await emails()).toEqual(['after-backup@example.com', 'before-backup@example.com']);

    const out = cli('restore-cli', file);
    expect(out).toContain(`from ${file}`);
    expect(await emails()).toEqual(['before-backup@example.com']);
    if (ENGINE === 'sqlite') {
      const kept = /the replaced database is at (.+)$/m.exec(out)![1]!;
      expect(fs.existsSync(kept)).toBe(true);
    }
  });

  it('refuses a file that is not a backup, leaving the database as it was', { timeout: 60_000 }, async () => {
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    expect(() => cli('restore-cli', junk)).toThrow();
    expect(await emails()).toEqual(['before-backup@example.com']);
  });
});
