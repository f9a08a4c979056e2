// System procedures: the public configuration the browser may see.
import { publicConfig } from '../../env';
import { publicProcedure, router } from '../../trpc/init';

export const systemRouter = router({
  config: publicProcedure.query(({ ctx }) => publicConfig(ctx.env)),
});
