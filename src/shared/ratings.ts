// A lot's rating, only where real reviews stand behind it. There is no review yet (verified reviews come with a
// later issue), so every lot's `rating` and `reviewCount` are null today; each reader goes through here, so a
// lot without reviews reads "No reviews yet" everywhere and is never given a made-up score.

export interface Rated {
  rating: number | null;
  reviewCount: number | null;
}

export const NO_REVIEWS_TEXT = 'No reviews yet';

/** The lot's average and the number of reviews behind it, or null when it has no review. */
export function realRating(lot: Rated): { value: number; count: number } | null {
  return lot.rating !== null && lot.reviewCount !== null && lot.reviewCount > 0 ? { value: lot.rating, count: lot.reviewCount } : null;
}

/**
 * The rating order: rated lots first, best average first (more reviews first on a tie), then the lots without
 * reviews. 0 between two unrated lots, so the caller's next criterion (the total) orders them.
 */
export function compareByRating(a: Rated, b: Rated): number {
  const ra = realRating(a);
  const rb = realRating(b);
  if (!ra || !rb) return (ra ? 0 : 1) - (rb ? 0 : 1);
  return rb.value - ra.value || rb.count - ra.count;
}
