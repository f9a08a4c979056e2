// The blog over tRPC: public reads and view counting, and the admin-only editorial workflow and scheduler.
import { ZApprovePostInput, ZBlogListInput, ZBlogPostIdInput, ZBlogRelatedInput, ZBlogSlugInput } from '@/shared/schemas/blog';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { blogViewProcedure } from '../../trpc/rate-limits';
import * as blog from './blog.service';

export const blogRouter = router({
  posts: publicProcedure.input(ZBlogListInput).query(({ ctx, input }) => blog.listPosts(ctx.db, input)),
  categories: publicProcedure.query(({ ctx }) => blog.listCategories(ctx.db)),
  category: publicProcedure.input(ZBlogSlugInput).query(({ ctx, input }) => blog.getCategory(ctx.db, input.slug)),
  featured: publicProcedure.query(({ ctx }) => blog.featuredPosts(ctx.db)),
  post: publicProcedure.input(ZBlogSlugInput).query(({ ctx, input }) => blog.getPost(ctx.db, input.slug)),
  related: publicProcedure.input(ZBlogRelatedInput).query(({ ctx, input }) => blog.relatedPosts(ctx.db, input.postId, input.category)),
  view: blogViewProcedure.mutation(({ ctx, input }) => blog.recordView(ctx.db, input.postId, `${ctx.ip}|${ctx.user?.id ?? ''}`)),
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
