// First-party analytics over tRPC: the client's batched events (sent with navigator.sendBeacon).
import { ZAnalyticsBatch } from '@/shared/schemas/admin';
import { publicProcedure, router } from '../../trpc/init';
import { recordEvents } from './analytics.service';

export const analyticsRouter = router({
  track: publicProcedure.input(ZAnalyticsBatch).mutation(({ ctx, input }) =>
    recordEvents(ctx.db, input, ctx.request ?? { doNotTrack: false, country: null, host: 'localhost', userAgent: undefined }),
  ),
});
