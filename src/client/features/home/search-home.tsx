// Home, signed in or after a search (spec section 2): compact hero, the search (form, results, recent searches,
// assistant) or the booking history, and the catalogue's figures. Its own chunk: a first-time visitor sees the
// landing page (pages/home.tsx) and does not download this.
import { Suspense } from 'react';
import { Skeleton } from '@/client/components/ui/skeleton';
import { AssistantButton } from '@/client/features/home/assistant-button';
import { StatTiles } from '@/client/features/home/stat-tiles';
import { ResultsSkeleton } from '@/client/features/search/results-skeleton';
import { preloadable } from '@/client/lib/lazy';
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';

const HomeSearch = preloadable('home-search', () => import('@/client/features/search/home-search').then((m) => ({ default: m.HomeSearch })));
const BookingHistory = preloadable('booking-history', () => import('@/client/features/bookings/booking-history').then((m) => ({ default: m.BookingHistory })));

export const preloadSearch = () => HomeSearch.preload();

export default function SearchHome({ history = false }: { history?: boolean }) {
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{history ? 'Your trips' : 'Find parking near your terminal'}</h1>
          <p className="mt-2 text-muted-foreground">
            {history ? 'Every reservation you made, newest first.' : `Every lot with its total price: the daily rate for your dates plus one flat ${SERVICE_FEE_TEXT} fee.`}
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
        {history ? (
          <Suspense fallback={<HistorySkeleton />}>
            <BookingHistory />
          </Suspense>
        ) : (
          <Suspense fallback={<SearchSkeleton />}>
            <HomeSearch />
          </Suspense>
        )}
        <StatTiles />
      </div>
      <AssistantButton />
    </>
  );
}

function SearchSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-52 w-full rounded-lg sm:h-28" />
      <ResultsSkeleton />
    </div>
  );
}

function HistorySkeleton() {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading bookings">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full" />
      ))}
    </div>
  );
}
