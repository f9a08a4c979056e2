// Builds the real app on a throwaway copy of the seeded base database, for HTTP-level tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { loadEnv, type TEnv } from '@/server/env';
import { createMailer, readOutbox } from '@/server/integrations/mailer';
import type { Mailer } from '@/server/integrations/mailer/types';
import { createPaymentsGateway, type PaymentsGateway } from '@/server/integrations/payments';
import { jobHandlers } from '@/server/jobs/handlers';
import { createJobRunner } from '@/server/jobs/runner';

export const TEST_ORIGIN = 'http://localhost:3999';

export function createTestApp(
  envOverrides: Record<string, string> = {},
  deps: { payments?: PaymentsGateway | ((db: ReturnType<typeof openDatabase>) => PaymentsGateway); mailer?: Mailer } = {},
) {
  const base = process.env.TEST_BASE_DB;
  if (!base) throw new Error('TEST_BASE_DB is not set: run through vitest (global setup)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-test-'));
  const file = path.join(dir, 'app.db');
  fs.copyFileSync(base, file);
  const env: TEnv = loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    APP_URL: TEST_ORIGIN,
    DATABASE_PATH: file,
    OUTBOX_DIR: path.join(dir, 'outbox'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    LOG_REQUESTS: '0',
    ...envOverrides,
  });
  const db = openDatabase(file);
  const mailer = deps.mailer ?? createMailer(env, () => undefined);
  const payments = typeof deps.payments === 'function' ? deps.payments(db) : (deps.payments ?? createPaymentsGateway(env, db));
  // The server polls its jobs; tests run them to the end with drain() (outbox() drains first).
  const jobs = createJobRunner(db, jobHandlers({ db, env, mailer, payments }));
  const app = createApp({ db, env, mailer, payments, jobs });
  const request = (p: string, init?: RequestInit) => app.request(`${TEST_ORIGIN}${p}`, init);
  const drain = () => jobs.drain();
  const outbox = async () => {
    await drain();
    return readOutbox(env.OUTBOX_DIR);
  };
  const close = async () => {
    await jobs.stop();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { app, db, env, request, close, dir, payments, jobs, drain, outbox };
}
