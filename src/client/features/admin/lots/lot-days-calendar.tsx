// The month grid of a lot's days in the back office: spaces taken of the day's capacity, closures and day
// rates, with a date range picked by clicking (or Enter/Space) a first and a last day. Arrow keys move between
// days (Page Up/Down: a month), one day is in the tab order at a time.
import { Ban } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/utils';
import { formatDayDate } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';

export interface CalendarDay {
  date: string;
  capacity: number;
  taken: number;
  free: number;
  closed: boolean;
  price: number | null;
  capacitySet: boolean;
}
export interface Range {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** 'YYYY-MM' moved by n months. */
export const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
export const monthEnd = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);
export const inRange = (date: string, r: Range | null) => Boolean(r && date >= r.from && date <= r.to);

/** What a screen reader says for one day. */
function dayLabel(d: CalendarDay, today: string, selected: boolean) {
  const parts = [formatDayDate(d.date), `${d.taken} of ${d.capacity} taken`];
  if (d.capacitySet) parts.push('capacity set by hand');
  if (d.closed) parts.push('closed to new bookings');
  if (d.price !== null) parts.push(`day rate ${formatPrice(d.price)}`);
  if (d.date < today) parts.push('past');
  if (selected) parts.push('selected');
  return parts.join(', ');
}

export function DaysCalendar({
  month,
  days,
  today,
  lotPrice,
  selection,
  focused,
  onFocus,
  onPick,
  onMonth,
  loading,
}: {
  month: string;
  days: CalendarDay[] | undefined;
  today: string;
  lotPrice: number | undefined;
  selection: Range | null;
  /** The day in the tab order (moved by the arrow keys). */
  focused: string;
  onFocus: (date: string) => void;
  onPick: (date: string) => void;
  onMonth: (month: string) => void;
  loading: boolean;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const keyboard = useRef(false);
  const lead = new Date(`${month}-01T00:00:00Z`).getUTCDay();

  // After an arrow key, focus follows the day (also into the next month once it has rendered).
  useEffect(() => {
    if (!keyboard.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, days]);

  if (!days) {
    return (
      <div className="grid grid-cols-7 gap-1" role="status" aria-label="Loading days">
        {Array.from({ length: 35 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }

  const move = (event: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let next: string | null = null;
    if (event.key in step) next = addDays(focused, step[event.key]!);
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const m = addMonths(focused.slice(0, 7), event.key === 'PageUp' ? -1 : 1);
      next = `${m}-${String(Math.min(Number(focused.slice(8)), Number(monthEnd(m).slice(8)))).padStart(2, '0')}`;
    } else if (event.key === 'Home') next = addDays(focused, -new Date(`${focused}T00:00:00Z`).getUTCDay());
    else if (event.key === 'End') next = addDays(focused, 6 - new Date(`${focused}T00:00:00Z`).getUTCDay());
    if (!next) return;
    event.preventDefault();
    keyboard.current = true;
    onFocus(next);
    if (next.slice(0, 7) !== month) onMonth(next.slice(0, 7));
  };

  const weeks: (CalendarDay | null)[][] = [];
  const cells = [...Array.from({ length: lead }, () => null), ...days];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7).concat(Array.from({ length: Math.max(0, i + 7 - cells.length) }, () => null)));

  return (
    <table ref={grid} className={cn('w-full table-fixed border-separate border-spacing-0.5 @md:border-spacing-1', loading && 'opacity-60')} aria-busy={loading} onKeyDown={move}>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} scope="col" className="pb-1 text-center text-xs font-medium text-muted-foreground">
              <abbr title={w} className="no-underline">
                {w.slice(0, 2)}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((d, i) => {
              if (!d) return <td key={i} aria-hidden="true" />;
              const selected = inRange(d.date, selection);
              const past = d.date < today;
              return (
                <td key={d.date} className="p-0">
                  <button
                    type="button"
                    data-date={d.date}
                    tabIndex={d.date === focused ? 0 : -1}
                    aria-pressed={selected}
                    aria-disabled={past || undefined}
                    aria-label={dayLabel(d, today, selected)}
                    onFocus={() => d.date !== focused && onFocus(d.date)}
                    onClick={() => {
                      keyboard.current = false;
                      onFocus(d.date);
                      if (!past) onPick(d.date);
                    }}
                    className={cn(
                      'flex h-16 w-full flex-col items-start justify-between overflow-hidden rounded-md border p-0.5 text-left text-[10px] leading-tight transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring @md:h-[4.5rem] @md:p-1.5 @md:text-xs',
                      d.closed ? 'border-destructive/40 bg-destructive/10' : 'border-border bg-background hover:bg-muted',
                      selected && 'border-primary bg-primary/10 ring-2 ring-primary ring-offset-0 hover:bg-primary/15',
                      past && 'cursor-not-allowed opacity-50 hover:bg-background',
                    )}
                  >
                    <span className={cn('flex w-full items-center justify-between gap-1 font-semibold', d.date === today && 'text-primary underline underline-offset-2')}>
                      {Number(d.date.slice(8))}
                      {d.closed && (
                        <>
                          <Ban className="size-3 text-destructive @md:hidden" aria-hidden="true" />
                          <span className="hidden truncate text-[10px] font-semibold uppercase text-destructive @md:inline">Closed</span>
                        </>
                      )}
                    </span>
                    <span className={cn('w-full truncate tabular-nums text-muted-foreground', d.capacitySet && 'font-semibold text-foreground')}>
                      {`${d.taken}/${d.capacity}`}
                      {d.capacitySet && <span aria-hidden="true">*</span>}
                    </span>
                    <span className={cn('w-full truncate tabular-nums', d.price !== null ? 'font-semibold text-warning' : 'text-muted-foreground')}>
                      {/* No dollar sign in a phone-sized grid: the cents fit then. */}
                      <span className="hidden @md:inline">$</span>
                      {formatPrice(d.price ?? lotPrice ?? 0).slice(1)}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The key to the grid's marks. */
export function DaysLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span className="tabular-nums">3/40</span> spaces taken of the day&apos;s capacity
      </li>
      <li className="flex items-center gap-1.5">
        <span className="font-semibold text-foreground">40*</span> capacity set by hand
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-flex size-3.5 items-center justify-center rounded-sm border border-destructive/40 bg-destructive/10" aria-hidden="true">
          <Ban className="size-2.5 text-destructive" />
        </span>
        closed to new bookings
      </li>
      <li className="flex items-center gap-1.5">
        <span className="font-semibold text-warning">$15</span> day rate (else the lot&apos;s price)
      </li>
    </ul>
  );
}
