// The catalogue in the back office (lots, places, CSV, audit log): admin only. (Being built: issue 19.)
import { router } from '../../trpc/init';

export const adminCatalogueRouter = router({});
