// /locations/{slug} (and /{seo-slug}): parking near one airport or cruise port, priced for the chosen dates.
import { useQuery } from '@tanstack/react-query';
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';
import { Anchor, BadgeDollarSign, CalendarX, Headset, Plane } from 'lucide-react';
import { ArrowLeft, ShieldCheck } from '@/client/components/ui/lot-icons';
import { Button } from '@/client/components/ui/button';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { LocationChat } from '@/client/features/chat/location-chat';
import { ResultsControls } from '@/client/features/search/results-controls';
import { ResultsList, ResultsSkeleton } from '@/client/features/search/results-list';
import { ResultsMapProvider, ResultsMapSlot } from '@/client/features/search/results-map-state';
import { SearchForm } from '@/client/features/search/search-form';
import { searchInputFromParams } from '@/client/features/search/search-params';
import { preloadable } from '@/client/lib/lazy';
import { isNotFound, useTRPC } from '@/client/lib/trpc';

/** Only for an unknown place: its code is not part of a place's first visit. */
const NotFoundPage = preloadable('not-found', () => import('./not-found'));

export default function LocationPage() {
  const trpc = useTRPC();
  const { slug = '' } = useParams<{ slug: string }>();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const location = useQuery(trpc.catalogue.getLocation.queryOptions({ slug }, { retry: false, retryOnMount: false }));

  if (isNotFound(location.error)) return <NotFoundPage />;
  if (!location.data)
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <ResultsSkeleton />
      </div>
    );
  const loc = location.data;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const qs = next.toString();
    navigate(qs ? `${path}?${qs}` : path, { replace: true });
  };
  const Icon = loc.kind === 'airport' ? Plane : Anchor;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href="/locations" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> All locations
      </Link>
      <div className="mt-4 flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary sm:flex">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{`${loc.name} Parking`}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
            {`${loc.city}, ${loc.state}`}
            {loc.kind === 'airport' && <Badge variant="outline">{loc.code}</Badge>}
            <span>{`${loc.providerCount} lots${loc.minPrice ? ` from $${loc.minPrice.toFixed(2)}/day` : ''}`}</span>
          </p>
        </div>
      </div>

      <div className="mt-6">
        <Results code={loc.code} label={loc.name} params={params} onDates={(a, d) => update({ arrivalDate: a || null, departureDate: d || null })}>
          <ResultsControls params={params} update={update} />
        </Results>
      </div>
      <AboutLocation seoSlug={loc.seoSlug} name={loc.name} />
    </div>
  );
}

const TRUST = [
  { icon: BadgeDollarSign, title: 'Total price up front', text: `The lot's rate plus one flat ${SERVICE_FEE_TEXT} fee. No surprises at the gate.` },
  { icon: CalendarX, title: 'Free cancellation', text: 'Cancel up to 24 hours before arrival and the parking fee comes back.' },
  { icon: ShieldCheck, title: 'Secure payment', text: 'Cards are handled by our payment processor; we never store card numbers.' },
  { icon: Headset, title: 'Support 24/7', text: 'Real people by phone and e-mail, day and night.' },
];

/** The landing page's body: facts about the place from the catalogue, trust tiles and a call to action. */
function AboutLocation({ seoSlug, name }: { seoSlug: string; name: string }) {
  const trpc = useTRPC();
  const seo = useQuery(trpc.seo.page.queryOptions({ slug: seoSlug }, { retry: false, retryOnMount: false }));
  return (
    <div className="mt-12 space-y-10">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Why book with us">
        {TRUST.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-border p-4">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            <p className="mt-2 font-semibold">{title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      {seo.data?.content && <section aria-label={`About parking at ${name}`} className="blog-prose max-w-3xl" dangerouslySetInnerHTML={{ __html: seo.data.content }} />}
      <section className="rounded-xl bg-primary px-6 py-8 text-primary-foreground">
        <h2 className="text-2xl font-bold">{`Ready to park at ${name}?`}</h2>
        <p className="mt-2 opacity-90">Pick your dates above and book in a minute. Your total is what you pay.</p>
        <Button variant="secondary" size="lg" className="mt-5" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          Choose your dates
        </Button>
      </section>
    </div>
  );
}

function Results({
  code,
  label,
  params,
  onDates,
  children,
}: {
  code: string;
  label: string;
  params: URLSearchParams;
  onDates: (arrival: string, departure: string) => void;
  children: React.ReactNode;
}) {
  const trpc = useTRPC();
  const input = searchInputFromParams(code, params);
  const result = useQuery(trpc.search.providers.queryOptions(input, { placeholderData: (prev) => prev }));
  const filtered = Boolean(input.amenities);
  if (!result.data) return <ResultsSkeleton />;
  const { arrivalDate, departureDate, providers, location } = result.data;
  const mapData = location && providers.length ? { center: location, kind: location.kind, code, label, providers, arrivalDate, departureDate } : null;
  return (
    <div className="space-y-6">
      <SearchForm
        key={`${arrivalDate}|${departureDate}`}
        lockLocation
        initial={{ location: code, arrivalDate, departureDate }}
        pending={result.isFetching}
        onSearch={(v) => onDates(v.arrivalDate, v.departureDate)}
      />
      <ResultsMapProvider data={mapData}>
        {/* From lg on the map stays in view beside the list while it scrolls. */}
        <div className={mapData ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]' : undefined}>
          <div className="min-w-0 space-y-6">
            {children}
            <ResultsList locationLabel={label} locationCode={code} providers={providers} arrivalDate={arrivalDate} departureDate={departureDate} filtered={filtered} />
            <LocationChat location={code} name={label} arrivalDate={arrivalDate.slice(0, 10)} departureDate={departureDate.slice(0, 10)} />
          </div>
          {mapData && (
            <div className="lg:sticky lg:top-20 lg:self-start">
              <ResultsMapSlot placement="aside" className="h-[min(34rem,calc(100dvh-6rem))]" />
            </div>
          )}
        </div>
      </ResultsMapProvider>
    </div>
  );
}
