// The portal's Insights (?tab=insights, loaded when opened: the charts are a chunk of their own): how full the
// member's lots are on each of the next 90 days, and what they earned in each of the last 12 months, for all
// their lots or one (?lot=, as on Bookings). Every figure is the server's (partner.insights): money comes in
// dollars and is only formatted here. Each chart reads without colour (solid, hatched and dashed marks, value
// labels), has a name and a description, and its numbers are in a table beside it (below it on a phone).
import { useQuery } from '@tanstack/react-query';
import { SquareParking } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, usePlotArea, useXAxisScale, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatCount, formatDayDate, formatMonthYear, formatShortRange } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import { usePortalParams, type Membership } from './membership';
import { InsightsSkeleton } from './partner-insights-skeleton';

type Insights = RouterOutputs['partner']['insights'];
type Day = Insights['occupancy']['days'][number];
type Month = Insights['revenue']['months'][number];

// The design tokens of styles.css, as SVG attributes take them.
const INK = '#0f172a';
const PRIMARY = '#1d4ed8';
const MUTED_INK = '#475569';
const MUTED = '#f1f5f9';
const GRID = '#e2e8f0';
const TICK = { fontSize: 12, fill: MUTED_INK };

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Dec 3' from 'YYYY-MM-DD'. */
const dayTick = (date: string) => `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
/** 'Wed, Dec 3' from 'YYYY-MM-DD' (the year is in the caption). */
const dayLabel = (date: string) => formatDayDate(date).replace(/, \d{4}$/, '');
/** 'Nov 2026' from 'YYYY-MM'. */
const monthLabel = (month: string) => `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const spaces = (n: number) => `${formatCount(n)} space${n === 1 ? '' : 's'}`;

export default function PartnerInsights({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const { params, set } = usePortalParams();
  const partnerId = membership.partnerId;
  const lots = useQuery(trpc.partner.lots.queryOptions({ partnerId }));
  const lotParam = Number(params.get('lot'));
  const lotId = Number.isInteger(lotParam) && lotParam > 0 ? lotParam : undefined;
  const insights = useQuery(trpc.partner.insights.queryOptions({ partnerId, lotId }, { placeholderData: (prev) => prev }));
  const data = insights.data;

  return (
    <section aria-labelledby="insights-title" className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="insights-title" className="text-xl font-semibold tracking-tight">
            Insights
          </h2>
          <p className="text-sm text-muted-foreground">How full your lots are over the next 90 days, and what they earned in the last 12 months.</p>
        </div>
        {(lotId !== undefined || (lots.data?.length ?? 0) > 1) && (
          <div className="w-full space-y-1.5 sm:w-64">
            <Label htmlFor="insights-lot">Lot</Label>
            <NativeSelect id="insights-lot" value={lotId ?? ''} onChange={(e) => set({ lot: e.target.value })}>
              <option value="">All your lots</option>
              {lots.data?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>

      {insights.isError && !data ? (
        <Card className="flex flex-col items-start gap-3 p-6 text-sm">
          <p className="text-destructive">{insights.error.message}</p>
          {lotId !== undefined && (
            <Button variant="outline" onClick={() => set({ lot: null })}>
              Show all your lots
            </Button>
          )}
        </Card>
      ) : !data ? (
        <InsightsSkeleton />
      ) : data.lots === 0 && data.revenue.lines === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <SquareParking className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No lots yet.</p>
          <p className="max-w-md text-sm text-muted-foreground">Once you have a lot, this is where you see how full it is each day and what it earns each month.</p>
          <Button variant="outline" onClick={() => set({ tab: null, lot: null })}>
            Go to your lots
          </Button>
        </Card>
      ) : (
        <div className={cn('space-y-6 transition-opacity', insights.isPlaceholderData && 'opacity-60')} aria-busy={insights.isFetching}>
          <Summary data={data} />
          <Occupancy data={data} />
          <Revenue data={data} />
        </div>
      )}
    </section>
  );
}

function Summary({ data }: { data: Insights }) {
  const { summary, from, to } = data.occupancy;
  const { total, from: firstMonth, to: lastMonth } = data.revenue;
  const tiles = [
    {
      label: 'Spaces taken, next 90 days',
      value: summary ? `${summary.percent} %` : '—',
      note: from && to ? formatShortRange(from, to) : 'No lots',
    },
    {
      label: 'Busiest day',
      value: summary?.busiest ? `${summary.busiest.percent} %` : '—',
      note: summary?.busiest ? `${dayLabel(summary.busiest.date)} · ${formatCount(summary.busiest.taken)} of ${spaces(summary.busiest.capacity)}` : 'Nothing booked yet',
    },
    {
      label: 'Your net, last 12 months',
      value: formatPrice(total.net),
      note: `${monthLabel(firstMonth)} – ${monthLabel(lastMonth)} · gross ${formatPrice(total.gross)}`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {tiles.map((t) => (
        <Card key={t.label} className="flex flex-col gap-1 p-4 last:col-span-2 sm:last:col-span-1">
          <dt className="text-sm text-muted-foreground">{t.label}</dt>
          <dd className="text-2xl font-bold tracking-tight tabular-nums">{t.value}</dd>
          <dd className="text-xs text-muted-foreground">{t.note}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** The key of a chart: each mark as drawn (solid, hatched, dashed), so it reads without colour. */
function Key({ items }: { items: { mark: ReactNode; label: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground" aria-label="Key">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-1.5">
          {i.mark}
          {i.label}
        </li>
      ))}
    </ul>
  );
}

const SolidMark = () => <span aria-hidden="true" className="inline-block size-3 rounded-[2px]" style={{ background: PRIMARY }} />;
function HatchMark({ id }: { id: string }) {
  return (
    <svg aria-hidden="true" width="12" height="12" className="rounded-[2px] ring-1 ring-muted-foreground/60">
      <rect width="12" height="12" fill={`url(#${id})`} />
    </svg>
  );
}
const DashMark = () => (
  <svg aria-hidden="true" width="20" height="12">
    <line x1="0" y1="6" x2="20" y2="6" stroke={INK} strokeWidth="2" strokeDasharray="5 3" />
  </svg>
);

/** Diagonal stripes: what is closed (occupancy) or the commission (revenue). */
function Hatch({ id }: { id: string }) {
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="6" height="6" fill={MUTED} />
      <line x1="0" y1="0" x2="0" y2="6" stroke={MUTED_INK} strokeWidth="2.5" />
    </pattern>
  );
}

/** A table's scrolling box, reachable by keyboard; edge to edge of its card on a phone, where every column fits. */
function TableBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('-mx-6 overflow-auto border-y border-border sm:mx-0 sm:rounded-md sm:border', className)}>
      {children}
    </div>
  );
}

const th = 'px-2 py-2 font-medium sm:px-3 first:pl-4 last:pr-4 sm:first:pl-3 sm:last:pr-3';
const num = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums sm:px-3 first:pl-4 last:pr-4 sm:first:pl-3 sm:last:pr-3';
const rowHead = 'whitespace-nowrap px-2 py-1.5 text-left font-normal sm:px-3 first:pl-4 last:pr-4 sm:first:pl-3 sm:last:pr-3';

function Occupancy({ data }: { data: Insights }) {
  const hatch = `${useId()}-closed`;
  const { days, summary, from, to } = data.occupancy;
  const where = data.lot ? data.lot.name : 'all your lots together';
  const range = from && to ? `${formatDayDate(from)} to ${formatDayDate(to)}` : '';
  const desc = summary
    ? `${summary.percent} % of spaces taken over the 90 days${summary.busiest ? `; busiest ${formatDayDate(summary.busiest.date)}, ${summary.busiest.percent} %` : ''}${
        summary.closedDays ? `; ${summary.closedDays} day${summary.closedDays === 1 ? '' : 's'} with ${data.lot ? 'the lot' : 'a lot'} closed` : ''
      }. Every day is in the table.`
    : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Occupancy, next 90 days</CardTitle>
        <CardDescription>{`Spaces taken each day against the day’s capacity, ${data.lot ? `at ${where}` : where}, from today at the lot.`}</CardDescription>
      </CardHeader>
      <CardContent>
        {!days.length ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No lots to show.</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_25rem]">
            <figure className="min-w-0 space-y-3">
              <Key
                items={[
                  { mark: <SolidMark />, label: 'Taken' },
                  { mark: <HatchMark id={hatch} />, label: 'Closed' },
                  { mark: <DashMark />, label: 'Capacity' },
                ]}
              />
              {!summary?.busiest && <p className="text-sm text-muted-foreground">Nothing booked in the next 90 days yet.</p>}
              <ComposedChart
                data={days}
                responsive
                style={{ width: '100%', height: 260 }}
                margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
                barCategoryGap={1}
                accessibilityLayer={false}
                role="img"
                title={`Occupancy, ${where}, ${range}`}
                desc={desc}
              >
                <defs>
                  <Hatch id={hatch} />
                </defs>
                <CartesianGrid vertical={false} stroke={GRID} />
                <XAxis dataKey="date" tickFormatter={dayTick} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval="preserveStartEnd" minTickGap={24} />
                <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={36} tickFormatter={(v: number) => formatCount(v)} />
                <Tooltip content={DayTip} cursor={{ fill: INK, fillOpacity: 0.06 }} isAnimationActive={false} />
                <Bar dataKey="taken" name="Taken" stackId="day" fill={PRIMARY} isAnimationActive={false} />
                <Bar dataKey="closedSpaces" name="Closed" stackId="day" fill={`url(#${hatch})`} isAnimationActive={false} />
                <Line dataKey="capacity" name="Capacity" type="step" stroke={INK} strokeWidth={2} strokeDasharray="5 3" dot={false} activeDot={false} isAnimationActive={false} />
              </ComposedChart>
              <figcaption className="text-xs text-muted-foreground">{`${range}, each lot’s own calendar. A closed day keeps the bookings made before it closed.`}</figcaption>
            </figure>
            <TableBox label="Occupancy per day" className="max-h-[22rem]">
              <table className="w-full text-xs sm:text-sm">
                <caption className="sr-only">{`Occupancy per day, ${where}, ${range}`}</caption>
                <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className={th}>
                      Day
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Taken
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Capacity
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Full
                    </th>
                    <th scope="col" className={th}>
                      Closed
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border/60">
                  {days.map((d) => (
                    <tr key={d.date} className={cn(d.closedLots > 0 && 'bg-muted/60')}>
                      <th scope="row" className={rowHead}>
                        {dayLabel(d.date)}
                      </th>
                      <td className={num}>{formatCount(d.taken)}</td>
                      <td className={num}>{formatCount(d.capacity)}</td>
                      <td className={num}>{`${d.percent} %`}</td>
                      <td className={cn(rowHead, 'text-muted-foreground')}>{closedText(d, data)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function closedText(d: Day, data: Insights) {
  if (d.closedLots === 0) return '—';
  return data.lots === 1 ? 'Closed' : `${d.closedLots} of ${data.lots}`;
}

function DayTip({ active, payload }: TooltipContentProps) {
  const d = active ? (payload?.[0]?.payload as Day | undefined) : undefined;
  if (!d) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{formatDayDate(d.date)}</p>
      <p>{`${formatCount(d.taken)} of ${spaces(d.capacity)} taken (${d.percent} %)`}</p>
      {d.closedLots > 0 && <p>{d.closedLots === 1 ? `Closed: ${spaces(d.closedSpaces)}` : `${d.closedLots} lots closed: ${spaces(d.closedSpaces)}`}</p>}
    </div>
  );
}

function Revenue({ data }: { data: Insights }) {
  const hatch = `${useId()}-commission`;
  const { months, total, lines } = data.revenue;
  const where = data.lot ? data.lot.name : 'all your lots';
  const range = `${formatMonthYear(`${months[0]!.month}-01`)} to ${formatMonthYear(`${months.at(-1)!.month}-01`)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Revenue, last 12 months</CardTitle>
        <CardDescription>{`Parking sold at ${where} each month, as your monthly statements have it: gross, our commission and your net. The service fee travellers pay is ours and is not counted.`}</CardDescription>
      </CardHeader>
      <CardContent>
        {lines === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No revenue yet. Each month’s gross, commission and net show here once your lots take bookings.
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
            <figure className="min-w-0 space-y-3">
              <Key
                items={[
                  { mark: <SolidMark />, label: 'Your net' },
                  { mark: <HatchMark id={hatch} />, label: 'Commission' },
                  { mark: null, label: 'Whole bar, and the figure at its end: gross' },
                ]}
              />
              <BarChart
                data={months}
                layout="vertical"
                stackOffset="sign"
                responsive
                style={{ width: '100%', height: months.length * 30 + 16 }}
                margin={{ top: 0, right: 84, bottom: 0, left: 0 }}
                barCategoryGap="22%"
                accessibilityLayer={false}
                role="img"
                title={`Revenue per month, ${where}, ${range}`}
                desc={`Your net over the 12 months: ${formatPrice(total.net)} of ${formatPrice(total.gross)} gross. Every month is in the table.`}
              >
                <defs>
                  <Hatch id={hatch} />
                </defs>
                <XAxis type="number" hide />
                <YAxis type="category" dataKey="month" tickFormatter={monthLabel} tick={TICK} tickLine={false} axisLine={false} width={80} />
                <ReferenceLine x={0} stroke={MUTED_INK} />
                <Tooltip content={MonthTip} cursor={{ fill: INK, fillOpacity: 0.06 }} isAnimationActive={false} />
                <Bar dataKey="net" name="Your net" stackId="month" fill={PRIMARY} isAnimationActive={false} />
                <Bar dataKey="commission" name="Commission" stackId="month" fill={`url(#${hatch})`} stroke={MUTED_INK} strokeWidth={0.5} isAnimationActive={false} />
                <GrossLabels months={months} />
              </BarChart>
              <figcaption className="text-xs text-muted-foreground">{`${range}, calendar months in UTC as on your statements.`}</figcaption>
            </figure>
            <TableBox label="Revenue per month">
              <table className="w-full text-xs sm:text-sm">
                <caption className="sr-only">{`Revenue per month, ${where}, ${range}`}</caption>
                <thead className="bg-muted text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className={th}>
                      Month
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Gross
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Commission
                    </th>
                    <th scope="col" className={cn(th, 'text-right')}>
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border/60">
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row" className={rowHead}>
                        {monthLabel(m.month)}
                      </th>
                      <td className={num}>{formatPrice(m.gross)}</td>
                      <td className={num}>{formatPrice(m.commission)}</td>
                      <td className={cn(num, 'font-medium')}>{formatPrice(m.net)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-border font-semibold">
                  <tr>
                    <th scope="row" className={cn(rowHead, 'py-2 font-semibold')}>
                      Total
                    </th>
                    <td className={num}>{formatPrice(total.gross)}</td>
                    <td className={num}>{formatPrice(total.commission)}</td>
                    <td className={num}>{formatPrice(total.net)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableBox>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Each month's gross, written at the end of its bar (right of the zero line for money given back, whose bar runs
 * left): the figure reads without the axis, the key or the colours.
 */
function GrossLabels({ months }: { months: Month[] }) {
  const x = useXAxisScale();
  const area = usePlotArea();
  if (!x || !area) return null;
  const band = area.height / months.length;
  return (
    <g>
      {months.map((m, i) => (
        <text key={m.month} x={(x(Math.max(0, m.gross)) ?? area.x) + 6} y={area.y + band * (i + 0.5)} dominantBaseline="central" fontSize={12} fontWeight={600} fill={INK}>
          {formatPrice(m.gross)}
        </text>
      ))}
    </g>
  );
}

function MonthTip({ active, payload }: TooltipContentProps) {
  const m = active ? (payload?.[0]?.payload as Month | undefined) : undefined;
  if (!m) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{formatMonthYear(`${m.month}-01`)}</p>
      <p>{`Gross ${formatPrice(m.gross)}`}</p>
      <p>{`Commission ${formatPrice(m.commission)}`}</p>
      <p className="font-medium">{`Your net ${formatPrice(m.net)}`}</p>
    </div>
  );
}
