// Backups and restores, on either engine. SQLite: an online copy through SQLite's backup API (consistent while
// the server writes), restored by swapping the file in while no server runs (the replaced file is kept beside
// it). PostgreSQL: pg_dump's custom format, restored with pg_restore --clean into the configured database (the
// servers stopped, or at least not writing). A backup from an older release restores, then migrates forward
// at the next start.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase, sqliteConnection } from './client';
import { isPostgresUrl } from './schema/_kit';

/** A PostgreSQL client program (pg_dump, pg_restore): on PATH, or the newest in Debian's /usr/lib/postgresql. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin', name)).find((p) => fs.existsSync(p));
  return found ?? name;
}

/** pg_dump and pg_restore take the password from the environment, never the command line (ps shows it). */
function pgArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  u.password = '';
  return { args: ['--dbname', u.toString()], env };
}

export const backupExtension = (target: string) => (isPostgresUrl(target) ? 'dump' : 'db');

/** Writes a consistent backup of the database at `target` (SQLite file or PostgreSQL URL) to `file`. */
export async function backupDatabase(target: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (isPostgresUrl(target)) {
    const { args, env } = pgArgs(target);
    execFileSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', '--file', file, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    return;
  }
  const db = openDatabase(target);
  try {
    await sqliteConnection(db)!.backup(file);
  } finally {
    await closeDatabase(db);
  }
}

/**
 * Replaces the database at `target` with the backup in `file`. SQLite: the backup is checked first
 * (integrity_check), the current file (with its -wal and -shm) is moved to `<file>.before-restore-<stamp>`.
 * Returns where the replaced SQLite file went (null on PostgreSQL).
 */
export async function restoreDatabase(target: string, file: string): Promise<string | null> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  if (isPostgresUrl(target)) {
    const { args, env } = pgArgs(target);
    execFileSync(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', ...args, file], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return null;
  }
  const check = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup ${file} is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  let moved: string | null = null;
  if (fs.existsSync(target)) {
    fs.renameSync(target, kept);
    moved = kept;
  }
  for (const suffix of ['-wal', '-shm']) if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, kept + suffix);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  fs.copyFileSync(file, target);
  return moved;
}
