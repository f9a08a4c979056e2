// A throwaway PostgreSQL server for tests and the bench: Debian's postgresql package (installed with apt-get
// when missing), a fresh cluster in a temporary folder owned by a non-root user (PostgreSQL refuses to run
// as root), listening on 127.0.0.1 only, C collation. `startPostgres()` returns its URL and `stop()`.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export function ensurePostgres() {
  let bin = binDir();
  if (bin) return bin;
  console.log('PostgreSQL not found: installing Debian’s postgresql package with apt-get…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql', { stdio: 'inherit' });
  bin = binDir();
  if (!bin) throw new Error('PostgreSQL is still missing under /usr/lib/postgresql');
  return bin;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts a cluster. `fast` turns durability off (fsync, full page writes), for tests only; the bench keeps
 * fsync and commits like SQLite in WAL mode with synchronous=NORMAL (synchronous_commit off).
 */
export async function startPostgres({ fast = true, port } = {}) {
  const bin = ensurePostgres();
  const asRoot = process.getuid?.() === 0;
  // Root runs the server as the postgres user the package created.
  const user = asRoot ? 'postgres' : os.userInfo().username;
  const run = (cmd, args) =>
    asRoot ? execFileSync('runuser', ['-u', user, '--', path.join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-pg-'));
  if (asRoot) execFileSync('chown', ['-R', `${user}:`, dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'parkpilot', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  port ??= await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=300',
    '-c shared_buffers=256MB',
    '-c synchronous_commit=off',
    ...(fast ? ['-c fsync=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  const url = `postgres://parkpilot@127.0.0.1:${port}/postgres`;
  let stopped = false;
  /** Kills the server as a crash would (immediate shutdown), keeping its data; `start()` brings it back. */
  const kill = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url, port, dir, stop, kill, start, urlFor: (name) => url.replace(/\/postgres$/, `/${name}`) };
}

/** Creates a database with C collation on the cluster at `url` and returns its URL. */
export async function createDatabase(url, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  } finally {
    await client.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}
