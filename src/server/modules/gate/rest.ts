// REST paths of the gate and lot staff (rows of the REST table, no logic).
import type { RestRequest, RestRoute } from '../../rest/adapter';

/** The pass in the path; the gate's lot (optional) in the query or the body. */
const pass = ({ params, query, body }: RestRequest) => ({
  confirmationNumber: params.confirmationNumber,
  lotId: query.lotId || (body as { lotId?: unknown } | undefined)?.lotId || undefined,
});

export const gateRestRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/gate/lots', procedure: 'gate.lots' },
  { method: 'GET', path: '/api/gate/today', procedure: 'gate.today' },
  { method: 'GET', path: '/api/gate/today/:list', procedure: 'gate.todayList', input: ({ params, query }) => ({ ...query, list: params.list }) },
  { method: 'GET', path: '/api/gate/search', procedure: 'gate.search' },
  { method: 'GET', path: '/api/gate/bookings/:confirmationNumber', procedure: 'gate.lookup', input: pass },
  { method: 'POST', path: '/api/gate/bookings/:confirmationNumber/check-in', procedure: 'gate.checkIn', input: pass },
  {
    method: 'POST',
    path: '/api/gate/bookings/:confirmationNumber/check-out',
    procedure: 'gate.checkOut',
    input: (req) => ({ ...pass(req), idempotencyKey: req.headers['idempotency-key'] ?? (req.body as { idempotencyKey?: string } | undefined)?.idempotencyKey }),
  },

  { method: 'GET', path: '/api/admin/lots/:id/staff', procedure: 'adminStaff.list', input: ({ params }) => ({ lotId: params.id }) },
  {
    method: 'POST',
    path: '/api/admin/lots/:id/staff',
    procedure: 'adminStaff.grant',
    input: ({ params, body }) => ({ ...(body as object), lotId: params.id }),
    status: 201,
  },
  { method: 'DELETE', path: '/api/admin/lots/:id/staff/:userId', procedure: 'adminStaff.revoke', input: ({ params }) => ({ lotId: params.id, userId: params.userId }) },
];
