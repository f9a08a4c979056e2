// The Lots tab of the back office: find lots by place, text and status (a page at a time), open one in the lot
// editor or create one, export and import CSV, and the catalogue's recent changes.
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus, Search, SquareParking } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { LOT_STATUSES } from '@/shared/schemas/catalogue-admin';
import { AuditList } from './audit-list';
import { LotEditor, StatusBadge, useAdminLotSource } from './lot-editor';
import { PlaceOptions, type Place } from './lot-form';
import { ExportButton, ImportButton, ImportDialog } from './lots-csv';

type Status = (typeof LOT_STATUSES)[number];
type Row = RouterOutputs['adminCatalogue']['lots']['items'][number];
const STATUS_LABEL: Record<Status, string> = { all: 'Any status', published: 'Published', unpublished: 'Unpublished' };

export function LotsTab() {
  const trpc = useTRPC();
  const places = useQuery(trpc.adminCatalogue.locations.queryOptions());
  const source = useAdminLotSource();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [locationId, setLocationId] = useState('');
  // Opening or leaving the editor shows its top (not where the list was scrolled to).
  const top = useRef<HTMLDivElement>(null);
  const opened = useRef(editing);
  useEffect(() => {
    if (opened.current === editing) return;
    opened.current = editing;
    top.current?.scrollIntoView({ block: 'start' });
  }, [editing]);
  return (
    <div ref={top} className="scroll-mt-20">
      {editing !== null && (
        <LotEditor
          lotId={editing === 'new' ? null : editing}
          places={places.data ?? []}
          defaultLocationId={locationId ? Number(locationId) : undefined}
          source={source}
          onClose={() => setEditing(null)}
          onCreated={(id) => setEditing(id)}
        />
      )}
      {/* Kept while a lot is open, so its filters, page and scroll are there on the way back. */}
      <div hidden={editing !== null}>
        <LotList places={places.data} locationId={locationId} setLocationId={setLocationId} onOpen={setEditing} />
      </div>
    </div>
  );
}

function LotList({
  places,
  locationId,
  setLocationId,
  onOpen,
}: {
  places: Place[] | undefined;
  locationId: string;
  setLocationId: (id: string) => void;
  onOpen: (id: number | 'new') => void;
}) {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const search = useDeferredValue(q.trim());
  const lots = useQuery(trpc.adminCatalogue.lots.queryOptions({ locationId: locationId || undefined, q: search || undefined, status, page }, { placeholderData: (prev) => prev }));
  const filtered = Boolean(locationId || search || status !== 'all');
  const data = lots.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Lots</h2>
          <p className="text-sm text-muted-foreground">Every lot, published or not. Changes reach search and the public pages at once.</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <ExportButton />
          <ImportButton onClick={() => setImporting(true)} />
          <Button className="col-span-2" onClick={() => onOpen('new')}>
            <Plus className="size-4" aria-hidden="true" /> New lot
          </Button>
        </div>
      </div>
      <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_1.2fr_0.8fr]">
        <div className="space-y-1.5">
          <Label htmlFor="lots-place">Airport or cruise port</Label>
          <NativeSelect id="lots-place" value={locationId} onChange={(e) => (setLocationId(e.target.value), setPage(1))} disabled={!places}>
            <option value="">All places</option>
            {places && <PlaceOptions places={places} />}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="lots-search">Search lots</Label>
          <div className="relative">
            <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id="lots-search" type="search" className="pl-9" placeholder="Name, address or id" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="lots-status">Status</Label>
          <NativeSelect id="lots-status" value={status} onChange={(e) => (setStatus(e.target.value as Status), setPage(1))}>
            {LOT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </Card>

      <section aria-label="Lots" aria-busy={lots.isFetching} className="space-y-3">
        {lots.isError && !data ? (
          <Card className="p-6 text-sm text-destructive">{lots.error.message}</Card>
        ) : !data ? (
          <LoadingRows />
        ) : data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center">
            <SquareParking className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{filtered ? 'No lots match these filters.' : 'No lots yet.'}</p>
            {filtered ? (
              <Button variant="outline" onClick={() => (setLocationId(''), setQ(''), setStatus('all'), setPage(1))}>
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => onOpen('new')}>Create the first lot</Button>
            )}
          </Card>
        ) : (
          <>
            <LotTable rows={data.items} onOpen={onOpen} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <p aria-live="polite">{`${data.total.toLocaleString('en-US')} lot${data.total === 1 ? '' : 's'} · page ${data.page} of ${data.pages}`}</p>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => setPage((p) => p - 1)}>
                  <ChevronLeft className="size-4" aria-hidden="true" /> Previous
                </Button>
                <Button variant="outline" size="sm" disabled={data.page >= data.pages} onClick={() => setPage((p) => p + 1)}>
                  Next <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
          </>
        )}
      </section>
      <AuditList title="Recent catalogue changes" description="Lots, places, days, photos, staff and imports: who changed what, and when." withFilter />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="space-y-2" role="status" aria-label="Loading lots">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

/** A table from 768 px; one card per lot below. */
function LotTable({ rows, onOpen }: { rows: Row[]; onOpen: (id: number) => void }) {
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border bg-muted/50 text-xs uppercase text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">
                Lot
              </th>
              <th scope="col" className="px-4 py-3">
                Place
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Daily price
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Capacity
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((l) => (
              <tr key={l.id} className="hover:bg-muted/30">
                <td className="max-w-xs px-4 py-3">
                  <p className="truncate font-medium">{l.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{`#${l.id} · ${l.address}`}</p>
                </td>
                <td className="px-4 py-3 font-mono text-xs">{l.location.code}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPrice(l.price)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{l.capacity.toLocaleString('en-US')}</td>
                <td className="px-4 py-3">
                  <StatusBadge published={l.published} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Button variant="outline" size="sm" onClick={() => onOpen(l.id)} aria-label={`Edit ${l.name}`}>
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-2 md:hidden">
        {rows.map((l) => (
          <li key={l.id}>
            <Card className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{l.name}</p>
                  <p className="text-xs text-muted-foreground">{`#${l.id} · ${l.location.code}`}</p>
                </div>
                <StatusBadge published={l.published} />
              </div>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{l.address}</p>
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-semibold">{formatPrice(l.price)}</span>/day · {`${l.capacity.toLocaleString('en-US')} spaces`}
                </p>
                <Button variant="outline" size="sm" onClick={() => onOpen(l.id)} aria-label={`Edit ${l.name}`}>
                  Edit
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
