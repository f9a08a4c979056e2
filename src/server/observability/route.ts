// The route pattern that answered a request ('/api/bookings/:id/status'; '*' for server-rendered pages): what
// logs and metrics name a request by, never its raw path (which carries ids, tokens and whatever a client sent).
import type { Context } from 'hono';
import { routePath } from 'hono/route';

export function routeOf(c: Context): string {
  try {
    return routePath(c) || 'unmatched';
  } catch {
    return 'unmatched';
  }
}
