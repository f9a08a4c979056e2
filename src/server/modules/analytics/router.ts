// First-party analytics over tRPC: the client's batched events (sent with navigator.sendBeacon).
import { ZAnalyticsBatch } from '@/shared/schemas/admin';
import { publicProcedure, router } from '../../trpc/init';
import { enforceLimits, LIMITS } from '../auth/rate-limit';
import { recordEvents } from './analytics.service';

export const analyticsRouter = router({
  track: publicProcedure.input(ZAnalyticsBatch).mutation(async ({ ctx, input }) => {
    // A page sends a batch every few seconds at most: more from one address is a script filling the stats.
    await enforceLimits(ctx.db, [[`analytics:ip:${ctx.ip}`, LIMITS.analyticsPerIp]], () => 'Too many analytics events from this address.');
    return recordEvents(ctx.db, input, ctx.request ?? { doNotTrack: false, country: null, host: 'localhost', userAgent: undefined });
  }),
});
