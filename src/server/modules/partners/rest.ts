// REST paths of partners (rows of the REST table, no logic): the administrator's, and the partner's own for
// its systems (session cookies for now). A member of another partner gets 404 on every one of them.
import type { RestRoute } from '../../rest/adapter';
import { statementCsv } from './statements';

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
  { method: 'POST', path: '/api/admin/payouts/run', procedure: 'adminPartners.runPayouts', input: () => undefined },
  { method: 'GET', path: '/api/admin/payouts/balances', procedure: 'adminPartners.balances', input: () => undefined },

  { method: 'GET', path: '/api/partner/lots', procedure: 'partner.lots', input: ({ query }) => scope(query) },
  { method: 'POST', path: '/api/partner/lots', procedure: 'partner.createLot', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }), status: 201 },
  { method: 'GET', path: '/api/partner/lots/:id', procedure: 'partner.lot', input: ({ query, params }) => ({ ...scope(query), id: params.id }) },
  { method: 'PATCH', path: '/api/partner/lots/:id', procedure: 'partner.updateLot', input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), id: params.id }) },
  { method: 'GET', path: '/api/partner/lots/:id/days', procedure: 'partner.lotEditor.days', input: ({ query, params }) => ({ ...query, lotId: params.id }) },
  {
    method: 'PATCH',
    path: '/api/partner/lots/:id/days',
    procedure: 'partner.lotEditor.updateDays',
    input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), lotId: params.id }),
  },
  { method: 'GET', path: '/api/partner/lots/:lotId/photos', procedure: 'partner.lotEditor.photos', input: ({ query, params }) => ({ ...scope(query), lotId: params.lotId }) },
  {
    method: 'POST',
    path: '/api/partner/lots/:lotId/photos',
    procedure: 'partner.lotEditor.uploadPhoto',
    input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), lotId: params.lotId }),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/api/partner/lots/:lotId/photos/order',
    procedure: 'partner.lotEditor.reorderPhotos',
    input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), ...params }),
  },
  {
    method: 'PATCH',
    path: '/api/partner/lots/:lotId/photos/:photoId',
    procedure: 'partner.lotEditor.setPhotoAlt',
    input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), ...params }),
  },
  {
    method: 'POST',
    path: '/api/partner/lots/:lotId/photos/:photoId/move',
    procedure: 'partner.lotEditor.movePhoto',
    input: ({ query, params, body: b }) => ({ ...body(b), ...scope(query), ...params }),
  },
  {
    method: 'DELETE',
    path: '/api/partner/lots/:lotId/photos/:photoId',
    procedure: 'partner.lotEditor.removePhoto',
    input: ({ query, params }) => ({ ...scope(query), ...params }),
  },
  { method: 'GET', path: '/api/partner/bookings', procedure: 'partner.bookings', input: ({ query }) => query },
  { method: 'GET', path: '/api/partner/guarantee-claims', procedure: 'partner.guaranteeClaims', input: ({ query }) => scope(query) },
  {
    method: 'GET',
    path: '/api/partner/statements/:month',
    procedure: 'partner.statement',
    input: ({ query, params }) => ({ ...scope(query), month: params.month!.replace(/\.csv$/, '') }),
    // '/api/partner/statements/2026-11.csv' downloads the same statement as CSV.
    csv: (data, req) => (req.params.month!.endsWith('.csv') ? { filename: `statement-${data.month}.csv`, text: statementCsv(data) } : null),
  },
  { method: 'GET', path: '/api/partner/payouts', procedure: 'partner.payouts', input: ({ query }) => scope(query) },
  { method: 'GET', path: '/api/partner/insights', procedure: 'partner.insights', input: ({ query }) => ({ ...scope(query), ...(query.lotId ? { lotId: query.lotId } : {}) }) },
  { method: 'GET', path: '/api/partner/payouts/account', procedure: 'partner.payoutAccount.get', input: ({ query }) => scope(query) },
  { method: 'POST', path: '/api/partner/payouts/account/refresh', procedure: 'partner.payoutAccount.refresh', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }) },
  { method: 'POST', path: '/api/partner/payouts/onboarding', procedure: 'partner.payoutAccount.startOnboarding', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }) },
  { method: 'GET', path: '/api/partner/bookings.csv', procedure: 'partner.bookingsCsv', input: ({ query }) => query, csv: (file) => ({ filename: file.filename, text: file.csv }) },
  { method: 'GET', path: '/api/partner/today', procedure: 'partner.today', input: ({ query }) => scope(query) },
  { method: 'GET', path: '/api/partner/members', procedure: 'partner.members', input: ({ query }) => scope(query) },
  { method: 'POST', path: '/api/partner/members', procedure: 'partner.inviteMember', input: ({ query, body: b }) => ({ ...body(b), ...scope(query) }), status: 201 },
  { method: 'DELETE', path: '/api/partner/members/:id', procedure: 'partner.removeMember', input: ({ query, params }) => ({ ...scope(query), memberId: params.id }) },
  { method: 'GET', path: '/api/partner/invitation', procedure: 'partner.invitation', input: ({ query }) => ({ token: query.token }) },
  { method: 'POST', path: '/api/partner/invitation/accept', procedure: 'partner.acceptInvitation' },
];
