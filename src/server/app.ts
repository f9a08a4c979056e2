// createApp(deps): the whole HTTP surface (middleware, tRPC, REST table, assets, server-rendered pages).
import fs from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { bodyLimit } from 'hono/body-limit';
import { Hono, type Context as HonoContext } from 'hono';
import type Stripe from 'stripe';
import { secureHeaders } from 'hono/secure-headers';
import { render } from '@/client/entry-server';
import type { DB } from './db/client';
import { mountHealthRoutes, type Lifecycle } from './health';
import { enableMetrics, metricsHandler, requestMetrics } from './observability/metrics';
import { routeOf } from './observability/route';
import { createLogger, noteUser } from './observability/log';
import type { Logger } from 'pino';
import { inSpan, tracingEnabled, withIncomingContext } from './observability/tracing';
import { AppError } from './errors';
import type { TEnv } from './env';
import { compression } from './compression';
import { createMailer } from './integrations/mailer';
import type { Mailer } from './integrations/mailer/types';
import { createPaymentsGateway, type PaymentsGateway } from './integrations/payments';
import { jobHandlers } from './jobs/handlers';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { mountAuthRoutes } from './modules/auth/routes';
import { mountStripeWebhook } from './modules/payments/webhooks';
import { robotsTxt, sitemapFiles } from './modules/seo/sitemap';
import { GUEST_COOKIE, readCookie, SESSION_COOKIE, validateSessionToken } from './modules/auth/session';
import { responseHeaders } from './response-headers';
import { requestIds, requestLog } from './request-log';
import { redactText, redactUrl } from './redact';
import { contentVersionReader } from './content-version';
import { isCacheablePage, PageCache, pickEncoding } from './page-cache';
import { placeholderSvg } from './placeholder';
import { mountOgRoutes } from './modules/og/routes';
import { mountLotPhotoRoutes } from './modules/lot-photos/routes';
import { bodyLimitFor } from './body-limits';
import { mountRestRoutes } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { responseMeta, type Context } from './trpc/init';
import { systemClock, type Clock } from './deps';
import { createLocalBlobStore } from './integrations/blobs/local';
import type { BlobStore } from './integrations/blobs/types';
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

export type { Lifecycle } from './health';

/** The longest path we look at; anything longer names nothing (404 without work). */
const MAX_PATH_LENGTH = 2048;

/** The client address. With TRUST_PROXY=N (N proxies of ours in front), the N-th address from the right of
 * X-Forwarded-For: the one our outermost proxy appended. Addresses left of it were written by the client. */
export function clientAddress(forwardedFor: string | undefined, trustedHops: number, socket: () => string): string {
  if (trustedHops > 0 && forwardedFor) {
    const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean);
    const ours = hops[hops.length - trustedHops];
    if (ours) return ours.slice(0, 64);
  }
  return socket();
}

const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-state-->
  </body>
</html>`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApp(deps: AppDeps) {
  const { db, env } = deps;
  const mailer = deps.mailer ?? createMailer(env, (line) => console.log(redactText(line)));
  const payments = deps.payments ?? createPaymentsGateway(env, db);
  const blobs = deps.blobs ?? createLocalBlobStore(env.UPLOADS_DIR);
  const clock = deps.clock ?? systemClock;
  const jobs = deps.jobs ?? createJobRunner(db, jobHandlers({ db, env, mailer, payments, blobs, clock }));
  const pages = new PageCache();
  const contentVersion = contentVersionReader(db);
  const stripe = Boolean(env.STRIPE_PUBLISHABLE_KEY);
  const isProd = env.NODE_ENV === 'production';
  const appOrigin = new URL(env.APP_URL!).origin;
  const templatePath = deps.clientDir && path.join(deps.clientDir, 'index.html');
  const template = templatePath && fs.existsSync(templatePath) ? fs.readFileSync(templatePath, 'utf8') : FALLBACK_TEMPLATE;

  const app = new Hono();
  const lifecycle = deps.lifecycle ?? { draining: false };

  // Every request has an id (X-Request-Id, kept when well formed) on every line it writes and every job it
  // queues; its one line at the end (LOG_REQUESTS).
  app.use(requestIds());
  // Tracing (OTEL_EXPORTER_OTLP_ENDPOINT, started by the server entry before this): a server span per request.
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
  // While draining, every answer asks the client to close its connection: the next request opens a new one,
  // which the load balancer sends to a server that stays.
  app.use(async (c, next) => {
    await next();
    if (lifecycle.draining) c.header('Connection', 'close');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Stripe.js and its Payment Element frames, only when real payments are configured.
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: isProd ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      // Nothing here needs the microphone, the position, or payment request APIs of the page. The camera only
      // for our own pages (the gate's pass scanner; allowed site-wide because /gate is reached by in-app links).
      permissionsPolicy: {
        camera: ['self'],
        microphone: [],
        geolocation: [],
        payment: stripe ? ['self', 'https://js.stripe.com'] : [],
        usb: [],
      },
    }),
  );
  // API answers are personal or live: no browser or proxy keeps them unless a route says otherwise.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  app.use(compression());

  // An absurd length, or an API path with malformed percent-encoding, names nothing: 404 before any other
  // work (no stack trace). Pages handle malformed segments themselves (they name nothing: the 404 view).
  app.use(async (c, next) => {
    const raw = new URL(c.req.url).pathname; // as sent, still percent-encoded
    if (raw.length > MAX_PATH_LENGTH) return raw.startsWith('/api/') ? c.json({ error: 'Not found' }, 404) : renderPage(c, new URL('/404/not-found', appOrigin));
    if (raw.startsWith('/api/')) {
      try {
        decodeURIComponent(raw);
      } catch {
        return c.json({ error: 'Not found' }, 404);
      }
    }
    return next();
  });

  // State-changing requests must come from our own origin (CSRF defence).
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/webhooks/')) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    const foreign = origin ? origin !== appOrigin && origin !== ownOrigin : c.req.header('sec-fetch-site') === 'cross-site';
    if (foreign) return c.json({ error: 'Cross-origin request refused' }, 403);
    return next();
  });

  const clientIp = (c: HonoContext): string =>
    clientAddress(c.req.header('x-forwarded-for'), env.TRUST_PROXY, () => {
      try {
        return getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        return 'unknown'; // app.request() in tests has no socket
      }
    });

  app.use('/api/*', (c, next) => {
    const limit = bodyLimitFor(c.req.method, c.req.path);
    return bodyLimit({ maxSize: limit.bytes, onError: (ctx) => ctx.json({ error: limit.message }, 413) })(c, next);
  });

  const createContext = async (c: HonoContext): Promise<Context> => {
    const token = readCookie(c.req.header('cookie'), SESSION_COOKIE);
    const found = token ? await validateSessionToken(db, token) : null;
    noteUser(found?.user.id);
    return {
      db,
      env,
      mailer,
      payments,
      jobs,
      blobs,
      clock,
      guestToken: readCookie(c.req.header('cookie'), GUEST_COOKIE) ?? null,
      user: found?.user ?? null,
      session: found ? { id: found.session.id, expiresAt: found.session.expiresAt } : null,
      ip: clientIp(c),
      // A session whose expiry slid forward gets its cookie again, with the new expiry.
      response: found?.refreshed && token ? { session: { token, expiresAt: found.session.expiresAt } } : {},
      request: {
        userAgent: c.req.header('user-agent'),
        doNotTrack: c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1',
        // Only a proxy we trust may tell us the country (e.g. Cloudflare's CF-IPCountry).
        country: env.TRUST_PROXY > 0 ? (c.req.header('cf-ipcountry') ?? c.req.header('x-country-code') ?? null)?.toUpperCase().slice(0, 2) || null : null,
        host: new URL(c.req.url).hostname,
      },
      selfFetch: (p: string) => Promise.resolve(app.request(`${appOrigin}${p}`, { headers: { 'User-Agent': 'ParkPilot page-speed check' } })),
    };
  };

  mountHealthRoutes(app, { db, blobs: deps.blobs, lifecycle });

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

  mountRestRoutes(app, restRoutes, (c) => createContext(c));
  mountAuthRoutes(app, { db, env });
  if (payments.mode === 'stripe' && env.STRIPE_WEBHOOK_SECRET) {
    mountStripeWebhook(app, { db, env, mailer, payments, jobs, stripe: (payments as PaymentsGateway & { stripe: Stripe }).stripe, secret: env.STRIPE_WEBHOOK_SECRET });
  }

  app.get('/api/placeholder/:w/:h', (c) => {
    const svg = placeholderSvg(c.req.param('w'), c.req.param('h'), c.req.query('label'), { kind: c.req.query('kind'), seed: c.req.query('seed') });
    // The image is a pure function of its URL: cache it for a year.
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  // Social card images (PNG 1200x630) for the Open Graph tags of public pages.
  mountOgRoutes(app, { db, env });

  // Crawlers: the sitemap (an index with parts past 50,000 URLs) and robots.txt. The admin host has neither.
  app.get('/robots.txt', (c) =>
    new URL(c.req.url).hostname.startsWith('admin.')
      ? c.text('User-agent: *\nDisallow: /\n')
      : c.text(robotsTxt(env.APP_URL!), 200, { 'Cache-Control': 'public, max-age=3600' }),
  );
  app.get('/:file{sitemap(-\\d+)?\\.xml}', async (c) => {
    if (new URL(c.req.url).hostname.startsWith('admin.')) return c.text('Not found', 404);
    const files = await sitemapFiles(db, env.APP_URL!);
    const m = /sitemap(?:-(\d+))?\.xml$/.exec(c.req.path);
    const index = m?.[1] ? Number(m[1]) : 0;
    const file = files.length === 1 ? (index === 0 ? files[0] : undefined) : files[index];
    if (!file) return c.text('Not found', 404);
    return c.body(file, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });

  // Uploaded blog images, from the blob store (any server sees any upload): generated names only, long-lived
  // cache (a new upload gets a new name).
  app.get('/uploads/blog/:name', async (c) => {
    const name = c.req.param('name');
    const m = /^[a-f0-9]{32}\.(jpg|png|webp)$/.exec(name);
    const blob = m ? await blobs.get(`blog/${name}`) : null;
    if (!m || !blob) return c.text('Not found', 404);
    const type = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[m[1] as 'jpg' | 'png' | 'webp'];
    return c.body(new Uint8Array(blob.body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
  // Lot photos (WebP at 400, 800 and 1200 px), the same way.
  mountLotPhotoRoutes(app, { blobs });

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  if (deps.clientDir) {
    const root = path.relative(process.cwd(), deps.clientDir);
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // The build writes .br and .gz beside each script and style (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', async (c, next) => {
      if (!/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.endsWith('.html')) return next();
      return serveStatic({ root, onFound: (_p, ctx) => ctx.header('Cache-Control', 'public, max-age=3600') })(c, next);
    });
  }

  // Every other GET is a page: rendered on the server, hydrated in the browser.
  app.get('*', (c) => renderPage(c, new URL(c.req.url)));

  async function renderHtml(c: HonoContext, url: URL) {
    const ctx = await createContext(c);
    const page = await render(url, { router: appRouter, ctx });
    const html = template
      .replace('<!--app-head-->', page.head)
      .replace('<!--app-html-->', page.html)
      .replace('<!--app-state-->', page.state);
    return { status: page.status, html, headers: responseHeaders(ctx.response, [], env.APP_URL) };
  }

  async function renderPage(c: HonoContext, url: URL) {
    // Anonymous visitors of public pages share one rendering per address (at most a minute old, never past
    // a content change); everyone else gets their own.
    if (isCacheablePage(c.req.method, url, c.req.header('cookie'))) {
      const key = `${url.host}${url.pathname}${url.search}`;
      const version = await contentVersion();
      const hit = pages.get(key, version);
      const entry = hit ?? (await pages.fill(key, version, async () => ({ ...(await renderHtml(c, url)), headers: [] })));
      const { body, encoding } = pickEncoding(entry, c.req.header('accept-encoding'));
      const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding, Cookie', 'X-Cache': hit ? 'HIT' : 'MISS' };
      if (encoding) headers['Content-Encoding'] = encoding;
      return c.body(new Uint8Array(body), entry.status as 200, headers);
    }
    const page = await renderHtml(c, url);
    page.headers.forEach((v, k) => c.header(k, v, { append: true }));
    return c.html(page.html, page.status as 200, { 'Cache-Control': 'no-store' });
  }

  app.onError((err, c) => {
    // A service's own refusal (errors.ts) reaching a plain Hono route: its status and message.
    if (err instanceof AppError && err.status < 500) {
      responseHeaders(undefined, [err], env.APP_URL).forEach((v, k) => c.header(k, v));
      return c.json({ error: err.message }, err.status as 400);
    }
    console.error(`${c.req.method} ${redactUrl(c.req.path)} failed:`, err);
    return c.req.path.startsWith('/api/') ? c.json({ error: 'Something went wrong. Please try again.' }, 500) : c.text('Internal Server Error', 500);
  });

  return app;
}
