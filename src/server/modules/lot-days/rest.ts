// REST paths of lot days (rows of the REST table, no logic).
import type { RestRoute } from '../../rest/adapter';

export const lotDayRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/lots/:id/days',
    procedure: 'lotDays.list',
    input: ({ params, query }) => ({ lotId: params.id, from: query.from, to: query.to }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/lots/:id/days',
    procedure: 'lotDays.update',
    input: ({ params, body }) => ({ ...(body as object), lotId: params.id }),
  },
];
