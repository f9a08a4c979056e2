// The app's health part (createApp, app.ts): what every request leaves for the operator (its id, a span, metrics,
// one log line), the drain after SIGTERM, and the health endpoints. /healthz and /livez: the process answers (no
// I/O; /healthz is the bench's yardstick). /readyz: this server can take traffic: not draining after SIGTERM,
// the database answers, every committed migration is applied, and the blob store is reachable. A 503 names each
// failing part, so an operator (or the load balancer's log) sees what to fix. Each check has its own deadline: a
// database that hangs fails readiness in seconds instead of holding the probe open.
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { pendingMigrations, pingDatabase, type DB } from '../db/client';
import type { TEnv } from '../env';
import type { BlobStore } from '../integrations/blobs/types';
import { createLogger } from '../observability/log';
import { enableMetrics, metricsHandler, requestMetrics } from '../observability/metrics';
import { routeOf } from '../observability/route';
import { inSpan, tracingEnabled, withIncomingContext } from '../observability/tracing';
import { requestIds, requestLog } from '../request-log';
import { appRouter } from '../trpc/root';

export interface Lifecycle {
  draining: boolean;
}

/**
 * The first middleware of all, in this order: the request id (X-Request-Id, kept when well formed) on every line
 * the request writes and every job it queues; a server span (when OTEL_EXPORTER_OTLP_ENDPOINT started tracing);
 * metrics (METRICS_TOKEN); the request's one log line (LOG_REQUESTS); and, while draining, `Connection: close` on
 * every answer, so the next request opens a new connection, which the load balancer sends to a server that stays.
 */
export function observeRequests(app: Hono, deps: { db: DB; env: TEnv; logger?: Logger; lifecycle: Lifecycle }) {
  const { db, env, lifecycle } = deps;
  app.use(requestIds());
  if (tracingEnabled()) {
    app.use((c, next) =>
      withIncomingContext(
        (name) => c.req.header(name),
        () =>
          inSpan(c.req.method, 'server', { 'http.request.method': c.req.method }, async (span) => {
            await next();
            const route = routeOf(c);
            span?.updateName(`${c.req.method} ${route}`);
            span?.setAttribute('http.route', route);
            span?.setAttribute('http.response.status_code', c.res.status);
          }),
      ),
    );
  }
  if (env.METRICS_TOKEN) {
    enableMetrics(db);
    app.use(requestMetrics());
    // On the public port unless METRICS_PORT gives it one of its own (src/server/index.ts).
    if (!env.METRICS_PORT) app.get('/metrics', metricsHandler(env.METRICS_TOKEN));
  }
  if (env.LOG_REQUESTS) app.use(requestLog(deps.logger ?? createLogger(env), new Set(Object.keys(appRouter._def.procedures))));
  app.use(async (c, next) => {
    await next();
    if (lifecycle.draining) c.header('Connection', 'close');
  });
}

const CHECK_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Each readiness check: null when fine, else a short reason (never a secret or a stack). */
async function readiness(db: DB, blobs: BlobStore | undefined): Promise<Record<string, string | null>> {
  const check = async (work: () => Promise<string | null>) => {
    try {
      return await within(CHECK_TIMEOUT_MS, work());
    } catch (err) {
      return (err as Error).message.split('\n')[0]!.slice(0, 160) || 'failed';
    }
  };
  const [database, migrations, blobStore] = await Promise.all([
    check(async () => (await pingDatabase(db), null)),
    check(async () => {
      const pending = await pendingMigrations(db);
      return pending ? `${pending} migration${pending === 1 ? '' : 's'} not applied` : null;
    }),
    blobs ? check(async () => (await blobs.ping(), null)) : Promise.resolve(null),
  ]);
  return { database, migrations, blobs: blobStore };
}

export function mountHealthRoutes(app: Hono, deps: { db: DB; blobs?: BlobStore; lifecycle: Lifecycle }) {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/livez', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    if (deps.lifecycle.draining) return c.json({ ok: false, reason: 'draining', failing: ['draining'] }, 503);
    const checks = await readiness(deps.db, deps.blobs);
    const failing = Object.keys(checks).filter((k) => checks[k]);
    if (!failing.length) return c.json({ ok: true });
    // `reason` keeps the first failing part (what earlier versions answered); `checks` says why for each.
    return c.json({ ok: false, reason: failing[0], failing, checks }, 503);
  });
}
