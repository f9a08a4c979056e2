// The one way a test gets a database or an app, on the engine of this run (SQLite for npm test, PostgreSQL for
// npm run test:pg), each a throwaway copy of the seeded base: createTestApp (the real app, for HTTP-level tests),
// createTestDb (a handle alone, for tests of services) and withTestDb (the same, fresh for each test).
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApp } from '@/server/app';
import { closeDatabase, openDatabase, type DB } from '@/server/db/client';
import { systemClock, type Clock } from '@/server/deps';
import { loadEnv, type TEnv } from '@/server/env';
import { createLocalBlobStore } from '@/server/integrations/blobs/local';
import type { BlobStore } from '@/server/integrations/blobs/types';
import { createMailer, readOutbox } from '@/server/integrations/mailer';
import type { Mailer } from '@/server/integrations/mailer/types';
import { createPaymentsGateway, type PaymentsGateway } from '@/server/integrations/payments';
import { jobHandlers } from '@/server/jobs/handlers';
import { createJobRunner } from '@/server/jobs/runner';
import { createLogger } from '@/server/observability/log';
import { createTestDatabase } from './databases';
import { TEST_ORIGIN } from './http';

export { TEST_ORIGIN };

export interface TestDb {
  db: DB;
  /** What openDatabase takes, for a second handle or a child process. */
  target: string;
  /** A directory of its own, removed by close(). */
  dir: string;
  close: () => Promise<void>;
}

/** A fresh seeded database, opened; close() closes and removes it. */
export async function createTestDb(): Promise<TestDb> {
  const database = await createTestDatabase();
  const db = openDatabase(database.target);
  return {
    db,
    target: database.target,
    dir: database.dir,
    close: async () => {
      await closeDatabase(db);
      await database.remove();
    },
  };
}

/**
 * A fresh seeded database for each test of the file (or of the describe block it is called in): read
 * `.db` inside tests and hooks declared after this call.
 */
export function withTestDb(): { readonly db: DB; readonly target: string } {
  let current: TestDb | undefined;
  beforeEach(async () => {
    current = await createTestDb();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const get = () => {
    if (!current) throw new Error('withTestDb(): the database exists only while a test runs');
    return current;
  };
  return {
    get db() {
      return get().db;
    },
    get target() {
      return get().target;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  deps: { payments?: PaymentsGateway | ((db: DB) => PaymentsGateway); mailer?: Mailer; blobs?: BlobStore; clock?: Clock; skipJobs?: (kind: string) => boolean } = {},
) {
  const database = await createTestDb();
  const { db, dir, target } = database;
  const env: TEnv = loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    APP_URL: TEST_ORIGIN,
    DATABASE_PATH: target.startsWith('postgres') ? path.join(dir, 'unused.db') : target,
    DATABASE_URL: target.startsWith('postgres') ? target : '',
    OUTBOX_DIR: path.join(dir, 'outbox'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    LOG_REQUESTS: '0',
    ...envOverrides,
  });
  const mailer = deps.mailer ?? createMailer(env, () => undefined);
  const payments = typeof deps.payments === 'function' ? deps.payments(db) : (deps.payments ?? createPaymentsGateway(env, db));
  const blobs = deps.blobs ?? createLocalBlobStore(env.UPLOADS_DIR);
  // A test may pass a clock of its own (moved by hand) so policy windows and stays pass without waiting.
  const clock = deps.clock ?? systemClock;
  // The server polls its jobs; tests run them to the end with drain() (outbox() drains first).
  const services = { db, env, mailer, payments, blobs, clock };
  // A test that follows money, not e-mails, may have some kinds of job done without running (skipJobs).
  const handlers = Object.fromEntries(Object.entries(jobHandlers(services)).map(([kind, job]) => [kind, deps.skipJobs?.(kind) ? { ...job, run: async () => undefined } : job]));
  const jobs = createJobRunner(db, handlers);
  const lifecycle = { draining: false };
  // The server's JSON log lines (LOG_REQUESTS=1) go through console.log here, where a test can read them.
  const logger = createLogger(env, { write: (line: string) => console.log(line.trimEnd()) });
  const app = createApp({ ...services, jobs, lifecycle, logger });
  const request = (p: string, init?: RequestInit) => app.request(`${TEST_ORIGIN}${p}`, init);
  const drain = () => jobs.drain();
  const outbox = async () => {
    await drain();
    return readOutbox(env.OUTBOX_DIR);
  };
  const close = async () => {
    // A job a test left hanging (a mail server that never answers) is abandoned to its lease.
    await jobs.stop(200);
    await database.close();
  };
  return { app, db, env, request, close, dir, payments, jobs, drain, outbox, blobs, lifecycle };
}
