// One lot in the results: photo, rating, distance, up to 4 amenities, price per day and the total.
import { ACCESS_FEE_TEXT } from '@/shared/pricing';
import { Bus, CalendarClock, Lock, MapPin } from '@/client/components/ui/lot-icons';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { lotImageAlt, PHOTO_SIZES, photoSources } from '@/client/lib/photos';
import { cn } from '@/client/lib/utils';
import type { RouterOutputs } from '@/client/lib/trpc';
import { formatPrice, linesArithmetic } from '@/shared/pricing';
import { stayQuery } from './search-params';
import { LotRating } from './lot-rating';

export type ProviderResult = RouterOutputs['search']['providers']['providers'][number];
const FALLBACK_IMAGE = '/api/placeholder/800/500?kind=surface';

const MAX_AMENITIES = 4;

/**
 * Selecting a lot opens checkout with it, signed in or not: guests book as guests, and the detail fee only
 * unlocks details, it never stands between a traveller and booking. A link, so it works before the page has
 * hydrated (and opens in a new tab when asked).
 */
export function checkoutHref(provider: ProviderResult, arrivalDate: string, departureDate: string): string {
  return `/booking?${new URLSearchParams({
    providerId: String(provider.id),
    providerName: provider.name,
    price: String(provider.price),
    location: provider.location,
    arrivalDate,
    departureDate,
  })}`;
}

export function ProviderCard({
  provider,
  arrivalDate,
  departureDate,
  locked = false,
  onUnlock,
  active = false,
}: {
  provider: ProviderResult;
  arrivalDate: string;
  departureDate: string;
  /** Details are gated: show the locked preview (2 features) and the unlock action. */
  locked?: boolean;
  onUnlock?: () => void;
  /** The lot is hovered, focused or picked on the results map. */
  active?: boolean;
}) {
  const [image, setImage] = useState(provider.imageUrls[0] ?? FALLBACK_IMAGE);
  const extra = provider.amenities.length - MAX_AMENITIES;
  const href = `/provider/${provider.slug}?${stayQuery({ location: provider.location, arrivalDate, departureDate })}`;
  const few = provider.availableSpaces > 0 && provider.availableSpaces <= 10;
  // The stay's own arithmetic on one line; the day rates (holiday or special) each on a line of their own.
  const standard = provider.priceLines.filter((l) => !l.dayRate);
  const dayRates = provider.priceLines.filter((l) => l.dayRate);

  const picture = (className: string) => (
    <img
      {...photoSources(image, PHOTO_SIZES.card)}
      onError={() => setImage(FALLBACK_IMAGE)}
      alt={(image === provider.imageUrls[0] && provider.imageAlts[0]) || lotImageAlt(image, provider.name)}
      width={320}
      height={200}
      loading="lazy"
      className={className}
    />
  );

  // Phones get a compact card (a thumbnail beside the name), so two or more lots fit on one screen.
  return (
    <Card data-active={active || undefined} className={cn('flex overflow-hidden transition-shadow', active && 'border-primary ring-2 ring-primary/60')}>
      {picture('hidden w-60 shrink-0 bg-muted object-cover sm:block')}
      <div className="flex min-w-0 flex-1 flex-col gap-2.5 p-3.5 sm:gap-3 sm:p-5">
        <div className="flex items-start gap-3">
          {picture('size-20 shrink-0 rounded-md bg-muted object-cover sm:hidden')}
          <div className="min-w-0 flex-1">
            <h3 className="text-base font-semibold leading-tight sm:text-lg">
              {locked ? (
                provider.name
              ) : (
                <Link href={href} className="hover:underline">
                  {provider.name}
                </Link>
              )}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
              <LotRating lot={provider} />
              {!locked && (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden="true" />
                  {provider.distance}
                </span>
              )}
            </p>
          </div>
          {provider.pricingSource === 'scraping' && <Badge variant="success">Live price</Badge>}
        </div>
        {locked ? (
          <div className="space-y-2 rounded-md border border-dashed border-border bg-muted/40 p-3">
            <ul className="space-y-1 text-sm" aria-label="Preview">
              {provider.features.slice(0, 2).map((f) => (
                <li key={f}>{`• ${f}`}</li>
              ))}
            </ul>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Lock className="size-4" aria-hidden="true" /> Distance, shuttle, amenities and contact details are locked.
            </p>
            <Button size="sm" variant="outline" onClick={onUnlock}>
              {`Unlock details for ${ACCESS_FEE_TEXT}`}
            </Button>
          </div>
        ) : null}
        {!locked && provider.shuttleInfo && (
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <Bus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="line-clamp-1 sm:line-clamp-none">{provider.shuttleInfo}</span>
          </p>
        )}
        {!locked && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {provider.amenities.slice(0, MAX_AMENITIES).map((a) => (
              <li key={a}>
                <Badge variant="secondary">{a}</Badge>
              </li>
            ))}
            {extra > 0 && (
              <li>
                <Badge variant="outline">{`+${extra} more`}</Badge>
              </li>
            )}
          </ul>
        )}
        {/* The price grows downwards (a holiday rate adds a line) and the buttons keep their place beside it. */}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 border-t border-border pt-2.5 sm:flex-nowrap sm:pt-3">
          <div className="min-w-0 flex-1">
            <p className="text-xl font-bold tracking-tight sm:text-2xl">
              {formatPrice(provider.total)}
              <span className="ml-1 text-sm font-normal text-muted-foreground">{`total for ${provider.days} ${provider.days === 1 ? 'day' : 'days'}`}</span>
            </p>
            <p className="text-sm text-muted-foreground">{`${linesArithmetic(standard)} + ${formatPrice(provider.serviceFee)} service fee`}</p>
            {dayRates.length > 0 && (
              <ul aria-label="Day rates in this stay" className="mt-1 space-y-0.5">
                {dayRates.map((l) => (
                  <li key={l.label} className="flex items-start gap-1.5 text-sm font-medium text-warning">
                    <CalendarClock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    {l.label}
                  </li>
                ))}
              </ul>
            )}
            {provider.availableSpaces === 0 ? (
              <p className="text-sm font-medium text-destructive">Sold out for these dates</p>
            ) : few ? (
              <p className="text-sm font-medium text-warning">{`Only ${provider.availableSpaces} spaces left`}</p>
            ) : null}
          </div>
          <div className="flex w-full gap-2 sm:w-auto sm:shrink-0">
            {!locked && (
              <Button asChild variant="outline" className="flex-1 sm:flex-none">
                <Link href={href}>View Details</Link>
              </Button>
            )}
            {provider.availableSpaces === 0 ? (
              <Button disabled className="flex-1 sm:flex-none">
                Select
              </Button>
            ) : (
              <Button asChild className="flex-1 sm:flex-none">
                <Link href={checkoutHref(provider, arrivalDate, departureDate)}>Select</Link>
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
