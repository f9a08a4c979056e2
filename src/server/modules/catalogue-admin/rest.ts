// REST paths of the catalogue back office (rows of the REST table, no logic). Fixed paths come before
// /api/admin/lots/:id so 'export' and 'import' are never read as an id.
import type { RestRoute } from '../../rest/adapter';

const withId = ({ params, body }: { params: Record<string, string>; body: unknown }) => ({ ...(body && typeof body === 'object' ? body : {}), id: params.id });

export const catalogueAdminRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/lots',
    procedure: 'adminCatalogue.lots',
    input: ({ query }) => ({ locationId: query.locationId, q: query.q || undefined, status: query.status || undefined, page: query.page || undefined }),
  },
  { method: 'GET', path: '/api/admin/lots/export', procedure: 'adminCatalogue.exportLots' },
  { method: 'POST', path: '/api/admin/lots/import', procedure: 'adminCatalogue.importLots' },
  { method: 'POST', path: '/api/admin/lots', procedure: 'adminCatalogue.createLot', status: 201 },
  { method: 'GET', path: '/api/admin/lots/:id', procedure: 'adminCatalogue.lot', input: ({ params }) => ({ id: params.id }) },
  { method: 'PATCH', path: '/api/admin/lots/:id', procedure: 'adminCatalogue.updateLot', input: withId },
  { method: 'POST', path: '/api/admin/lots/:id/publish', procedure: 'adminCatalogue.publishLot', input: ({ params }) => ({ id: params.id }) },
  { method: 'POST', path: '/api/admin/lots/:id/unpublish', procedure: 'adminCatalogue.unpublishLot', input: ({ params }) => ({ id: params.id }) },
  { method: 'GET', path: '/api/admin/locations', procedure: 'adminCatalogue.locations' },
  { method: 'POST', path: '/api/admin/locations', procedure: 'adminCatalogue.createLocation', status: 201 },
  { method: 'PATCH', path: '/api/admin/locations/:id', procedure: 'adminCatalogue.updateLocation', input: withId },
  {
    method: 'GET',
    path: '/api/admin/audit',
    procedure: 'adminCatalogue.audit',
    input: ({ query }) => ({ entity: query.entity, entityId: query.entityId, before: query.before, limit: query.limit || undefined }),
  },
];
