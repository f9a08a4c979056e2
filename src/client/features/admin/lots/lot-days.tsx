// A lot's days in the lot editor: a month of days (spaces taken of capacity, closures, day rates); pick a date
// range and close or open it, set its capacity (or let it follow the lot's again) or a day rate for it. The
// server applies a change to the whole range or not at all, and says which bookings stand in the way.
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useTRPC } from '@/client/lib/trpc';
import { formatMonthYear } from '@/shared/format';
import { dayFromToday } from '@/shared/pricing';
import { AuditList } from './audit-list';
import { addMonths, DaysCalendar, DaysLegend, inRange, monthEnd, type CalendarDay, type Range } from './lot-days-calendar';
import { ChangeForm } from './lot-days-form';

export function LotDays({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const [month, setMonth] = useState(() => dayFromToday(0).slice(0, 7));
  const [focused, setFocused] = useState(() => dayFromToday(0));
  const [selection, setSelection] = useState<Range | null>(null);
  /** The first day clicked, while waiting for the last one. */
  const [anchor, setAnchor] = useState<string | null>(null);
  const days = useQuery(
    trpc.lotDays.list.queryOptions({ lotId, from: `${month}-01`, to: monthEnd(month) }, { placeholderData: (prev) => (prev?.lot.id === lotId ? prev : undefined) }),
  );
  const data = days.data;
  const today = data?.today ?? dayFromToday(0);
  /** This lot's days of the month on screen (while another month loads, its skeleton). */
  const shown = data?.lot.id === lotId && data.from === `${month}-01` ? data.days : undefined;

  const pick = (date: string) => {
    if (!anchor) {
      setSelection({ from: date, to: date });
      setAnchor(date);
    } else {
      setSelection(date < anchor ? { from: date, to: anchor } : { from: anchor, to: date });
      setAnchor(null);
    }
  };
  const goMonth = (m: string) => {
    setMonth(m);
    if (focused.slice(0, 7) !== m) setFocused(`${m}-01`);
  };
  const stats = summarize(shown, selection);

  return (
    <div className="space-y-6">
      <Card className="@container">
        <CardHeader className="gap-1 p-4 sm:p-6">
          <CardTitle as="h3" className="flex items-center gap-2">
            <CalendarDays className="size-5 text-primary" aria-hidden="true" /> Days
          </CardTitle>
          <CardDescription>Close days to new bookings, change a day&apos;s capacity or set a day rate (a holiday rate) for a date range.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0 @3xl:grid-cols-[minmax(0,1fr)_19rem]">
          <section aria-label="Calendar" className="min-w-0 space-y-3">
            <div className="flex items-center justify-between gap-2">
              <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => goMonth(addMonths(month, -1))}>
                <ChevronLeft className="size-4" aria-hidden="true" />
              </Button>
              <div className="flex flex-col items-center">
                <h4 className="font-semibold" aria-live="polite">
                  {formatMonthYear(`${month}-01T00:00:00Z`)}
                </h4>
                {month !== today.slice(0, 7) && (
                  <button type="button" className="text-xs text-primary underline-offset-2 hover:underline" onClick={() => goMonth(today.slice(0, 7))}>
                    Back to this month
                  </button>
                )}
              </div>
              <Button variant="outline" size="icon" aria-label="Next month" onClick={() => goMonth(addMonths(month, 1))}>
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
            {days.error && !data ? (
              <div role="alert" className="space-y-3 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
                <p>{`The days could not be loaded: ${days.error.message}`}</p>
                <Button size="sm" variant="outline" onClick={() => void days.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <DaysCalendar
                month={month}
                days={shown}
                today={today}
                lotPrice={data?.lot.price}
                selection={selection}
                focused={focused}
                onFocus={setFocused}
                onPick={pick}
                onMonth={setMonth}
                loading={days.isFetching}
              />
            )}
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {monthSummary(shown)}
            </p>
            <DaysLegend />
          </section>
          <ChangeForm
            lotId={lotId}
            lot={data?.lot}
            today={today}
            selection={selection}
            picking={Boolean(anchor)}
            maxTaken={stats}
            onRange={(r) => {
              setSelection(r);
              setAnchor(null);
              if (r && r.from.slice(0, 7) !== month) goMonth(r.from.slice(0, 7));
            }}
          />
        </CardContent>
      </Card>
      <AuditList entity="lot_day" entityId={lotId} title="Changes to days" description="Every closure, capacity and day rate change to this lot's days, with who made it." />
    </div>
  );
}

/** The most spaces sold on one selected day, when every selected day is on screen. */
function summarize(days: CalendarDay[] | undefined, selection: Range | null): number | null {
  if (!days?.length || !selection || selection.from < days[0]!.date || selection.to > days.at(-1)!.date) return null;
  return Math.max(0, ...days.filter((d) => inRange(d.date, selection)).map((d) => d.taken));
}

function monthSummary(days: CalendarDay[] | undefined): string {
  if (!days) return '';
  const booked = days.filter((d) => d.taken > 0);
  const closed = days.filter((d) => d.closed).length;
  const rates = days.filter((d) => d.price !== null).length;
  if (!booked.length && !closed && !rates) return 'Nothing booked this month yet, no day closed and no day rate set.';
  const parts = [
    booked.length ? `bookings on ${booked.length} day${booked.length === 1 ? '' : 's'} (at most ${Math.max(...booked.map((d) => d.taken))} spaces on one day)` : 'no bookings',
  ];
  if (closed) parts.push(`${closed} day${closed === 1 ? '' : 's'} closed`);
  if (rates) parts.push(`${rates} day rate${rates === 1 ? '' : 's'}`);
  return `This month: ${parts.join(', ')}.`;
}
