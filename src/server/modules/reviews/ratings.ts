// A lot's rating from its published reviews only: the mean of their stars, their count and the three score
// averages, recomputed in the transaction that publishes, changes or rejects a review, with the content version
// bumped so the catalogue snapshot and the page caches show it at once. (The order by rating is in
// shared/ratings.ts.) One aggregate over the lot's published reviews (indexed by provider and status).
import { and, avg, count, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, reviews } from '../../db/schema';
import { bumpContentVersion } from '../../content-version';

type Tx = Pick<DB, 'select' | 'update' | 'insert'>;

const mean = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);

export async function recomputeLotRating(tx: Tx, providerId: number): Promise<void> {
  const [agg] = await tx
    .select({ n: count(), overall: avg(reviews.overall), wait: avg(reviews.waitScore), described: avg(reviews.describedScore), staff: avg(reviews.staffScore) })
    .from(reviews)
    .where(and(eq(reviews.providerId, providerId), eq(reviews.status, 'published')));
  const n = Number(agg?.n ?? 0);
  await tx
    .update(parkingProviders)
    .set(
      n > 0
        ? { rating: mean(agg!.overall), reviewCount: n, ratingWait: mean(agg!.wait), ratingDescribed: mean(agg!.described), ratingStaff: mean(agg!.staff) }
        : { rating: null, reviewCount: 0, ratingWait: null, ratingDescribed: null, ratingStaff: null },
    )
    .where(eq(parkingProviders.id, providerId));
  await bumpContentVersion(tx);
}
