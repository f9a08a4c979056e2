// REST paths of a lot's photos (rows of the REST table, no logic). The upload is multipart/form-data with an
// `image` file field and an optional `alt` field.
import type { RestRoute } from '../../rest/adapter';

const base = '/api/admin/lots/:lotId/photos';
const withParams = ({ params, body }: { params: Record<string, string>; body: unknown }) => ({ ...(body as object), ...params });

export const lotPhotoRestRoutes: RestRoute[] = [
  { method: 'GET', path: base, procedure: 'adminPhotos.list', input: ({ params }) => ({ lotId: params.lotId }) },
  { method: 'POST', path: base, procedure: 'adminPhotos.upload', input: withParams, status: 201 },
  { method: 'PUT', path: `${base}/order`, procedure: 'adminPhotos.reorder', input: withParams },
  { method: 'PATCH', path: `${base}/:photoId`, procedure: 'adminPhotos.setAlt', input: withParams },
  { method: 'POST', path: `${base}/:photoId/move`, procedure: 'adminPhotos.move', input: withParams },
  { method: 'DELETE', path: `${base}/:photoId`, procedure: 'adminPhotos.remove', input: ({ params }) => params },
];
