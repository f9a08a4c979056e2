// Built app servers for the multi-server tests (npm run test:multi): each a real `node dist/server/index.js`
// process on the shared PostgreSQL database and S3 bucket, plus direct SQL for assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'ops@parkpilot.example', password: 'multi-server admin password' };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through npm run test:multi`);
  return value;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** A fresh, empty database (C collation) on the test cluster; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: required('TEST_PG_URL') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  } finally {
    await admin.end();
  }
  return required('TEST_PG_URL').replace(/\/[^/]*$/, `/${name}`);
}

/** One query against a database, rows back. */
export async function query<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface Server {
  name: string;
  base: string;
  pid: number;
  process: ChildProcess;
  /** Everything the server printed. */
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a built server on `databaseUrl` (S3 uploads when TEST_S3_ENDPOINT is set) and waits until it is ready. */
export async function startServer(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parkpilot-multi-${name}-`));
  const s3: Record<string, string> = process.env.TEST_S3_ENDPOINT
    ? { S3_BUCKET: required('TEST_S3_BUCKET'), S3_ENDPOINT: process.env.TEST_S3_ENDPOINT, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }
    : {};
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: databaseUrl,
      PG_POOL_SIZE: '8',
      OUTBOX_DIR: path.join(dir, 'outbox'),
      // Each server its own folder: an upload is visible on the other server only through S3.
      UPLOADS_DIR: path.join(dir, 'uploads'),
      LOG_REQUESTS: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: Server = {
    name,
    base,
    pid: child.pid!,
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited while starting:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`${name} did not become ready:\n${output}`);
}

/** JSON over HTTP with our Origin (state-changing requests need it). */
export async function call(server: Server, p: string, body?: unknown, opts: { cookie?: string; method?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.base}${p}`, {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { Origin: server.base, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(opts.cookie ? { Cookie: opts.cookie } : {}), ...opts.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, headers: res.headers };
}

export const sessionCookie = (headers: Headers): string =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('pp_session='))
    .join('; ');

export const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
