// The back office over tRPC: every procedure needs the admin role (401 signed out, 403 for other users).
import { ZSeoReportInput, ZUserIdInput, ZUserSearchInput } from '@/shared/schemas/admin';
import { TRPCError } from '@trpc/server';
import { adminProcedure, router } from '../../trpc/init';
import { listGuaranteeClaims } from '../bookings/guarantee-claims';
import { websiteAnalytics } from '../analytics/analytics.service';
import { jobsOverview, retryJob } from '../../jobs/queue';
import { z } from 'zod';
import * as admin from './admin.service';

export const adminRouter = router({
  dashboardStats: adminProcedure.query(({ ctx }) => admin.dashboardStats(ctx.db)),
  bookings: adminProcedure.query(({ ctx }) => admin.allBookings(ctx.db)),
  /** Parking guarantee claims (a lot turned a traveller away), newest first. */
  guaranteeClaims: adminProcedure.query(({ ctx }) => listGuaranteeClaims(ctx.db)),
  analytics: adminProcedure.query(({ ctx }) => websiteAnalytics(ctx.db, 30)),
  userStats: adminProcedure.query(({ ctx }) => admin.userStats(ctx.db)),
  searchUsers: adminProcedure.input(ZUserSearchInput).query(({ ctx, input }) => admin.searchUsers(ctx.db, input.q)),
  user: adminProcedure.input(ZUserIdInput).query(({ ctx, input }) => admin.userDetail(ctx.db, input.id)),
  seo: adminProcedure.query(({ ctx }) => admin.seoDashboard(ctx.db)),
  seoReportHistory: adminProcedure.query(({ ctx }) => admin.seoReportHistory(ctx.db)),
  generateSeoReport: adminProcedure.input(ZSeoReportInput).mutation(({ ctx, input }) => admin.generateSeoReport(ctx.db, input, ctx.user.id)),
  regenerateSitemap: adminProcedure.mutation(({ ctx }) => admin.regenerateSitemap(ctx.db)),
  analyzeContent: adminProcedure.mutation(({ ctx }) => admin.analyzeContent(ctx.db)),
  /** The jobs table: counts by state and the jobs that gave up, with their last error. */
  jobs: adminProcedure.query(({ ctx }) => jobsOverview(ctx.db, ctx.clock.now())),
  retryJob: adminProcedure.input(z.object({ id: z.coerce.number().int().positive() })).mutation(async ({ ctx, input }) => {
    if (!(await retryJob(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: 'That job is not waiting for a retry.' });
    ctx.jobs.kick();
    return { success: true as const };
  }),
  checkPageSpeed: adminProcedure.mutation(({ ctx }) => {
    if (!ctx.selfFetch) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Page speed needs the running app' });
    return admin.checkPageSpeed(ctx.db, ctx.selfFetch);
  }),
});
