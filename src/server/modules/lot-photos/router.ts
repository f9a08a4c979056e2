// A lot's photos in the back office: upload, reorder, remove (admin only). (Being built: issue 19.)
import { router } from '../../trpc/init';

export const adminPhotosRouter = router({});
