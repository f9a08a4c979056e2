// REST paths of the gate and lot staff (rows of the REST table, no logic).
import type { RestRoute } from '../../rest/adapter';

export const gateRestRoutes: RestRoute[] = [];
