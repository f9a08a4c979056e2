// Reviews over tRPC: the traveller's (the review page: open, write, edit), the public list of a lot's reviews,
// the administrator's queue (approve, reject with a reason) and the partner's (reply once, flag). Thin: access
// here (the link or the booking in reviews/access.ts; partners/access.ts for partners), rules in the services.
import {
  ZAdminReviewsInput,
  ZFlagReview,
  ZPartnerReviewsInput,
  ZProviderReviews,
  ZRejectReview,
  ZReplyReview,
  ZReviewId,
  ZReviewInput,
  ZReviewRef,
} from '@/shared/schemas/reviews';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/init';
import { PORTAL_ROLES, requireMembership } from '../partners/access';
import { providerReviews } from './listing';
import { adminReviews, approveReview, rejectReview } from './moderation';
import { flagReview, partnerReviews, replyToReview } from './partner-replies';
import { reviewForm, submitReview, updateReview } from './reviews.service';

export const reviewsRouter = router({
  /** The review page: the stay and the review written for it, opened by the review link or through the booking. */
  form: publicProcedure.input(ZReviewRef).query(({ ctx, input }) => reviewForm(ctx, input)),
  submit: publicProcedure.input(ZReviewInput).mutation(({ ctx, input }) => submitReview(ctx, input)),
  update: publicProcedure.input(ZReviewInput).mutation(({ ctx, input }) => updateReview(ctx, input)),
  /** A lot's published reviews, newest first, paged, with its averages. */
  forProvider: publicProcedure.input(ZProviderReviews).query(({ ctx, input }) => providerReviews(ctx.db, input)),
});

export const adminReviewsRouter = router({
  list: adminProcedure.input(ZAdminReviewsInput).query(({ ctx, input }) => adminReviews(ctx.db, input)),
  approve: adminProcedure.input(ZReviewId).mutation(({ ctx, input }) => approveReview(ctx.db, ctx.user, input.id, ctx.clock.now())),
  reject: adminProcedure.input(ZRejectReview).mutation(({ ctx, input }) => rejectReview(ctx.db, ctx.user, input.id, input.reason, ctx.clock.now())),
});

export const partnerReviewsRouter = router({
  list: authedProcedure
    .input(ZPartnerReviewsInput)
    .query(async ({ ctx, input }) => partnerReviews(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.page)),
  reply: authedProcedure
    .input(ZReplyReview)
    .mutation(async ({ ctx, input }) =>
      replyToReview(ctx.db, ctx.user, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.id, input.body, ctx.clock.now()),
    ),
  flag: authedProcedure
    .input(ZFlagReview)
    .mutation(async ({ ctx, input }) =>
      flagReview(ctx.db, ctx.user, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.id, input.reason, ctx.clock.now()),
    ),
});
