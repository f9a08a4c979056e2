// The portal's Bookings: today's arrivals and departures at the member's lots, then every booking of them,
// filtered by lot, arrival dates and status (kept in the URL), a page at a time, and the same rows as a CSV file.
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Download, ListFilter } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { downloadText } from '@/client/lib/download';
import { useTRPC, useTRPCClient, type RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatDayDate, formatStay } from '@/shared/format';
import { usePortalParams, type Membership } from './membership';
import { GuaranteeClaimsCard } from '@/client/features/bookings/guarantee-claims';

const PAGE_SIZE = 25;
const STATUSES = ['confirmed', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABEL: Record<Status, string> = { confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled' };
const STATUS_STYLE: Record<Status, string> = {
  confirmed: 'border-success/20 bg-success/10 text-[#14532d]',
  completed: 'border-primary/20 bg-primary/10 text-primary',
  cancelled: 'border-destructive/20 bg-destructive/10 text-destructive',
};
type Row = RouterOutputs['partner']['bookings']['bookings'][number];

const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** When a car came or left, at the gate. */
function gateText(b: Pick<Row, 'checkedInAt' | 'checkedOutAt'>) {
  const at = (d: Date | string) => new Date(d).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  if (b.checkedOutAt) return `Checked out ${at(b.checkedOutAt)}`;
  if (b.checkedInAt) return `Checked in ${at(b.checkedInAt)}`;
  return 'Not checked in';
}

export function PartnerBookings({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const { params, set } = usePortalParams();
  const partnerId = membership.partnerId;
  const lots = useQuery(trpc.partner.lots.queryOptions({ partnerId }));
  const lotParam = Number(params.get('lot'));
  const filter = {
    partnerId,
    lotId: Number.isInteger(lotParam) && lotParam > 0 ? lotParam : undefined,
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    status: (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : undefined,
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  // One more than a page: whether there is a next page.
  const list = useQuery(trpc.partner.bookings.queryOptions({ ...filter, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }, { placeholderData: (prev) => prev }));
  const rows = list.data?.bookings.slice(0, PAGE_SIZE);
  const hasNext = (list.data?.bookings.length ?? 0) > PAGE_SIZE;
  const filtered = Boolean(filter.lotId || filter.from || filter.to || filter.status);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      // Straight from the server every time (the cache would hand back an old file).
      const file = await trpcClient.partner.bookingsCsv.query(filter);
      downloadText(file.filename, file.csv);
      toast({ title: 'Bookings exported', description: `${file.rows.toLocaleString('en-US')} booking${file.rows === 1 ? '' : 's'} in ${file.filename}`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Export failed', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <Today partnerId={partnerId} />
      <PartnerClaims partnerId={partnerId} />
      <section aria-labelledby="bookings-title" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="bookings-title" className="text-xl font-semibold tracking-tight">
              Bookings
            </h2>
            <p className="text-sm text-muted-foreground">Newest arrival first. The export has every booking these filters match.</p>
          </div>
          <Button variant="outline" loading={exporting} onClick={() => void exportCsv()}>
            {!exporting && <Download className="size-4" aria-hidden="true" />} Export CSV
          </Button>
        </div>
        <Card className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-1.5">
            <Label htmlFor="bookings-lot">Lot</Label>
            <NativeSelect id="bookings-lot" value={filter.lotId ?? ''} onChange={(e) => set({ lot: e.target.value, page: null })}>
              <option value="">All your lots</option>
              {lots.data?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="bookings-from">Arriving from</Label>
            <Input id="bookings-from" type="date" value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value, page: null })} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="bookings-to">Arriving until</Label>
            <Input id="bookings-to" type="date" value={filter.to ?? ''} min={filter.from} onChange={(e) => set({ to: e.target.value, page: null })} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="bookings-status">Status</Label>
            <NativeSelect id="bookings-status" value={filter.status ?? ''} onChange={(e) => set({ status: e.target.value, page: null })}>
              <option value="">Any status</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </Card>
        <div aria-busy={list.isFetching} aria-live="polite">
          {list.isError && !list.data ? (
            <Card className="p-6 text-sm text-destructive">{list.error.message}</Card>
          ) : !rows ? (
            <div className="space-y-2" role="status" aria-label="Loading bookings">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : rows.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-10 text-center">
              <ListFilter className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{filtered ? 'No bookings match these filters.' : page > 1 ? 'No more bookings.' : 'No bookings yet.'}</p>
              {filtered && (
                <Button variant="outline" onClick={() => set({ lot: null, from: null, to: null, status: null, page: null })}>
                  Clear filters
                </Button>
              )}
            </Card>
          ) : (
            <BookingTable rows={rows} />
          )}
        </div>
        {rows && (page > 1 || hasNext) && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <p>{`Page ${page}`}</p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => set({ page: page - 1 > 1 ? page - 1 : null })}>
                <ChevronLeft className="size-4" aria-hidden="true" /> Previous
              </Button>
              <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => set({ page: page + 1 })}>
                Next <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}

function StatusBadge({ status }: { status: Row['status'] }) {
  return (
    <Badge variant="outline" className={cn('capitalize', STATUS_STYLE[status as Status])}>
      {STATUS_LABEL[status as Status] ?? status}
    </Badge>
  );
}

/** A table from 1024 px; one card per booking below. */
function BookingTable({ rows }: { rows: Row[] }) {
  return (
    <>
      <Card className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Bookings of your lots</caption>
          <thead className="border-b border-border bg-muted/50 text-xs uppercase text-muted-foreground">
            <tr>
              {['Confirmation', 'Lot', 'Name', 'Plate', 'Arrival', 'Departure', 'Status', 'At the gate'].map((h) => (
                <th key={h} scope="col" className="px-3 py-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((b) => (
              <tr key={b.id} className="hover:bg-muted/30">
                <td className="px-3 py-3 font-mono text-xs font-semibold">{b.confirmationNumber}</td>
                <td className="max-w-40 truncate px-3 py-3">{b.lot}</td>
                <td className="px-3 py-3">{b.name}</td>
                <td className="px-3 py-3 font-mono text-xs">{b.licensePlate || '—'}</td>
                <td className="whitespace-nowrap px-3 py-3">{formatStay(b.arrivalDate)}</td>
                <td className="whitespace-nowrap px-3 py-3">{formatStay(b.departureDate)}</td>
                <td className="px-3 py-3">
                  <StatusBadge status={b.status} />
                </td>
                <td className="px-3 py-3 text-muted-foreground">{gateText(b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-2 lg:hidden" aria-label="Bookings of your lots">
        {rows.map((b) => (
          <li key={b.id}>
            <Card className="space-y-1.5 p-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="font-mono font-semibold">{b.confirmationNumber}</span>
                <StatusBadge status={b.status} />
              </div>
              <p className="font-medium [overflow-wrap:anywhere]">{`${b.name}${b.licensePlate ? ` · ${b.licensePlate}` : ''}`}</p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">{b.lot}</p>
              <p>{`${formatStay(b.arrivalDate)} – ${formatStay(b.departureDate)}`}</p>
              <p className="text-muted-foreground">{gateText(b)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function Today({ partnerId }: { partnerId: number }) {
  const trpc = useTRPC();
  const today = useQuery(trpc.partner.today.queryOptions({ partnerId }));
  const lots = today.data?.lots.filter((l) => l.arrivals.length || l.departures.length) ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" /> Today’s arrivals and departures
        </CardTitle>
      </CardHeader>
      <CardContent>
        {today.isError ? (
          <p className="text-sm text-destructive">{today.error.message}</p>
        ) : !today.data ? (
          <div className="space-y-2" role="status" aria-label="Loading today’s arrivals and departures">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-2/3" />
          </div>
        ) : lots.length === 0 ? (
          <p className="text-sm text-muted-foreground">No arrivals or departures at your lots today.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {lots.map((l) => (
              <section key={l.id} aria-label={l.name} className="space-y-2 rounded-md border border-border p-3">
                <h3 className="font-medium [overflow-wrap:anywhere]">{l.name}</h3>
                <p className="text-xs text-muted-foreground">{formatDayDate(l.date)}</p>
                <DayList title="Arriving" empty="No arrivals." rows={l.arrivals.map((b) => ({ ...b, at: b.arrivalDate, done: b.checkedIn, doneText: 'Checked in' }))} />
                <DayList title="Leaving" empty="No departures." rows={l.departures.map((b) => ({ ...b, at: b.departureDate, done: b.checkedOut, doneText: 'Checked out' }))} />
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DayList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { id: number; confirmationNumber: string; name: string; licensePlate: string | null; at: string; done: boolean; doneText: string }[];
}) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{`${title} (${rows.length})`}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {rows.map((b) => (
            <li key={b.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
              <span className="min-w-0 [overflow-wrap:anywhere]">{`${b.at.slice(11, 16)} · ${b.name}${b.licensePlate ? ` · ${b.licensePlate}` : ''}`}</span>
              <span className={cn('text-xs', b.done ? 'text-[#14532d]' : 'text-muted-foreground')}>{b.done ? b.doneText : b.confirmationNumber}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The partner's lots' guarantee claims (shown only when there are some). */
function PartnerClaims({ partnerId }: { partnerId: number }) {
  const trpc = useTRPC();
  const claims = useQuery(trpc.partner.guaranteeClaims.queryOptions({ partnerId }));
  return <GuaranteeClaimsCard claims={claims.data?.claims} loading={claims.isPending} forPartner />;
}
