// The REST table: every documented /api/* path and the procedure that answers it (no logic here).
import type { RestRoute } from './adapter';

export const restRoutes: readonly RestRoute[] = [
  { method: 'GET', path: '/api/config', procedure: 'system.config' },
  {
    method: 'GET',
    path: '/api/locations',
    procedure: 'catalogue.listLocations',
    input: ({ query }) => ({ kind: query.kind || undefined, region: query.region || undefined, q: query.q || undefined }),
  },
  { method: 'GET', path: '/api/locations/stats', procedure: 'catalogue.stats' },
  { method: 'GET', path: '/api/locations/:slug', procedure: 'catalogue.getLocation', input: ({ params }) => ({ slug: params.slug }) },
];
