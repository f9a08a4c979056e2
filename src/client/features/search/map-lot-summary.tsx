// Phones' map view: the lot picked on the map, in brief, with the way to its card and to its details.
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { formatPrice } from '@/shared/pricing';
import type { ResultsMapState } from './results-map-state';
import { stayQuery } from './search-params';
import { LotRating } from './lot-rating';

export function MapLotSummary({ map, onShowInList }: { map: ResultsMapState; onShowInList: (id: number) => void }) {
  const lot = map.data.providers.find((p) => p.id === map.selectedId);
  return (
    <div aria-live="polite" data-testid="map-lot-summary" className="mt-3 rounded-lg border border-border bg-background p-3.5 shadow-sm">
      {lot ? (
        <div className="space-y-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold leading-tight">{lot.name}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                <LotRating lot={lot} />
                {` · ${lot.distance}`}
              </p>
            </div>
            <p className="shrink-0 text-right">
              <span className="block text-lg font-bold leading-tight">{formatPrice(lot.total)}</span>
              <span className="text-xs text-muted-foreground">{`total for ${lot.days} ${lot.days === 1 ? 'day' : 'days'}`}</span>
            </p>
          </div>
          {lot.availableSpaces === 0 && <p className="text-sm font-medium text-destructive">Sold out for these dates</p>}
          <div className="flex gap-2">
            <Button variant="outline" className="flex-1" onClick={() => onShowInList(lot.id)}>
              Show in list
            </Button>
            <Button asChild className="flex-1">
              <Link href={`/provider/${lot.slug}?${stayQuery({ location: lot.location, arrivalDate: map.data.arrivalDate, departureDate: map.data.departureDate })}`}>
                View Details
              </Link>
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Tap a price to see that lot here.</p>
      )}
    </div>
  );
}
