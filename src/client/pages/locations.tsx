// /locations: the searchable directory of the catalogue's airports and cruise ports (text search, region, tabs).
import { useQuery } from '@tanstack/react-query';
import { SERVICE_FEE_TEXT } from '@/shared/pricing';
import { MapPin, Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { LocationCard } from '@/client/features/locations/location-card';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { REGIONS } from '@/shared/constants';
import { formatPrice } from '@/shared/pricing';
import { filterDirectory } from '@/shared/directory';

type Tab = 'airports' | 'cruise-ports';
type Location = RouterOutputs['catalogue']['listLocations'][number];

export default function LocationsPage() {
  const trpc = useTRPC();
  const initial = new URLSearchParams(useSearch());
  const [q, setQ] = useState(initial.get('q') ?? '');
  const [region, setRegion] = useState(initial.get('region') ?? 'all');
  const [tab, setTab] = useState<Tab>(initial.get('tab') === 'cruise-ports' ? 'cruise-ports' : 'airports');
  const locations = useQuery(trpc.catalogue.listLocations.queryOptions({}));
  const stats = useQuery(trpc.catalogue.stats.queryOptions());

  // Keep the URL shareable without adding a history entry per keystroke.
  useEffect(() => {
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    if (region !== 'all') params.set('region', region);
    if (tab !== 'airports') params.set('tab', tab);
    const next = `${window.location.pathname}${params.size ? `?${params}` : ''}`;
    if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', next);
  }, [q, region, tab]);

  const { airports, ports } = useMemo(() => {
    const all = filterDirectory(locations.data ?? [], { q, region });
    return { airports: all.filter((l) => l.kind === 'airport'), ports: all.filter((l) => l.kind === 'cruise_port') };
  }, [locations.data, q, region]);

  const clear = () => {
    setQ('');
    setRegion('all');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Airport & Cruise Port Parking Locations</h1>
        <p className="mt-3 text-lg text-muted-foreground">Find parking at the largest US airports and cruise ports. Search by airport code, name, city or state.</p>
      </header>

      <CoverageStats stats={stats.data} />

      <div className="mt-8 grid gap-4 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-[1fr_14rem]">
        <div>
          <Label htmlFor="location-search">Search locations</Label>
          <div className="relative mt-1.5">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="location-search"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Try MCO, Orlando, Florida or Miami"
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <div>
          <Label htmlFor="region-filter">Region</Label>
          <NativeSelect id="region-filter" value={region} onChange={(e) => setRegion(e.target.value)} className="mt-1.5">
            <option value="all">All regions</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="mt-8">
        <TabsList>
          <TabsTrigger value="airports">Airports ({airports.length})</TabsTrigger>
          <TabsTrigger value="cruise-ports">Cruise Ports ({ports.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="airports" className="mt-6">
          <h2 className="sr-only">Airports</h2>
          <LocationGrid items={airports} loading={locations.isPending} empty="No airports match your search." onClear={clear} />
        </TabsContent>
        <TabsContent value="cruise-ports" className="mt-6">
          <h2 className="sr-only">Cruise ports</h2>
          <LocationGrid items={ports} loading={locations.isPending} empty="No cruise ports match your search." onClear={clear} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function LocationGrid({ items, loading, empty, onClear }: { items: Location[]; loading: boolean; empty: string; onClear: () => void }) {
  if (loading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading locations">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  }
  if (!items.length) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-4 py-14 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-medium">{empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">Check the spelling, try a city or state, or pick another region.</p>
        <Button variant="outline" className="mt-5" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((l) => (
        <li key={l.code}>
          <LocationCard location={l} />
        </li>
      ))}
    </ul>
  );
}

function CoverageStats({ stats }: { stats: RouterOutputs['catalogue']['stats'] | undefined }) {
  const tiles = [
    { label: 'Airports', value: stats?.airports },
    { label: 'Cruise ports', value: stats?.cruisePorts },
    { label: 'Parking lots', value: stats?.providers },
    { label: 'States covered', value: stats?.states },
  ];
  return (
    <section aria-label="Coverage" className="mt-8">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((t) => (
          <li key={t.label} className="rounded-lg border border-border bg-background p-4">
            <span className="block text-2xl font-bold">{t.value ?? '–'}</span>
            <span className="text-sm text-muted-foreground">{t.label}</span>
          </li>
        ))}
      </ul>
      {stats?.lowestPrice != null && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" /> Daily rates from {formatPrice(stats.lowestPrice)} plus one flat {SERVICE_FEE_TEXT} fee per booking.
        </p>
      )}
    </section>
  );
}
