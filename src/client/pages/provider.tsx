// /provider/{name-slug} and /property/{name-slug}: everything about one lot, priced for the dates in the URL.
import { useQuery } from '@tanstack/react-query';
import { formatCents, toDollars } from '@/shared/money';
import { ACCESS_FEE_TEXT, linesInDollars, standardLines } from '@/shared/pricing';
import { appliedCancellationPolicy } from '@/shared/cancellation';
import { Globe, View } from 'lucide-react';
import { Car, CheckCircle2, Clock, Phone } from '@/client/components/ui/lot-page-icons';
import { ArrowLeft, Bus, CalendarClock, Lock, MapPin, ShieldCheck } from '@/client/components/ui/lot-icons';
import { useState } from 'react';
import { Link, useParams, useRoute, useSearch } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAccessDialog } from '@/client/features/access/access-dialog';
import { useDetailsLocked } from '@/client/features/access/gating';
import { LotMap } from '@/client/features/search/lot-map';
import { LotRating } from '@/client/features/search/lot-rating';
import { LotReviews } from '@/client/features/reviews/lot-reviews';
import { lotImageAlt, PHOTO_SIZES, photoSources } from '@/client/lib/photos';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_SHUTTLE_INFO } from '@/shared/constants';
import { billableDays, formatPrice, priceStay } from '@/shared/pricing';
import { formatDayDate } from '@/shared/format';
import { zoneForState } from '@/shared/time-zones';
import { useStayStart } from '@/client/features/checkout/use-stay-start';
import { estimateInput, lotStayDates } from '@/client/features/checkout/lot-stay';

type Provider = RouterOutputs['catalogue']['getProvider'];
const FALLBACK_IMAGE = '/api/placeholder/800/500?kind=surface';

export default function ProviderPage() {
  const trpc = useTRPC();
  const { slug = '' } = useParams<{ slug: string }>();
  const [isProperty] = useRoute('/property/:slug');
  const provider = useQuery(trpc.catalogue.getProvider.queryOptions({ slug }, { retry: false, retryOnMount: false }));
  const noun = isProperty ? 'Property' : 'Provider';

  if (provider.error) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{`${noun} not found`}</h1>
        <p className="text-muted-foreground">This parking lot is not in our catalogue any more. Search again to see the lots near your terminal.</p>
        <Button asChild>
          <Link href="/locations">Browse locations</Link>
        </Button>
      </div>
    );
  }
  if (!provider.data) {
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-10 sm:px-6" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  return <Details provider={provider.data} isProperty={isProperty} />;
}

function Details({ provider: p, isProperty }: { provider: Provider; isProperty: boolean }) {
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const { locked } = useDetailsLocked(p.terminal.code);
  const { openAccess } = useAccessDialog();
  const { arrival, departure } = lotStayDates(params);
  const days = billableDays(arrival, departure);
  const quote = priceStay({ dailyPrice: p.priceCents, weeklyRate: p.weeklyRateCents, days });
  // The server's quote has the stay's day rates (holiday rates) and says when these dates cannot be booked; the
  // lot's own prices show until it answers. It prices the stay from the time checkout will start it (today: the
  // next bookable half hour, not a midnight already gone).
  const start = useStayStart(arrival, zoneForState(p.terminal.state));
  // The server put this estimate in the page's data (routes.tsx), so it is not asked for again.
  const estimate = useQuery(trpc.bookings.estimate.queryOptions(estimateInput(p.id, start ?? arrival, departure), { retry: false, enabled: start !== null }));
  const problem = estimate.data?.problem;
  const lines = estimate.data?.lines ?? linesInDollars(standardLines({ dailyPrice: p.priceCents, weeklyRate: p.weeklyRateCents, days }));
  const total = estimate.data?.totalBeforeCredit ?? toDollars(quote.total);
  const images = p.imageUrls.length ? p.imageUrls : [FALLBACK_IMAGE];
  const bookingHref = `/booking?${new URLSearchParams({
    providerId: String(p.id),
    providerName: p.name,
    price: String(p.price),
    location: p.location,
    arrivalDate: arrival,
    departureDate: departure,
  })}`;
  const backHref = `/${p.terminal.seoSlug}?${new URLSearchParams({ arrivalDate: arrival.slice(0, 10), departureDate: departure.slice(0, 10) })}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href={backHref} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {`All lots near ${p.terminal.shortName}`}
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{p.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
            <a href="#reviews" className="hover:underline">
              <LotRating lot={p} />
            </a>
            {!locked && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                {p.address}
              </span>
            )}
          </p>
        </div>
        {p.pricingSource === 'scraping' && <Badge variant="success">Live price</Badge>}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="min-w-0 space-y-6">
          <Gallery images={images} alts={p.imageAlts} name={p.name} />
          {p.description && <p className="leading-7 text-muted-foreground">{p.description}</p>}

          {locked ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
                <Lock className="size-8 text-primary" aria-hidden="true" />
                <h2 className="text-lg font-semibold">Detailed information is locked</h2>
                <p className="max-w-md text-sm text-muted-foreground">
                  {`Unlock the map, shuttle schedule, amenities and contact details of every lot near ${p.terminal.shortName} for ${ACCESS_FEE_TEXT}, credited back when you book.`}
                </p>
                <Button onClick={() => openAccess({ locationCode: p.terminal.code, locationName: p.terminal.name })}>{`Unlock details for ${ACCESS_FEE_TEXT}`}</Button>
              </CardContent>
            </Card>
          ) : (
            <>
              <Card>
                <CardHeader>
                  <CardTitle as="h2">Getting to the terminal</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-5 md:grid-cols-2">
                  <LotMap lot={p} terminal={p.terminal} lotName={p.name} terminalName={p.terminal.name} distance={p.distance} className="w-full rounded-xl" />
                  <div className="space-y-4 text-sm">
                    <Fact icon={MapPin} label="Distance">{`${p.distance.replace(/ from terminal$/, '')} from ${p.terminal.name}`}</Fact>
                    <Fact icon={Bus} label="Shuttle">
                      {p.shuttleInfo ?? DEFAULT_SHUTTLE_INFO}
                    </Fact>
                    <Fact icon={Clock} label="Hours">
                      {p.operatingHours ?? 'Contact the lot for hours'}
                    </Fact>
                    <Link href={`/ar-parking/${p.id}`} className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
                      <View className="size-4" aria-hidden="true" /> View in AR: arrival guide
                    </Link>
                  </div>
                </CardContent>
              </Card>

              <div className="grid gap-6 md:grid-cols-2">
                <ListCard title="Features" items={p.features} />
                <ListCard title="Amenities" items={p.amenities} />
                <ListCard title="Vehicle types" items={p.vehicleTypes} icon={Car} />
                <Card>
                  <CardHeader>
                    <CardTitle as="h2">Security</CardTitle>
                  </CardHeader>
                  <CardContent className="flex items-start gap-2 text-sm text-muted-foreground">
                    <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {p.securityFeatures ?? 'Ask the lot about its security measures.'}
                  </CardContent>
                </Card>
              </div>

              <Card>
                <CardHeader>
                  <CardTitle as="h2">Cancellation policy</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{appliedCancellationPolicy(p.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY)}</CardContent>
              </Card>
            </>
          )}
          <LotReviews providerId={p.id} lotName={p.name} />
        </div>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Booking summary</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="flex items-start gap-2 text-sm">
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  {`${formatDayDate(arrival)} → ${formatDayDate(departure)}`}
                  <span className="block text-muted-foreground">{`${days} ${days === 1 ? 'day' : 'days'}`}</span>
                </span>
              </div>
              {problem && (
                <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
                  {problem.message}
                </p>
              )}
              <dl className="divide-y divide-border rounded-lg border border-border text-sm">
                {lines.map((line) => (
                  <div key={line.label} className="flex justify-between gap-4 p-3">
                    <dt>{`Parking, ${line.label}`}</dt>
                    <dd className="font-medium" data-testid="parking-line">
                      {formatPrice(line.amount)}
                    </dd>
                  </div>
                ))}
                <div className="flex justify-between gap-4 p-3">
                  <dt>Service fee</dt>
                  <dd className="font-medium">{formatCents(quote.serviceFee)}</dd>
                </div>
                <div className="flex justify-between gap-4 p-3 text-base font-semibold">
                  <dt>Total</dt>
                  <dd data-testid="total">{formatPrice(total)}</dd>
                </div>
              </dl>
              {p.weeklyRateCents && days >= 7 && quote.subtotal < priceStay({ dailyPrice: p.priceCents, days }).subtotal && (
                <p className="text-sm text-success">{`Weekly rate applied: ${formatCents(p.weeklyRateCents)} a week.`}</p>
              )}
              {/* On phones the bar at the bottom of the screen is the one booking button. */}
              <Button asChild size="lg" className="hidden w-full lg:inline-flex">
                <Link href={bookingHref}>{isProperty ? 'Book Now' : 'Reserve Your Spot'}</Link>
              </Button>
              <p className="text-center text-xs text-muted-foreground">No charge until you confirm at checkout.</p>
            </CardContent>
          </Card>
          {!locked && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Contact</CardTitle>
              </CardHeader>
              <CardContent className="space-y-2 text-sm">
                {p.phoneNumber && (
                  <a href={`tel:${p.phoneNumber.replace(/[^\d+]/g, '')}`} className="flex items-center gap-2 hover:underline">
                    <Phone className="size-4 text-muted-foreground" aria-hidden="true" /> {p.phoneNumber}
                  </a>
                )}
                {p.website && (
                  <a href={p.website} rel="noopener noreferrer nofollow" target="_blank" className="flex items-center gap-2 break-all hover:underline">
                    <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> {p.website.replace(/^https?:\/\//, '')}
                  </a>
                )}
                <p className="flex items-start gap-2 text-muted-foreground">
                  <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {p.address}
                </p>
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
      {/* Phones: the total and the booking button stay in reach while the details scroll. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur lg:hidden print:hidden">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4">
          <p className="min-w-0 leading-tight">
            <span className="block text-lg font-bold">{formatPrice(total)}</span>
            <span className="block truncate text-xs text-muted-foreground">{`total for ${days} ${days === 1 ? 'day' : 'days'}, fee included`}</span>
          </p>
          <Button asChild className="shrink-0">
            <Link href={bookingHref}>{isProperty ? 'Book Now' : 'Reserve Your Spot'}</Link>
          </Button>
        </div>
      </div>
      <div className="h-20 lg:hidden" aria-hidden="true" />
    </div>
  );
}

function Gallery({ images, alts, name }: { images: string[]; alts: string[]; name: string }) {
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState<Set<number>>(() => new Set());
  const src = (i: number) => (failed.has(i) ? FALLBACK_IMAGE : images[i]!);
  const fail = (i: number) => setFailed((f) => new Set(f).add(i));
  return (
    <div className="space-y-3">
      <img
        {...photoSources(src(active), PHOTO_SIZES.gallery)}
        onError={() => fail(active)}
        alt={src(active).startsWith('/api/placeholder/') ? lotImageAlt(src(active), name) : alts[active] || `${name}, photo ${active + 1} of ${images.length}`}
        width={800}
        height={500}
        className="aspect-[16/10] w-full rounded-xl bg-muted object-cover"
      />
      {images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto p-1">
          {images.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Show photo ${i + 1}`}
              aria-pressed={i === active}
              onClick={() => setActive(i)}
              className="shrink-0 overflow-hidden rounded-md ring-offset-2 aria-pressed:ring-2 aria-pressed:ring-primary"
            >
              <img {...photoSources(src(i), PHOTO_SIZES.thumb)} onError={() => fail(i)} alt="" width={96} height={60} loading="lazy" className="h-15 w-24 object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <dl>
        <dt className="font-medium">{label}</dt>
        <dd className="text-muted-foreground">{children}</dd>
      </dl>
    </div>
  );
}

function ListCard({ title, items, icon: Icon = CheckCircle2 }: { title: string; items: string[]; icon?: typeof MapPin }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length ? (
          <ul className="space-y-2 text-sm">
            {items.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Not listed.</p>
        )}
      </CardContent>
    </Card>
  );
}
