// Home, signed in or after a search: the search form, the results and recent searches.
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTRPC } from '@/client/lib/trpc';
import { dayFromToday } from '@/shared/pricing';
import { ParkingAssistant } from '@/client/features/chat/parking-assistant';
import { RecentSearches } from './recent-searches';
import { ResultsControls } from './results-controls';
import { ResultsSkeleton } from './results-skeleton';
import { SearchForm, type SearchValues } from './search-form';
import { pageDate, searchHref, searchInputFromParams } from './search-params';
import { preloadable } from '@/client/lib/lazy';
import { ResultsMapProvider, ResultsMapSlot } from './results-map-state';
import { AreaChoices } from './area-choices';

// The results (lot cards, gating, the access dialog's hooks) load with the first search.
const ResultsList = preloadable('results-list', () => import('./results-list').then((m) => ({ default: m.ResultsList })));

/** What the search form shows for an address: its place and dates, or the default window (tomorrow to the day after). */
export function formValuesFromParams(params: URLSearchParams): SearchValues {
  const given = pageDate(params, 'arrivalDate');
  const arrivalDate = given?.slice(0, 10) || dayFromToday(1);
  const departureDate = pageDate(params, 'departureDate')?.slice(0, 10) || (given ? nextDay(arrivalDate) : dayFromToday(2));
  return { location: params.get('location') ?? '', arrivalDate, departureDate };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function homeSearchInput(params: URLSearchParams) {
  const location = params.get('location');
  return location ? searchInputFromParams(location, params, true) : null;
}

export function HomeSearch() {
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const input = homeSearchInput(params);
  const result = useQuery(trpc.search.providers.queryOptions(input ?? skipToken, { placeholderData: (prev) => prev }));
  const queryClient = useQueryClient();
  // A finished search is a new history entry: refresh the panel once the results are in.
  const finishedAt = result.isFetching ? 0 : result.dataUpdatedAt;
  useEffect(() => {
    if (finishedAt) void queryClient.invalidateQueries(trpc.search.history.queryFilter());
  }, [finishedAt, queryClient, trpc]);
  // A new place starts at the top of the page, wherever the visitor clicked from.
  const place = input?.location;
  useEffect(() => {
    if (place) window.scrollTo(0, 0);
  }, [place]);

  const run = (v: Partial<SearchValues> & { location: string; sort?: string; amenities?: string[] }) => navigate(searchHref(v));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    navigate(`/?${next}`, { replace: true });
  };

  // The address is the one truth: the form shows what the URL searched (typed, picked, handed over by the
  // assistant, or reached with back/forward), and the results are for the same place and dates.
  const shown = formValuesFromParams(params);
  const data = result.isPlaceholderData ? undefined : result.data;
  const found = data?.location;
  const choices = data?.choices ?? null;
  const mapData =
    found && data.providers.length
      ? { center: found, kind: found.kind, code: found.code, label: found.name, providers: data.providers, arrivalDate: data.arrivalDate, departureDate: data.departureDate }
      : null;
  // From lg on the lots map stays in view beside the list while it scrolls (as on location pages). The recent
  // searches and the assistant are below the results, always in the same place: moving them would start the
  // assistant's conversation over when it hands its search to the results.
  const mapped = Boolean(mapData) || Boolean(input && !data && !result.isError);
  const keep = { sort: params.get('sort'), amenities: params.get('amenities')?.split(',') };
  return (
    // Typing a search starts fetching the results' code, so it is there when the answer is.
    <div className="space-y-6" onFocusCapture={() => void ResultsList.preload()}>
      <SearchForm key={params.toString()} initial={shown} pending={result.isFetching} onSearch={(v) => run({ ...v, sort: keep.sort ?? undefined, amenities: keep.amenities })} />
      <ResultsMapProvider data={mapData}>
        <div className={mapped ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]' : 'grid gap-6'}>
          <div className="min-w-0 space-y-4">
            {input && !choices && <ResultsControls params={params} update={update} />}
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
            ) : choices ? (
              <AreaChoices
                typed={input.location}
                choices={choices}
                hrefFor={(code) => searchHref({ location: code, arrivalDate: shown.arrivalDate, departureDate: shown.departureDate, ...keep })}
              />
            ) : (
              <Suspense fallback={<ResultsSkeleton />}>
                <ResultsList
                  locationLabel={data.location?.name ?? input.location}
                  locationCode={data.location?.code}
                  providers={data.providers}
                  arrivalDate={data.arrivalDate}
                  departureDate={data.departureDate}
                  filtered={Boolean(input.amenities)}
                />
              </Suspense>
            )}
          </div>
          {mapped && (
            <div className="max-lg:hidden lg:sticky lg:top-20 lg:self-start">
              <ResultsMapSlot placement="aside" className="h-[min(34rem,calc(100dvh-6rem))]" reserve />
            </div>
          )}
        </div>
        <aside className="mt-6 grid items-start gap-6 md:grid-cols-2">
          <RecentSearches onPick={run} />
          <ParkingAssistant onSearch={run} lastSearchLocation={input?.location} />
        </aside>
      </ResultsMapProvider>
    </div>
  );
}
