// SEO pages over tRPC: GET /api/seo/page/{slug}.
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { getSeoPage } from './seo.service';

export const seoRouter = router({
  page: publicProcedure.input(z.object({ slug: z.string().trim().min(1).max(200) })).query(({ ctx, input }) => getSeoPage(ctx.db, input.slug)),
});
