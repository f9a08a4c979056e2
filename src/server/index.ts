// Server entry: reads env, migrates, seeds an empty database, serves, and shuts down gracefully.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { isCatalogueEmpty, seedBlog, seedCatalogue } from './db/seed';
import { schedulerTick } from './modules/blog/blog.service';
import { pruneEvents } from './modules/analytics/analytics.service';
import { loadEnv } from './env';
import { ensureAdmin } from './modules/auth/auth.service';
import { deleteExpiredSessions } from './modules/auth/session';

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
if (admin === 'created') console.log(`Created the administrator account ${env.ADMIN_EMAIL}.`);
// Expired sessions are removed when presented; this sweeps the ones never presented again.
deleteExpiredSessions(db);
setInterval(() => deleteExpiredSessions(db), 60 * 60 * 1000).unref();

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = [path.resolve(here, '../client'), path.resolve(process.cwd(), 'dist/client')].find((d) =>
  fs.existsSync(path.join(d, 'index.html')),
);

const app = createApp({ db, env, clientDir });
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
  server.close(() => {
    db.$client.close();
    console.log('Closed the database. Bye.');
    process.exit(0);
  });
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
