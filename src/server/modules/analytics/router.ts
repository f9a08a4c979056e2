// First-party analytics over tRPC: the client's batched events (sent with navigator.sendBeacon).
import { router } from '../../trpc/init';
import { analyticsProcedure } from '../../trpc/rate-limits';
import { recordEvents } from './analytics.service';

export const analyticsRouter = router({
  track: analyticsProcedure.mutation(({ ctx, input }) => recordEvents(ctx.db, input, ctx.request ?? { doNotTrack: false, country: null, host: 'localhost', userAgent: undefined })),
});
