// The app's security part (createApp, app.ts): the headers every answer carries (content security policy and
// the rest; no caching of API answers), and the checks a request passes before any route sees it (a path that
// names nothing, a state-changing request from a foreign Origin, a body over its limit).
import type { Context as HonoContext, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimitFor } from '../body-limits';
import type { TEnv } from '../env';
import { requestUrl } from './request-url';

/** The longest path we look at; anything longer names nothing (404 without work). */
const MAX_PATH_LENGTH = 2048;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The headers of every answer, and `no-store` on API answers (personal or live) unless a route says otherwise. */
export function secureResponses(app: Hono, env: TEnv) {
  const stripe = Boolean(env.STRIPE_PUBLISHABLE_KEY);
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
      strictTransportSecurity: env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
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
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    // On the response's own headers: c.header() on a finished response first rebuilds it as a full web Response
    // with a stream body (see compression.ts and request-log.ts), a cost on every API answer.
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      c.header('Cache-Control', 'no-store'); // immutable headers (none of ours today)
    }
  });
}

/**
 * The checks before any route: an absurd length, or an API path with malformed percent-encoding, names nothing
 * (404 before any other work, no stack trace; a page path gets `notFoundPage`, pages handle malformed segments
 * themselves); a state-changing request must come from our own origin (CSRF defence; webhooks excepted); an API
 * body over its limit is refused with 413.
 */
export function guardRequests(app: Hono, deps: { appOrigin: string; notFoundPage: (c: HonoContext) => Promise<Response> }) {
  const { appOrigin } = deps;
  app.use(async (c, next) => {
    const raw = requestUrl(c).pathname; // as sent, still percent-encoded
    if (raw.length > MAX_PATH_LENGTH) return raw.startsWith('/api/') ? c.json({ error: 'Not found' }, 404) : deps.notFoundPage(c);
    if (raw.startsWith('/api/')) {
      try {
        decodeURIComponent(raw);
      } catch {
        return c.json({ error: 'Not found' }, 404);
      }
    }
    return next();
  });

  app.use(sameOrigin(appOrigin));

  app.use('/api/*', async (c, next) => {
    // No body to limit: the limiter would build a whole Request for every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = bodyLimitFor(c.req.method, c.req.path);
    const tooLarge = (ctx: HonoContext) => ctx.json({ error: limit.message }, 413);
    // A declared length is what Hono's limiter checks too (Node's parser never reads past it), but the limiter
    // asks for the body stream first, which builds a whole web Request: read the header here. A body without a
    // length (chunked) goes through the limiter, which counts its bytes.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number.parseInt(length, 10) > limit.bytes ? tooLarge(c) : next();
    return bodyLimit({ maxSize: limit.bytes, onError: tooLarge })(c, next);
  });
}

function sameOrigin(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/webhooks/')) return next();
    const origin = c.req.header('origin');
    const ownOrigin = requestUrl(c).origin;
    const foreign = origin ? origin !== appOrigin && origin !== ownOrigin : c.req.header('sec-fetch-site') === 'cross-site';
    if (foreign) return c.json({ error: 'Cross-origin request refused' }, 403);
    return next();
  };
}
