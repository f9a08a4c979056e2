// Each request's id and its one log line. The id: a well-formed incoming X-Request-Id is kept, anything else
// replaced by a new one; it goes back in the response and is on every line the request writes (and on the
// jobs it queues). The line, at the end: method, route pattern (never the raw path, which carries ids, tokens
// and whatever a client typed), status, duration and, once known, the signed-in user's id.
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { matchRequest } from '@/client/routes';
import { newRequestId, REQUEST_ID, runWithRequestId } from './observability/log';
import { routeOf } from './observability/route';
import { requestUrl } from './http/request-url';

export { maskEmails, redactUrl } from './redact';

export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    await runWithRequestId(requestId, () => next());
    // On the response's own headers: c.header() on a finished response first rebuilds it as a full web
    // Response (see compression.ts), a cost on every request. A response with immutable headers (none of
    // ours today) is rebuilt as before.
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      c.header('X-Request-Id', requestId);
    }
  };
}

/**
 * The pattern a request is logged under: the server's route ('/api/bookings/:id/status'); for tRPC the
 * procedures called ('/api/trpc/bookings.manage,auth.me', known names only); for a page the client router's
 * route ('/manage/:confirmation'). Never anything the client wrote that is not one of ours.
 */
export function logRoute(c: Context, procedures: ReadonlySet<string>): string {
  const route = routeOf(c);
  const { pathname, hostname } = requestUrl(c);
  if (route === '/api/trpc/*') {
    const names = pathname.slice('/api/trpc/'.length).split(',');
    return names.length <= 20 && names.every((n) => procedures.has(n)) ? `/api/trpc/${names.join(',')}` : route;
  }
  if ((route === '*' || route === '/*') && (c.req.method === 'GET' || c.req.method === 'HEAD') && !pathname.startsWith('/api/')) {
    try {
      return `page ${matchRequest(pathname, hostname).route.path}`;
    } catch {
      return route;
    }
  }
  return route;
}

export function requestLog(logger: Logger, procedures: ReadonlySet<string> = new Set()): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    logger.info({ method: c.req.method, route: logRoute(c, procedures), status: c.res.status, durationMs }, 'request');
  };
}
