// REST paths of partners (rows of the REST table, no logic): the administrator's, and the partner's own for
// its systems (session cookies for now). A member of another partner gets 404 on every one of them.
import type { RestRoute } from '../../rest/adapter';

const body = (b: unknown) => (b && typeof b === 'object' ? b : {});
const scope = (query: Record<string, string>) => (query.partnerId ? { partnerId: query.partnerId } : {});

export const partnerRestRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/admin/partners', procedure: 'adminPartners.list' },
  { method: 'POST', path: '/api/admin/partners', procedure: 'adminPartners.create', status: 201 },
  {
    method: 'POST',
    path: '/api/admin/partners/:id/invitations',
    procedure: 'adminPartners.invite',
    input: ({ params, body: b }) => ({ ...body(b), partnerId: params.id }),
    status: 201,
  },
  { method: 'POST', path: '/api/admin/partners/:id/commission', procedure: 'adminPartners.setCommission', input: ({ params, body: b }) => ({ ...body(b), partnerId: params.id }) },
  { method: 'POST', path: '/api/admin/partners/:id/status', procedure: 'adminPartners.setStatus', input: ({ params, body: b }) => ({ ...body(b), partnerId: params.id }) },
  { method: 'GET', path: '/api/admin/partners/free-lots', procedure: 'adminPartners.freeLots', input: ({ query }) => ({ q: query.q || undefined }) },
  { method: 'POST', path: '/api/admin/lots/:id/approve', procedure: 'adminPartners.approveLot', input: ({ params }) => ({ id: params.id }) },

  { method: 'GET', path: '/api/partner/lots', procedure: 'partner.lots', input: ({ query }) => scope(query) },
  { method: 'POST', path: '/api/partner/lots', procedure: 'partner.createLot', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }), status: 201 },
  { method: 'GET', path: '/api/partner/lots/:id', procedure: 'partner.lot', input: ({ query, params }) => ({ ...scope(query), id: params.id }) },
  { method: 'PATCH', path: '/api/partner/lots/:id', procedure: 'partner.updateLot', input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), id: params.id }) },
  { method: 'GET', path: '/api/partner/bookings', procedure: 'partner.bookings', input: ({ query }) => query },
  { method: 'GET', path: '/api/partner/bookings.csv', procedure: 'partner.bookingsCsv', input: ({ query }) => query, file: 'csv' },
  { method: 'GET', path: '/api/partner/today', procedure: 'partner.today', input: ({ query }) => scope(query) },
  { method: 'GET', path: '/api/partner/members', procedure: 'partner.members', input: ({ query }) => scope(query) },
  { method: 'POST', path: '/api/partner/members', procedure: 'partner.inviteMember', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }), status: 201 },
  { method: 'DELETE', path: '/api/partner/members/:id', procedure: 'partner.removeMember', input: ({ query, params }) => ({ ...scope(query), memberId: params.id }) },
  { method: 'GET', path: '/api/partner/invitation', procedure: 'partner.invitation', input: ({ query }) => ({ token: query.token }) },
  { method: 'POST', path: '/api/partner/invitation/accept', procedure: 'partner.acceptInvitation' },
];
