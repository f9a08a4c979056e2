// A lot's rating, only where real reviews stand behind it: the mean of its published verified-stay reviews
// (server/modules/reviews/ratings.ts writes it with the count and the three score averages in the transaction
// that publishes, changes or rejects a review). Each reader goes through here, so a lot without reviews reads
// "No reviews yet" everywhere and is never given a made-up score.

export interface Rated {
  rating: number | null;
  reviewCount: number | null;
}

export const NO_REVIEWS_TEXT = 'No reviews yet';
export const VERIFIED_STAY_TEXT = 'Verified stay';
/** Reviews per page on the lot page (its first page is prefetched with the lot; here, not in the zod schemas, so the route table stays light). */
export const LOT_REVIEWS_PAGE_SIZE = 5;

/** The lot's average and the number of reviews behind it, or null when it has no review. */
export function realRating(lot: Rated): { value: number; count: number } | null {
  return lot.rating !== null && lot.reviewCount !== null && lot.reviewCount > 0 ? { value: lot.rating, count: lot.reviewCount } : null;
}

/** "4.6 (23 reviews)", "5.0 (1 review)". */
export function ratingText(r: { value: number; count: number }): string {
  return `${r.value.toFixed(1)} (${r.count} ${r.count === 1 ? 'review' : 'reviews'})`;
}

/**
 * The damped (Bayesian) mean that orders lots by rating: every lot starts with PRIOR_WEIGHT imaginary reviews of
 * PRIOR_MEAN stars, so a few reviews move it little and many move it to their own mean. One 5-star review ranks
 * at (10 × 3.5 + 5) / 11 ≈ 3.64, below 200 reviews averaging 4.5 (≈ 4.45); 3.5 is about the middle of what
 * travellers give, and 10 is about as many reviews as a reader trusts before believing a lot's own average.
 */
export const RATING_PRIOR_MEAN = 3.5;
export const RATING_PRIOR_WEIGHT = 10;

export function dampedRating(r: { value: number; count: number }): number {
  return (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + r.value * r.count) / (RATING_PRIOR_WEIGHT + r.count);
}

/**
 * The rating order: rated lots first, best damped mean first (more reviews first on a tie), then the lots
 * without reviews. 0 between two unrated lots, so the caller's next criterion (the total) orders them.
 */
export function compareByRating(a: Rated, b: Rated): number {
  const ra = realRating(a);
  const rb = realRating(b);
  if (!ra || !rb) return (ra ? 0 : 1) - (rb ? 0 : 1);
  return dampedRating(rb) - dampedRating(ra) || rb.count - ra.count;
}
