// Server entry: reads env, opens the database (SQLite file, or PostgreSQL with DATABASE_URL), migrates and seeds
// under locks, serves, queues periodic work once across servers, and drains on SIGTERM.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, type Lifecycle } from './app';
import { metricsHandler } from './observability/metrics';
import { flushTracing, startTracing } from './observability/tracing';
import { closeDatabase } from './db/client';
import { describeDatabase, openConfiguredDatabase, prepareDatabase } from './db/boot';
import { systemClock } from './deps';
import { loadEnv } from './env';
import { createBlobStore } from './integrations/blobs';
import { createMailer } from './integrations/mailer';
import { createPaymentsGateway } from './integrations/payments';
import { jobHandlers } from './jobs/handlers';
import { periodicTasks } from './jobs/periodic';
import { createJobRunner, noJobRunner } from './jobs/runner';
import { createScheduler } from './jobs/scheduler';
import { adminExists, ensureAdmin } from './modules/auth/auth.service';
import { maskEmails } from './redact';
import { createLogger, enterWork, newRequestId, routeConsoleTo } from './observability/log';

const env = loadEnv();
// Every line this process writes is one JSON line (readable in development) through the redaction list
// (redact.ts), whoever writes it: our code, a library's console.*, a warning, a crash. The start is one unit
// of work with an id of its own; requests, jobs and periodic runs each get theirs.
const logger = createLogger(env);
routeConsoleTo(logger);
process.removeAllListeners('warning');
process.on('warning', (warning) => logger.warn({ warning: warning.name }, warning.message));
process.on('uncaughtException', (err) => {
  logger.fatal({ err: { type: err.name, message: err.message, stack: err.stack } }, 'Uncaught exception; exiting.');
  process.exit(1);
});
enterWork(`boot-${newRequestId().slice(0, 8)}`);
// Traces only when asked: the SDK is imported here and nowhere else, before anything it should see is made.
if (env.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
const db = openConfiguredDatabase(env);
await prepareDatabase(db);
// The deploy step before the servers start (compose.yaml's `migrate`): migrate, seed an empty database, exit.
if (process.argv.includes('--migrate-only')) {
  await closeDatabase(db);
  console.log(`Migrated ${describeDatabase(env)}`);
  process.exit(0);
}

const admin = await ensureAdmin(db, env);
if (admin === 'created') console.log(`Created the administrator account ${maskEmails(env.ADMIN_EMAIL!)}.`);
if (admin === 'granted')
  console.log(
    `${maskEmails(env.ADMIN_EMAIL!)} existed without the administrator role: its password was reset to ADMIN_PASSWORD, its sessions ended, and it is now the administrator.`,
  );
if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD && !(await adminExists(db))) {
  const message =
    'ADMIN_EMAIL is set but ADMIN_PASSWORD is not, and no administrator exists. Nobody becomes administrator by registering with that e-mail: ' +
    'set ADMIN_PASSWORD (12 characters or more) for this start, or run `npm run admin:create`.';
  if (env.NODE_ENV === 'production') {
    console.error(`Refusing to start: ${message}`);
    process.exit(1);
  }
  console.warn(message);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = [path.resolve(here, '../client'), path.resolve(process.cwd(), 'dist/client')].find((d) => fs.existsSync(path.join(d, 'index.html')));

// Side effects (mail, refunds) run from the jobs table, off the request path; every server works on it.
const mailer = createMailer(env, (line) => logger.info(line));
const payments = createPaymentsGateway(env, db);
const blobs = createBlobStore(env);
const services = { db, env, mailer, payments, blobs, clock: systemClock };
// RUN_JOBS=0: a server that only answers requests; its jobs wait, queued, for a server that runs them.
const jobs = env.RUN_JOBS ? createJobRunner(db, jobHandlers(services)) : noJobRunner;
jobs.start();
// Periodic work (blog scheduler, expired holds, pruning): each due run is queued once across all servers, as a job.
const scheduler = createScheduler(db, periodicTasks({ ...services, jobs }), { now: services.clock.now, jobs });
scheduler.start();

const lifecycle: Lifecycle = { draining: false };
const app = createApp({ ...services, jobs, clientDir, lifecycle, logger });
// Metrics on a port of their own (still behind METRICS_TOKEN), away from the public listener.
const metricsServer =
  env.METRICS_PORT && env.METRICS_TOKEN ? serve({ fetch: new Hono().get('/metrics', metricsHandler(env.METRICS_TOKEN)).fetch, port: env.METRICS_PORT, hostname: env.HOST }) : null;
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`${env.BRAND_NAME} listening on ${env.APP_URL} (port ${info.port}), data in ${describeDatabase(env)}`);
});

// SIGTERM: /readyz answers 503 at once so the load balancer stops sending, and responses ask clients to close
// their connections. After DRAIN_DELAY_MS the server keeps accepting until no new connection has arrived for
// ACCEPT_QUIET_MS (or ACCEPT_DRAIN_MAX_MS passed): closing the listener while connections wait in the kernel's
// accept queue would reset them, and a burst fills that queue faster than a load balancer notices a 503. Then
// the listener closes, requests in flight finish, periodic work and the job in hand finish and release their
// locks, and the database closes. A second signal, or 10 s more, closes the remaining connections.
const ACCEPT_QUIET_MS = 300;
const ACCEPT_DRAIN_MAX_MS = 10_000;
let lastConnectionAt = Date.now();
server.on('connection', () => {
  lastConnectionAt = Date.now();
});

function whenAcceptQueueQuiet(): Promise<void> {
  const until = Date.now() + ACCEPT_DRAIN_MAX_MS;
  return new Promise((resolve) => {
    const poll = () => (Date.now() - lastConnectionAt >= ACCEPT_QUIET_MS || Date.now() >= until ? resolve() : setTimeout(poll, 50));
    poll();
  });
}

let closing = false;
function shutdown(signal: string) {
  if (closing) {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    return;
  }
  closing = true;
  lifecycle.draining = true;
  console.log(`${signal} received: draining (readiness 503), closing in ${env.DRAIN_DELAY_MS} ms…`);
  setTimeout(async () => {
    await whenAcceptQueueQuiet();
    const force = setTimeout(() => {
      console.error('Shutdown timed out; closing connections.');
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, 10_000);
    force.unref();
    metricsServer?.close();
    server.close(async () => {
      await Promise.all([scheduler.stop(), jobs.stop()]);
      await closeDatabase(db);
      await flushTracing();
      console.log('Closed the database. Bye.');
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  }, env.DRAIN_DELAY_MS);
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
