// Today at one lot (its own calendar): the arrivals and departures, with counts and where each car stands.
// Choosing a row looks its pass up, as a scan would. A busy day reads on a page at a time ("Show more").
import { useQueries, useQuery } from '@tanstack/react-query';
import { CalendarDays, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatDayDate } from '@/shared/format';
import { standing, timeOf, TONE_CLASSES, type GateBooking } from './gate-format';
import { Plate } from './plate';
import { vehicleName } from '@/shared/vehicle-text';

const REFRESH_MS = 60_000;

export function TodayLists({ lotId, onPick }: { lotId: number; onPick: (confirmationNumber: string) => void }) {
  const trpc = useTRPC();
  const today = useQuery(trpc.gate.today.queryOptions({ lotId }, { refetchInterval: REFRESH_MS, staleTime: 0 }));
  if (today.isPending) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading today's arrivals and departures">
        <Skeleton className="h-10 w-full" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (today.isError) {
    return (
      <Card className="space-y-3 p-6 text-center">
        <p className="font-semibold">Unable to load today's list</p>
        <p className="text-sm text-muted-foreground">{today.error.message}</p>
        <Button variant="outline" onClick={() => void today.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" /> Try again
        </Button>
      </Card>
    );
  }
  const { counts, arrivals, departures, date, more } = today.data;
  return (
    <section aria-labelledby="today-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="today-heading" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarDays className="size-5 text-primary" aria-hidden="true" /> {`Today, ${formatDayDate(date)}`}
        </h2>
        <Button variant="ghost" size="sm" loading={today.isFetching} onClick={() => void today.refetch()} aria-label="Refresh today's lists">
          {!today.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
        </Button>
      </div>
      <Tabs defaultValue="arrivals">
        <TabsList className="grid h-auto w-full grid-cols-2">
          <TabsTrigger value="arrivals" className="h-auto flex-col py-1.5">
            <span>{`Arrivals (${counts.arrivals})`}</span>
            <span className="text-xs font-normal text-muted-foreground">{`${counts.checkedIn} checked in`}</span>
          </TabsTrigger>
          <TabsTrigger value="departures" className="h-auto flex-col py-1.5">
            <span>{`Departures (${counts.departures})`}</span>
            <span className="text-xs font-normal text-muted-foreground">{`${counts.checkedOut} checked out`}</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="arrivals">
          <BookingList key={`a${lotId}`} lotId={lotId} first={arrivals} more={more.arrivals} list="arrivals" onPick={onPick} empty="No arrivals booked for today." />
        </TabsContent>
        <TabsContent value="departures">
          <BookingList key={`d${lotId}`} lotId={lotId} first={departures} more={more.departures} list="departures" onPick={onPick} empty="No departures booked for today." />
        </TabsContent>
      </Tabs>
    </section>
  );
}

type ListProps = { lotId: number; first: GateBooking[]; more: string | null; list: 'arrivals' | 'departures'; onPick: (cn: string) => void; empty: string };

/** The first page, then the pages asked for with "Show more", each from the cursor the page before gave. */
function BookingList({ lotId, first, more, list, onPick, empty }: ListProps) {
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<string[]>([]);
  const pages = useQueries({ queries: cursors.map((cursor) => trpc.gate.todayList.queryOptions({ lotId, list, cursor }, { refetchInterval: REFRESH_MS })) });
  const seen = new Set<number>();
  const rows = [...first, ...pages.flatMap((p) => p.data?.items ?? [])].filter((b) => !seen.has(b.id) && seen.add(b.id));
  const last = pages.at(-1);
  const nextCursor = cursors.length === 0 ? more : (last?.data?.nextCursor ?? null);
  const loading = last?.isPending ?? false;
  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="space-y-3">
      <Rows rows={rows} list={list} onPick={onPick} />
      {(nextCursor || loading) && (
        <Button variant="outline" className="w-full" loading={loading} onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}>
          Show more
        </Button>
      )}
      {last?.isError && <p className="text-center text-sm text-destructive">{last.error.message}</p>}
    </div>
  );
}

function Rows({ rows, list, onPick }: { rows: GateBooking[]; list: 'arrivals' | 'departures'; onPick: (cn: string) => void }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={list === 'arrivals' ? 'Arrivals today' : 'Departures today'}>
      {rows.map((b) => {
        const s = standing(b, list);
        const time = timeOf(list === 'arrivals' ? b.arrivalDate : b.departureDate);
        return (
          <li key={b.id}>
            <button
              type="button"
              onClick={() => onPick(b.confirmationNumber)}
              className={cn(
                'grid w-full grid-cols-[4.5rem_minmax(0,1fr)_auto] items-center gap-3 px-3 py-3 text-left text-sm hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-hidden',
                b.status === 'cancelled' && 'opacity-70',
              )}
            >
              <span className="font-semibold tabular-nums">{time}</span>
              <span className="min-w-0">
                <span className="block truncate font-medium">{`${b.firstName} ${b.lastName}`}</span>
                {/* The car's name may be cut; its plate never is. */}
                <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
                  <span className="truncate">{vehicleName(b)}</span>
                  {b.licensePlate && <Plate value={b.licensePlate} className="shrink-0 px-1 py-0 text-xs" />}
                </span>
                <span className="block truncate font-mono text-xs text-muted-foreground">{b.confirmationNumber}</span>
              </span>
              <Badge variant="outline" className={TONE_CLASSES[s.tone]}>
                {s.label}
              </Badge>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
