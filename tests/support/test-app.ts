// Builds the real app on a throwaway copy of the seeded base database, for HTTP-level tests, on the engine of
// this run (SQLite for npm test, PostgreSQL for npm run test:pg).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

export const TEST_ORIGIN = 'http://localhost:3999';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  deps: { payments?: PaymentsGateway | ((db: DB) => PaymentsGateway); mailer?: Mailer; blobs?: BlobStore; clock?: Clock; skipJobs?: (kind: string) => boolean } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-test-'));
  const database = await createTestDatabase(dir);
  const env: TEnv = loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    APP_URL: TEST_ORIGIN,
    DATABASE_PATH: database.target.startsWith('postgres') ? path.join(dir, 'unused.db') : database.target,
    DATABASE_URL: database.target.startsWith('postgres') ? database.target : '',
    OUTBOX_DIR: path.join(dir, 'outbox'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    LOG_REQUESTS: '0',
    ...envOverrides,
  });
  const db = openDatabase(database.target);
  const mailer = deps.mailer ?? createMailer(env, () => undefined);
  const payments = typeof deps.payments === 'function' ? deps.payments(db) : (deps.payments ?? createPaymentsGateway(env, db));
  const blobs = deps.blobs ?? createLocalBlobStore(env.UPLOADS_DIR);
  // A test may pass a clock of its own (moved by hand) so policy windows and stays pass without waiting.
  const clock = deps.clock ?? systemClock;
  // The server polls its jobs; tests run them to the end with drain() (outbox() drains first).
  const services = { db, env, mailer, payments, blobs, clock };
  // A test that follows money, not e-mails, may have some kinds of job done without running (skipJobs).
  const handlers = Object.fromEntries(
    Object.entries(jobHandlers(services)).map(([kind, job]) => [kind, deps.skipJobs?.(kind) ? { ...job, run: async () => undefined } : job]),
  );
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
    await closeDatabase(db);
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { app, db, env, request, close, dir, payments, jobs, drain, outbox, blobs, lifecycle };
}
