// SEO pages over tRPC: GET /api/seo/page/{slug}.
import { z } from 'zod';
import { lookupSlug } from '@/shared/schemas/catalogue';
import { publicProcedure, router } from '../../trpc/init';
import { getSeoPage } from './seo.service';

export const seoRouter = router({
  page: publicProcedure.input(z.object({ slug: lookupSlug('Page not found') })).query(({ ctx, input }) => getSeoPage(ctx.db, input.slug)),
});
