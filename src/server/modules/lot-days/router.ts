// Days as data in the back office: closures, capacities and prices per lot and day. (Being built: issue 19.)
import { router } from '../../trpc/init';

export const lotDaysRouter = router({});
