// Home, signed in or after a search: the search form, the results and recent searches.
import { skipToken } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '@/client/lib/trpc';
import { dayFromToday } from '@/shared/pricing';
import { ParkingAssistant } from '@/client/features/chat/parking-assistant';
import { RecentSearches } from './recent-searches';
import { ResultsSkeleton } from './results-skeleton';
import { SearchForm, type SearchValues } from './search-form';
import { searchInputFromParams } from './search-params';
import { preloadable } from '@/client/lib/lazy';

// The results (lot cards, gating, the access dialog's hooks) load with the first search.
const ResultsList = preloadable('results-list', () => import('./results-list').then((m) => ({ default: m.ResultsList })));

export function homeSearchInput(params: URLSearchParams) {
  const location = params.get('location');
  return location ? searchInputFromParams(location, params, true) : null;
}

export function HomeSearch() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const input = homeSearchInput(params);
  const result = trpc.search.providers.useQuery(input ?? skipToken, { placeholderData: (prev) => prev });
  const utils = trpc.useUtils();
  // A finished search is a new history entry: refresh the panel once the results are in.
  const finishedAt = result.isFetching ? 0 : result.dataUpdatedAt;
  useEffect(() => {
    if (finishedAt) void utils.search.history.invalidate();
  }, [finishedAt, utils]);
  // A new place starts at the top of the page, wherever the visitor clicked from.
  const place = input?.location;
  useEffect(() => {
    if (place) window.scrollTo(0, 0);
  }, [place]);

  const run = (v: Partial<SearchValues> & { location: string }) => {
    const q = new URLSearchParams({ location: v.location });
    if (v.arrivalDate) q.set('arrivalDate', v.arrivalDate);
    if (v.departureDate) q.set('departureDate', v.departureDate);
    navigate(`/?${q}`);
  };

  const data = result.data;
  return (
    // Typing a search starts fetching the results' code, so it is there when the answer is.
    <div className="space-y-6" onFocusCapture={() => void ResultsList.preload()}>
      <SearchForm
        key={params.toString()}
        initial={{
          location: params.get('location') ?? '',
          arrivalDate: data?.arrivalDate ?? params.get('arrivalDate') ?? dayFromToday(1),
          departureDate: data?.departureDate ?? params.get('departureDate') ?? dayFromToday(2),
        }}
        pending={result.isFetching}
        onSearch={run}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_300px]">
        <div className="min-w-0">
          {!input ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
              Enter an airport code, a cruise port or a city to compare parking by total price.
            </p>
          ) : result.isError ? (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-destructive">
              {result.error.message}
            </p>
          ) : !data ? (
            <ResultsSkeleton />
          ) : (
            <Suspense fallback={<ResultsSkeleton />}>
              <ResultsList
                locationLabel={data.location?.name ?? input.location}
                locationCode={data.location?.code}
                providers={data.providers}
                arrivalDate={data.arrivalDate}
                departureDate={data.departureDate}
              />
            </Suspense>
          )}
        </div>
        <aside className="space-y-6">
          <RecentSearches onPick={(location) => run({ location })} />
          <ParkingAssistant onSearch={run} lastSearchLocation={input?.location} />
        </aside>
      </div>
    </div>
  );
}
