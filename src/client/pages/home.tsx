// Home, signed out with no search: hero, Start Searching, the steps carousel, trust tiles, destinations.
import { SERVICE_FEE_TEXT } from '@/shared/pricing';
import { ArrowRight, BadgeDollarSign, Clock, Handshake, Users } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';
import { AssistantButton } from '@/client/features/home/assistant-button';
import { PopularDestinations } from '@/client/features/home/popular-destinations';
import { StepsCarousel } from '@/client/features/home/steps-carousel';
import { ResultsSkeleton } from '@/client/features/search/results-skeleton';
import { Skeleton } from '@/client/components/ui/skeleton';
import { preloadable } from '@/client/lib/lazy';

// The search screen (form, results, recent searches, assistant) and the history load when shown: a
// first-time visitor sees the hero, so their first visit does not download either.
const HomeSearch = preloadable('home-search', () => import('@/client/features/search/home-search').then((m) => ({ default: m.HomeSearch })));
const BookingHistory = preloadable('booking-history', () => import('@/client/features/bookings/booking-history').then((m) => ({ default: m.BookingHistory })));

const STATS = [
  { value: '3M+', label: 'daily travelers', icon: Users },
  { value: '50+', label: 'parking partners', icon: Handshake },
  { value: SERVICE_FEE_TEXT, label: 'flat booking fee', icon: BadgeDollarSign },
  { value: '24/7', label: 'traveller support', icon: Clock },
];

export default function HomePage() {
  const { user } = useSession();
  const params = new URLSearchParams(useSearch());
  if (user && params.get('view') === 'history') return <SearchHome history />;
  if (user || params.has('location')) return <SearchHome />;
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:py-20">
          <div>
            <p className="inline-flex items-center rounded-full border border-primary/20 bg-background px-3 py-1 text-xs font-medium text-primary">
              {`50 airports · 20 cruise ports · one flat ${SERVICE_FEE_TEXT} fee`}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Airport and cruise parking, with the total price up front.
            </h1>
            <p className="mt-4 max-w-xl text-lg leading-8 text-muted-foreground">
              Compare every lot near your terminal by total price, distance, rating and shuttle, then book in a minute.
              Save up to 60% on terminal parking, with no surprise fees at the gate.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <StartSearchingButton />
              <Button asChild size="lg" variant="outline">
                <Link href="/how-it-works">How it Works</Link>
              </Button>
            </div>
          </div>
          <StepsCarousel />
        </div>
      </section>

      <section aria-label="Why travellers choose us" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STATS.map(({ value, label, icon: Icon }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg border border-border bg-background p-4">
              <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block text-xl font-bold leading-6">{value}</span>
                <span className="text-sm text-muted-foreground">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <PopularDestinations />
      <AssistantButton />
    </>
  );
}

/** Home, signed in or after a search (spec section 2): compact hero, search, stat tiles, results. */
function SearchHome({ history = false }: { history?: boolean }) {
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {history ? 'Your trips' : 'Find parking near your terminal'}
          </h1>
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
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Why travellers choose us">
          {STATS.map(({ value, label, icon: Icon }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg border border-border bg-background p-4">
              <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block text-xl font-bold leading-6">{value}</span>
                <span className="text-sm text-muted-foreground">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <AssistantButton />
    </>
  );
}

/** Spec: Start Searching opens sign-in when signed out. */
function StartSearchingButton() {
  const { user } = useSession();
  const { openAuth } = useAuthDialog();
  const [, navigate] = useLocation();
  // Signed in, the home page itself becomes the search screen.
  const go = () => navigate('/');
  return (
    <Button size="lg" onPointerEnter={() => void HomeSearch.preload()} onClick={() => (user ? go() : openAuth('login', go))}>
      Start Searching <ArrowRight className="size-4" aria-hidden="true" />
    </Button>
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
