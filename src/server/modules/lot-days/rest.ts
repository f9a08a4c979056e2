// REST paths of lot days (rows of the REST table, no logic).
import type { RestRoute } from '../../rest/adapter';

export const lotDayRestRoutes: RestRoute[] = [];
