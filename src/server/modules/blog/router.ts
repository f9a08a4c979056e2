// The blog over tRPC: public reads and view counting, and the admin-only editorial workflow and scheduler.
import { ZApprovePostInput, ZBlogListInput, ZBlogPostIdInput, ZBlogRelatedInput, ZBlogSlugInput } from '@/shared/schemas/blog';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { enforceLimits, LIMITS, minutesText } from '../auth/rate-limit';
import * as blog from './blog.service';

export const blogRouter = router({
  posts: publicProcedure.input(ZBlogListInput).query(({ ctx, input }) => blog.listPosts(ctx.db, input)),
  categories: publicProcedure.query(({ ctx }) => blog.listCategories(ctx.db)),
  category: publicProcedure.input(ZBlogSlugInput).query(({ ctx, input }) => blog.getCategory(ctx.db, input.slug)),
  featured: publicProcedure.query(({ ctx }) => blog.featuredPosts(ctx.db)),
  post: publicProcedure.input(ZBlogSlugInput).query(({ ctx, input }) => blog.getPost(ctx.db, input.slug)),
  related: publicProcedure.input(ZBlogRelatedInput).query(({ ctx, input }) => blog.relatedPosts(ctx.db, input.postId, input.category)),
  view: publicProcedure.input(ZBlogPostIdInput).mutation(async ({ ctx, input }) => {
    // Views count once per visitor per post per half hour; one address cannot count hundreds of posts a minute.
    await enforceLimits(ctx.db, [[`blog-view:ip:${ctx.ip}`, LIMITS.blogViewsPerIp]], (m) => `Too many requests. Please try again in ${minutesText(m)}.`);
    return blog.recordView(ctx.db, input.postId, `${ctx.ip}|${ctx.user?.id ?? ''}`);
  }),
});

export const adminBlogRouter = router({
  recent: adminProcedure.query(({ ctx }) => blog.recentPosts(ctx.db)),
  approve: adminProcedure.input(ZApprovePostInput).mutation(({ ctx, input }) => blog.approvePost(ctx.db, ctx.blobs, input.postId, input)),
  reject: adminProcedure.input(ZBlogPostIdInput).mutation(({ ctx, input }) => blog.rejectPost(ctx.db, input.postId)),
  generateNow: adminProcedure.mutation(async ({ ctx }) => {
    const post = await blog.generatePost(ctx.db, { authorName: blog.DEFAULT_AUTHOR });
    return { success: true as const, message: 'Blog Post Generated', blogPost: post };
  }),
  schedule: adminProcedure.query(({ ctx }) => blog.schedulerStatus(ctx.db)),
  startSchedule: adminProcedure.mutation(({ ctx }) => blog.startScheduler(ctx.db)),
  stopSchedule: adminProcedure.mutation(({ ctx }) => blog.stopScheduler(ctx.db)),
  resetTopics: adminProcedure.mutation(({ ctx }) => blog.resetTopics(ctx.db)),
});
