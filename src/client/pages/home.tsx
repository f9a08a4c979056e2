// Home, signed out with no search: the search form first (place and dates), the steps carousel, the
// catalogue's figures and popular destinations.
import { Link, useLocation, useSearch } from 'wouter';
import { useSession } from '@/client/features/auth/use-session';
import { AssistantButton } from '@/client/features/home/assistant-button';
import { PopularDestinations } from '@/client/features/home/popular-destinations';
import { StatTiles } from '@/client/features/home/stat-tiles';
import { StepsCarousel } from '@/client/features/home/steps-carousel';
import { SearchForm } from '@/client/features/search/search-form';
import { searchHref } from '@/client/features/search/search-params';
import { preloadable } from '@/client/lib/lazy';
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';
import { dayFromToday } from '@/shared/wall-clock';

// The search screen (results, recent searches, assistant) and the history load when shown: a first-time
// visitor sees the form, so their first visit downloads neither.
const SearchHome = preloadable('search-home', () => import('@/client/features/home/search-home'));

export default function HomePage() {
  const { user } = useSession();
  const params = new URLSearchParams(useSearch());
  const history = Boolean(user) && params.get('view') === 'history';
  // No Suspense boundary of its own: the page's (the route table's) covers a first load on navigation, and one
  // more boundary would hydrate the results a pass later than the rest of the page.
  if (history || user || params.has('location')) return <SearchHome history={history} />;
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[1.15fr_1fr] lg:gap-10 lg:py-16">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">Airport and cruise parking, with the total price up front.</h1>
            <p className="mt-3 max-w-xl leading-7 text-muted-foreground sm:mt-4 sm:text-lg sm:leading-8">
              {`Compare every lot near your terminal by total price, distance and shuttle: the lot's rate plus one flat ${SERVICE_FEE_TEXT} fee, nothing added at the gate.`}
            </p>
            <div className="mt-6">
              <LandingSearch />
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              {'New here? '}
              <Link href="/how-it-works" className="font-medium text-primary underline-offset-4 hover:underline">
                How it Works
              </Link>
            </p>
          </div>
          <StepsCarousel />
        </div>
      </section>

      <section aria-label="What you can compare" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
        <StatTiles />
      </section>

      <PopularDestinations />
      <AssistantButton />
    </>
  );
}

/** Typing or pointing at the form starts fetching the results screen's code, so it is there for the answer. */
const preloadSearch = () => void SearchHome.preload().then(() => import('@/client/features/home/search-home').then((m) => m.preloadSearch()));

/** The signed-out visitor's search: the same form as the results page, starting on tomorrow to the day after. */
function LandingSearch() {
  const [, navigate] = useLocation();
  return (
    <div onFocusCapture={preloadSearch} onPointerEnter={preloadSearch}>
      <SearchForm initial={{ location: '', arrivalDate: dayFromToday(1), departureDate: dayFromToday(2) }} onSearch={(v) => navigate(searchHref(v))} />
    </div>
  );
}
