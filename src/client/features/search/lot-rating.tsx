// A lot's rating as the result cards, the map's summary and the lot page show it: the average and the number
// of reviews behind it, or "No reviews yet" (never a made-up score). A text star, so no icon code comes with it.
import { cn } from '@/client/lib/utils';
import { NO_REVIEWS_TEXT, realRating, type Rated } from '@/shared/ratings';
import { formatCount } from '@/shared/format';

export function LotRating({ lot, className }: { lot: Rated; className?: string }) {
  const rating = realRating(lot);
  if (!rating) return <span className={cn('text-muted-foreground', className)}>{NO_REVIEWS_TEXT}</span>;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span aria-hidden="true" className="text-accent">
        ★
      </span>
      <span className="sr-only">Rated</span>
      <span className="font-medium text-foreground">{rating.value.toFixed(1)}</span>
      <span className="sr-only">out of 5</span>
      <span>{`(${formatCount(rating.count)} ${rating.count === 1 ? 'review' : 'reviews'})`}</span>
    </span>
  );
}
