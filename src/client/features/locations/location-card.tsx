// One directory entry: name, code, city/state, region, number of lots and the lowest daily price.
import { Anchor, ChevronRight, Plane } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';

type Location = RouterOutputs['catalogue']['listLocations'][number];

export function LocationCard({ location }: { location: Location }) {
  const Icon = location.kind === 'airport' ? Plane : Anchor;
  return (
    <Link
      href={`/${location.seoSlug}`}
      className="group flex h-full flex-col rounded-lg border border-border bg-background p-4 shadow-sm transition hover:border-primary hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-5 group-hover:text-primary">{location.name}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {location.city}, {location.state}
          </p>
        </div>
        {location.kind === 'airport' && <Badge variant="secondary">{location.code}</Badge>}
      </div>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        <span className="text-muted-foreground">{location.region}</span>
        <span className="flex items-center gap-1 font-medium">
          {location.providerCount} lots{location.minPrice !== null && <> · from {formatPrice(location.minPrice)}/day</>}
          <ChevronRight className="size-4 text-muted-foreground group-hover:text-primary" aria-hidden="true" />
        </span>
      </div>
    </Link>
  );
}
