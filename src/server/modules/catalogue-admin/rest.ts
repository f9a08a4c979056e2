// REST paths of the catalogue back office (rows of the REST table, no logic).
import type { RestRoute } from '../../rest/adapter';

export const catalogueAdminRestRoutes: RestRoute[] = [];
