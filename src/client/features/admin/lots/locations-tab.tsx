// The Locations tab of the back office: every airport and cruise port with its lots, found by name, code or
// city; add a place or edit one in a dialog; the changes to places from the audit log.
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MapPin, Pencil, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC } from '@/client/lib/trpc';
import { AuditList } from './audit-list';
import type { Place } from './lot-form';
import { LocationDialog } from './location-form';

type Kind = 'all' | 'airport' | 'cruise_port';

export function LocationsTab() {
  const trpc = useTRPC();
  const places = useQuery(trpc.adminCatalogue.locations.queryOptions());
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const [dialog, setDialog] = useState<{ place: Place | null } | null>(null);
  const term = q.trim().toLowerCase();
  const shown = (places.data ?? []).filter(
    (p) => (kind === 'all' || p.kind === kind) && (!term || [p.code, p.name, p.shortName, p.city, p.state, ...p.aliases].some((v) => v.toLowerCase().includes(term))),
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Locations</h2>
          <p className="text-sm text-muted-foreground">Airports and cruise ports travellers search for. Each has its own landing page.</p>
        </div>
        <Button onClick={() => setDialog({ place: null })}>
          <Plus className="size-4" aria-hidden="true" /> New place
        </Button>
      </div>
      <Card className="grid gap-3 p-4 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1.5">
          <Label htmlFor="places-search">Search places</Label>
          <div className="relative">
            <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id="places-search" type="search" className="pl-9" placeholder="Name, code, city or state" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="places-kind">Kind</Label>
          <NativeSelect id="places-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="all">Airports and cruise ports</option>
            <option value="airport">Airports</option>
            <option value="cruise_port">Cruise ports</option>
          </NativeSelect>
        </div>
      </Card>
      <section aria-label="Places" className="space-y-3">
        {places.isError ? (
          <Card className="p-6 text-sm text-destructive">{places.error.message}</Card>
        ) : !places.data ? (
          <div className="space-y-2" role="status" aria-label="Loading places">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center">
            <MapPin className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{places.data.length ? 'No place matches this search.' : 'No places yet.'}</p>
            {places.data.length ? (
              <Button variant="outline" onClick={() => (setQ(''), setKind('all'))}>
                Clear search
              </Button>
            ) : (
              <Button onClick={() => setDialog({ place: null })}>Add the first place</Button>
            )}
          </Card>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">{`${shown.length} of ${places.data.length} places`}</p>
            <ul className="grid gap-2 lg:grid-cols-2">
              {shown.map((p) => (
                <li key={p.id}>
                  <Card className="flex h-full flex-col gap-3 p-4 min-[480px]:flex-row min-[480px]:items-center">
                    <div className="min-w-0 flex-1 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="secondary" className="font-mono">
                          {p.code}
                        </Badge>
                        <span className="text-xs text-muted-foreground">{p.kind === 'airport' ? 'Airport' : 'Cruise port'}</span>
                      </div>
                      <p className="font-medium [overflow-wrap:anywhere]">{p.name}</p>
                      <p className="text-xs text-muted-foreground">{`${p.city}, ${p.state} · ${p.region} · ${p.publishedLots} of ${p.lots} lot${p.lots === 1 ? '' : 's'} published`}</p>
                    </div>
                    <div className="flex gap-2">
                      <Button asChild variant="ghost" size="sm">
                        <a href={`/${p.seoSlug}`} target="_blank" rel="noreferrer" aria-label={`View the landing page of ${p.name}`}>
                          <ExternalLink className="size-4" aria-hidden="true" /> Page
                        </a>
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setDialog({ place: p })} aria-label={`Edit ${p.name}`}>
                        <Pencil className="size-4" aria-hidden="true" /> Edit
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <AuditList entity="location" title="Changes to places" description="Who added or edited a place, and what changed." />
      <LocationDialog place={dialog?.place ?? null} open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)} />
    </div>
  );
}
