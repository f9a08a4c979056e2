// The provider results list (spec section 2): title with count, Live Pricing badge, both empty states.
import { SearchX, Zap } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Card } from '@/client/components/ui/card';
import { useAccessDialog } from '@/client/features/access/access-dialog';
import { countSearch, useDetailsLocked } from '@/client/features/access/gating';
import { track } from '@/client/lib/analytics';
import { ProviderCard, type ProviderResult } from './provider-card';
import { MapViewToggle, ResultsMapSlot, useResultsMap } from './results-map-state';
export { ResultsSkeleton } from './results-skeleton';

export function ResultsList({
  locationLabel,
  locationCode,
  providers,
  arrivalDate,
  departureDate,
  filtered = false,
}: {
  locationLabel: string;
  /** The resolved location's code (gating and the access fee are per location). */
  locationCode?: string;
  providers: ProviderResult[];
  arrivalDate: string;
  departureDate: string;
  /** True when filters are active: the empty state suggests changing them instead of the location. */
  filtered?: boolean;
}) {
  const live = providers.some((p) => p.pricingSource === 'scraping');
  const { locked } = useDetailsLocked(locationCode);
  const { openAccess } = useAccessDialog();
  // The lots map, when the page has one: cards and pins highlight each other.
  const map = useResultsMap();
  const setMapLocked = map?.setLocked;
  useEffect(() => setMapLocked?.(locked), [setMapLocked, locked]);
  const unlock = () => locationCode && openAccess({ locationCode, locationName: locationLabel });
  // A new place or dates is one search for the gating count (and analytics); sorting and filtering are not, so the
  // label and the result count are read when it fires without making the effect run again.
  const trackSearch = useEffectEvent(() => track('search', { location: locationLabel, results: providers.length }));
  useEffect(() => {
    if (!locationCode) return;
    if (countSearch({ location: locationCode, arrivalDate, departureDate })) trackSearch();
  }, [locationCode, arrivalDate, departureDate]);

  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="results-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          {`Parking Options for ${locationLabel} (${providers.length} found)`}
        </h2>
        {live && (
          <Badge variant="success" className="gap-1">
            <Zap className="size-3.5" aria-hidden="true" />
            Live Pricing Available
          </Badge>
        )}
      </div>
      {providers.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
          {filtered ? (
            <>
              <p className="font-semibold">No parking providers found</p>
              <p className="text-sm text-muted-foreground">Try adjusting your search location or dates</p>
            </>
          ) : (
            <p className="text-muted-foreground">{`No parking providers found for "${locationLabel}". Please try a different location.`}</p>
          )}
        </Card>
      ) : (
        <>
          <MapViewToggle />
          <ResultsMapSlot placement="inline" className="h-[26rem]" />
          <ul className={map?.view === 'map' ? 'space-y-4 max-lg:hidden' : 'space-y-4'}>
            {providers.map((p) => (
              <li
                key={p.id}
                data-lot-card={p.id}
                // A mouse only: a finger's emulated hover would stick to whichever card ends up under it.
                onPointerEnter={(e) => e.pointerType === 'mouse' && map?.hover(p.id)}
                onPointerLeave={(e) => e.pointerType === 'mouse' && map?.hover(null)}
                onFocus={() => map?.hover(p.id)}
                onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && map?.hover(null)}
              >
                <ProviderCard active={map?.activeId === p.id} provider={p} arrivalDate={arrivalDate} departureDate={departureDate} locked={locked} onUnlock={() => unlock()} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
