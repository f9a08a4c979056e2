// The published reviews of a lot, newest first and paged, with the partner's reply, and the lot's averages (read
// from the lot's row, which the rating recompute keeps). Nothing but published reviews of a listed lot is shown.
import { and, desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, reviews } from '../../db/schema';
import { AppError } from '../../errors';
import { realRating } from '@/shared/ratings';

export type PublicReview = {
  id: number;
  authorName: string;
  stayMonth: string;
  overall: number;
  waitScore: number;
  describedScore: number;
  staffScore: number;
  body: string;
  publishedAt: Date | null;
  reply: { body: string; at: Date | null } | null;
};

export const publicReview = (r: typeof reviews.$inferSelect): PublicReview => ({
  id: r.id,
  authorName: r.authorName,
  stayMonth: r.stayMonth,
  overall: r.overall,
  waitScore: r.waitScore,
  describedScore: r.describedScore,
  staffScore: r.staffScore,
  body: r.body,
  publishedAt: r.publishedAt,
  reply: r.replyBody ? { body: r.replyBody, at: r.repliedAt } : null,
});

export async function providerReviews(db: Pick<DB, 'select'>, input: { providerId: number; page: number; pageSize: number }) {
  const [lot] = await db
    .select({
      id: parkingProviders.id,
      rating: parkingProviders.rating,
      reviewCount: parkingProviders.reviewCount,
      wait: parkingProviders.ratingWait,
      described: parkingProviders.ratingDescribed,
      staff: parkingProviders.ratingStaff,
    })
    .from(parkingProviders)
    .where(and(eq(parkingProviders.id, input.providerId), eq(parkingProviders.published, 1)));
  if (!lot) throw new AppError('NOT_FOUND', 'Property not found');
  const rating = realRating(lot);
  const rows = rating
    ? await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.providerId, lot.id), eq(reviews.status, 'published')))
        .orderBy(desc(reviews.publishedAt), desc(reviews.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize)
    : [];
  return {
    providerId: lot.id,
    summary: rating ? { rating: rating.value, reviewCount: rating.count, scores: { wait: lot.wait, described: lot.described, staff: lot.staff } } : null,
    reviews: rows.map(publicReview),
    page: input.page,
    pageSize: input.pageSize,
    total: rating?.count ?? 0,
  };
}
export type TProviderReviews = Awaited<ReturnType<typeof providerReviews>>;
