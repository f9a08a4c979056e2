// Server entry: reads env, migrates, seeds an empty database, serves, and shuts down gracefully.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { isCatalogueEmpty, seedBlog, seedCatalogue } from './db/seed';
import { createMailer } from './integrations/mailer';
import { createPaymentsGateway } from './integrations/payments';
import { jobHandlers } from './jobs/handlers';
import { pruneJobs } from './jobs/queue';
import { createJobRunner } from './jobs/runner';
import { schedulerTick } from './modules/blog/blog.service';
import { pruneEvents } from './modules/analytics/analytics.service';
import { loadEnv } from './env';
import { adminExists, ensureAdmin } from './modules/auth/auth.service';
import { deleteExpiredSessions } from './modules/auth/session';
import { settleExpiredHolds } from './modules/bookings/checkout';
import { maskEmails } from './request-log';

const env = loadEnv();
const db = openDatabase(env.DATABASE_PATH);
migrateDatabase(db);
if (isCatalogueEmpty(db)) {
  const added = seedCatalogue(db);
  console.log(`Seeded the demonstration catalogue: ${added.locations} locations, ${added.providers} providers.`);
}
const posts = seedBlog(db);
if (posts) console.log(`Seeded the demonstration blog: ${posts} articles.`);
// The blog scheduler's state is in the database; this checks every minute whether a post is due.
setInterval(() => schedulerTick(db), 60_000).unref();
// First-party analytics keep events for ANALYTICS_RETENTION_DAYS only.
pruneEvents(db, env.ANALYTICS_RETENTION_DAYS);
setInterval(() => pruneEvents(db, env.ANALYTICS_RETENTION_DAYS), 24 * 60 * 60 * 1000).unref();

const admin = await ensureAdmin(db, env);
if (admin === 'created') console.log(`Created the administrator account ${maskEmails(env.ADMIN_EMAIL!)}.`);
if (admin === 'granted') console.log(`${maskEmails(env.ADMIN_EMAIL!)} existed without the administrator role: its password was reset to ADMIN_PASSWORD, its sessions ended, and it is now the administrator.`);
if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD && !adminExists(db)) {
  const message =
    'ADMIN_EMAIL is set but ADMIN_PASSWORD is not, and no administrator exists. Nobody becomes administrator by registering with that e-mail: ' +
    'set ADMIN_PASSWORD (12 characters or more) for this start, or run `npm run admin:create`.';
  if (env.NODE_ENV === 'production') {
    console.error(`Refusing to start: ${message}`);
    process.exit(1);
  }
  console.warn(message);
}
// Expired sessions are removed when presented; this sweeps the ones never presented again.
deleteExpiredSessions(db);
setInterval(() => deleteExpiredSessions(db), 60 * 60 * 1000).unref();

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = [path.resolve(here, '../client'), path.resolve(process.cwd(), 'dist/client')].find((d) =>
  fs.existsSync(path.join(d, 'index.html')),
);

// Side effects (mail, refunds) run from the jobs table, off the request path.
const mailer = createMailer(env, (line) => console.log(maskEmails(line)));
const payments = createPaymentsGateway(env, db);
const jobs = createJobRunner(db, jobHandlers({ db, env, mailer, payments }));
jobs.start();
pruneJobs(db);
setInterval(() => pruneJobs(db), 24 * 60 * 60 * 1000).unref();
// Payment holds whose checkout request never came back are settled (confirmed if paid, else released).
const settleHolds = () =>
  settleExpiredHolds({ db, payments, jobs }).catch((err) => console.error('Settling expired holds failed:', err instanceof Error ? err.message : err));
void settleHolds();
setInterval(settleHolds, 60_000).unref();

const app = createApp({ db, env, clientDir, mailer, payments, jobs });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`${env.BRAND_NAME} listening on ${env.APP_URL} (port ${info.port})`);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing in-flight requests…`);
  const force = setTimeout(() => {
    console.error('Shutdown timed out; closing connections.');
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  }, 10_000);
  force.unref();
  server.close(async () => {
    await jobs.stop();
    db.$client.close();
    console.log('Closed the database. Bye.');
    process.exit(0);
  });
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
