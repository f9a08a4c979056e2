// REST paths of lot photos (rows of the REST table, no logic).
import type { RestRoute } from '../../rest/adapter';

export const lotPhotoRestRoutes: RestRoute[] = [];
