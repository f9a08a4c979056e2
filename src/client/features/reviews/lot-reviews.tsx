// The lot page's reviews: the rating with its count and the three score averages, then the published reviews
// (newest first, paged), each with the author's first name and initial, the month of the stay, the "Verified
// stay" badge and the partner's reply. "No reviews yet" when the lot has none.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { LOT_REVIEWS_PAGE_SIZE, NO_REVIEWS_TEXT, VERIFIED_STAY_TEXT } from '@/shared/ratings';
import { formatCount } from '@/shared/format';
import { Stars, stayMonthText } from './stars';

type Page = RouterOutputs['reviews']['forProvider'];
type Review = Page['reviews'][number];

export function LotReviews({ providerId, lotName }: { providerId: number; lotName: string }) {
  const trpc = useTRPC();
  // Pages after the first are read as the traveller asks for them, each its own query.
  const [pages, setPages] = useState(1);
  const first = useQuery(trpc.reviews.forProvider.queryOptions({ providerId, page: 1, pageSize: LOT_REVIEWS_PAGE_SIZE }));
  const data = first.data;
  const shown = Math.min(pages * LOT_REVIEWS_PAGE_SIZE, data?.total ?? 0);
  return (
    <Card id="reviews">
      <CardHeader>
        <CardTitle as="h2">Reviews</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {!data ? (
          <p className="text-sm text-muted-foreground">Loading reviews…</p>
        ) : !data.summary ? (
          <div className="text-sm">
            <p className="font-medium">{NO_REVIEWS_TEXT}</p>
            <p className="mt-1 text-muted-foreground">{`Only travellers who parked at ${lotName} can review it, after their stay.`}</p>
          </div>
        ) : (
          <>
            <Summary summary={data.summary} />
            <ul className="divide-y divide-border" aria-label={`Reviews of ${lotName}`}>
              {Array.from({ length: pages }, (_, i) => (
                <ReviewPage key={i} providerId={providerId} page={i + 1} lotName={lotName} />
              ))}
            </ul>
            {shown < data.total && (
              <Button variant="outline" className="w-full sm:w-auto" onClick={() => setPages((n) => n + 1)}>
                {`Show more reviews (${formatCount(data.total - shown)} more)`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReviewPage({ providerId, page, lotName }: { providerId: number; page: number; lotName: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.reviews.forProvider.queryOptions({ providerId, page, pageSize: LOT_REVIEWS_PAGE_SIZE }));
  return (
    <>
      {q.data?.reviews.map((r) => (
        <ReviewItem key={r.id} review={r} lotName={lotName} />
      ))}
    </>
  );
}

function Summary({ summary }: { summary: NonNullable<Page['summary']> }) {
  const scores = [
    ['Shuttle or access wait', summary.scores.wait],
    ['Lot as described', summary.scores.described],
    ['Staff', summary.scores.staff],
  ] as const;
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8">
      <div className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-1">
        <span className="text-4xl font-bold tracking-tight">{summary.rating.toFixed(1)}</span>
        <div>
          <Stars value={summary.rating} className="text-lg" />
          <p className="text-sm text-muted-foreground">{`${formatCount(summary.reviewCount)} verified ${summary.reviewCount === 1 ? 'review' : 'reviews'}`}</p>
        </div>
      </div>
      <dl className="space-y-2.5">
        {scores.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[11rem_1fr_auto]">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="order-last col-span-2 h-2 overflow-hidden rounded-full bg-muted sm:order-none sm:col-span-1" aria-hidden="true">
              <div className="h-full rounded-full bg-accent" style={{ width: `${((value ?? 0) / 5) * 100}%` }} />
            </dd>
            <dd className="font-medium tabular-nums">{value === null ? '–' : value.toFixed(1)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ReviewItem({ review: r, lotName }: { review: Review; lotName: string }) {
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <article aria-label={`Review by ${r.authorName}`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={r.overall} />
          <span className="font-medium">{r.authorName}</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-[#14532d]">
            <span aria-hidden="true">✓</span>
            {VERIFIED_STAY_TEXT}
          </span>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          {`Stayed ${stayMonthText(r.stayMonth)} · Wait ${r.waitScore}/5 · As described ${r.describedScore}/5 · Staff ${r.staffScore}/5`}
        </p>
        {r.body && <p className="mt-3 text-sm leading-6 break-words whitespace-pre-line">{r.body}</p>}
        {r.reply && (
          <div className="mt-3 rounded-lg border-l-2 border-primary bg-muted/60 p-3 text-sm">
            <p className="font-medium">{`Reply from ${lotName}`}</p>
            <p className="mt-1 leading-6 break-words whitespace-pre-line text-muted-foreground">{r.reply.body}</p>
          </div>
        )}
      </article>
    </li>
  );
}
