// createApp(deps): the whole HTTP surface, composed from its parts in the order a request meets them: health
// (request ids, traces, metrics, the log line, the drain; /healthz, /readyz), security (headers, the path,
// Origin and body checks), assets (compression, blob-store images, the client build), context (services and
// each request's caller), the API (tRPC, the REST table, sign-in routes, webhooks) and pages (server rendering,
// the page cache, crawler files). Each part is a file in ./http.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { DB } from './db/client';
import type { Clock } from './deps';
import type { TEnv } from './env';
import { AppError } from './errors';
import { compressResponses, mountAssetRoutes, serveClientBuild } from './http/assets';
import { appServices, contextFactory } from './http/context';
import { mountHealthRoutes, observeRequests, type Lifecycle } from './http/health';
import { mountCrawlerFiles, mountPages, pageRenderer } from './http/pages';
import { guardRequests, secureResponses } from './http/security';
import type { BlobStore } from './integrations/blobs/types';
import type { Mailer } from './integrations/mailer/types';
import type { PaymentsGateway } from './integrations/payments';
import type { JobRunner } from './jobs/runner';
import { mountAuthRoutes } from './modules/auth/routes';
import { mountOgRoutes } from './modules/og/routes';
import { mountOfflinePassRoutes } from './modules/offline-pass/routes';
import { mountStripeWebhook } from './modules/payments/webhooks';
import { mountWalletWebService } from './modules/wallet/web-service';
import { redactUrl } from './redact';
import { responseHeaders } from './response-headers';
import { mountRestRoutes } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { sharedSearchAnswers } from './modules/search/shared-answers';
import { responseMeta } from './trpc/init';
import { appRouter } from './trpc/root';

export interface AppDeps {
  db: DB;
  env: TEnv;
  /** Built client (dist/client) with index.html and hashed assets; absent in tests and dev. */
  clientDir?: string;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox directory. */
  mailer?: Mailer;
  /** Defaults to Stripe when STRIPE_SECRET_KEY is set, else the sandbox gateway. */
  payments?: PaymentsGateway;
  /** The jobs runner (the server starts its polling; tests drain it). Made here when absent. */
  jobs?: JobRunner;
  /** Uploaded files; a local folder (UPLOADS_DIR) when absent. */
  blobs?: BlobStore;
  clock?: Clock;
  /** The server's state: while draining (after SIGTERM) /readyz answers 503. */
  lifecycle?: Lifecycle;
  /** The process's logger (src/server/observability/log.ts); one of its own when absent. */
  logger?: Logger;
}

export type { Lifecycle } from './http/health';
export { clientAddress } from './http/context';

export function createApp(deps: AppDeps) {
  const { db, env } = deps;
  const services = appServices(deps);
  const { mailer, payments, jobs } = services;
  const appOrigin = new URL(env.APP_URL!).origin;
  const lifecycle = deps.lifecycle ?? { draining: false };
  const app = new Hono();
  const createContext = contextFactory(services, (p) => Promise.resolve(app.request(`${appOrigin}${p}`, { headers: { 'User-Agent': 'ParkPilot page-speed check' } })));
  const pages = pageRenderer({ db, env, clientDir: deps.clientDir, createContext });

  // Middleware, in the order a request meets it.
  observeRequests(app, { db, env, logger: deps.logger, lifecycle });
  secureResponses(app, env);
  app.use(compressResponses());
  guardRequests(app, { appOrigin, notFoundPage: (c) => pages.render(c, new URL('/404/not-found', appOrigin)) });

  mountHealthRoutes(app, { db, blobs: deps.blobs, lifecycle });

  // The API: tRPC for the client, the REST table over the same procedures; each writes its answers' cookies and
  // Retry-After in one place (responseMeta; the adapter).
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => createContext(c),
      responseMeta,
      onError: ({ error, path: p }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${p} failed:`, error.cause ?? error);
      },
    }),
  );
  // Anonymous REST searches: the same address shares one answer for a few seconds (search/shared-answers.ts).
  const searchAnswers = sharedSearchAnswers(db);
  app.use('/api/search', searchAnswers);
  app.use('/api/parking/search', searchAnswers);
  mountRestRoutes(app, restRoutes, createContext);
  mountAuthRoutes(app, { db, env });
  // Apple Wallet's web service (when configured): devices fetch a booking's changed pass.
  mountWalletWebService(app, { db, env, clock: services.clock });
  if (payments.mode === 'stripe' && env.STRIPE_WEBHOOK_SECRET) {
    mountStripeWebhook(app, {
      db,
      env,
      mailer,
      payments,
      jobs,
      stripe: (payments as PaymentsGateway & { stripe: Stripe }).stripe,
      secret: env.STRIPE_WEBHOOK_SECRET,
      connectSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    });
  }

  mountAssetRoutes(app, { blobs: services.blobs });
  // Social card images (PNG 1200x630) for the Open Graph tags of public pages.
  mountOgRoutes(app, { db, env });
  // The service worker, the web app manifest and its icons, and /pass/{n} without a saved copy.
  mountOfflinePassRoutes(app, { env, clientDir: deps.clientDir });
  mountCrawlerFiles(app, { db, env });
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  if (deps.clientDir) serveClientBuild(app, deps.clientDir);
  mountPages(app, pages);

  app.onError((err, c) => {
    // A service's own refusal (errors.ts) reaching a plain Hono route: its status, message and retry delay.
    if (err instanceof AppError && err.status < 500) {
      responseHeaders(undefined, [err], env.APP_URL).forEach((v, k) => c.header(k, v));
      return c.json({ error: err.message }, err.status as 400);
    }
    console.error(`${c.req.method} ${redactUrl(c.req.path)} failed:`, err);
    return c.req.path.startsWith('/api/') ? c.json({ error: 'Something went wrong. Please try again.' }, 500) : c.text('Internal Server Error', 500);
  });

  return app;
}
