// Days as data in the back office: a lot's days (capacity, taken, closures, day rates) and changes to a date
// range of them. Admin only.
import { ZLotDaysChange, ZLotDaysRange } from '@/shared/schemas/lot-days';
import { adminProcedure, router } from '../../trpc/init';
import * as service from './lot-days.service';

export const lotDaysRouter = router({
  list: adminProcedure.input(ZLotDaysRange).query(({ ctx, input }) => service.listLotDays(ctx, input)),
  update: adminProcedure.input(ZLotDaysChange).mutation(({ ctx, input }) => service.changeLotDays(ctx, ctx.user, input)),
});
