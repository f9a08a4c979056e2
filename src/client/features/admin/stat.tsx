// Small building blocks of the admin tabs: a figure card, a titled list card, and the admin date format.
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';

/** Admin dates: month, day, year with 24-hour time (spec section 9). */
export const adminDate = (d: Date | string | null | undefined) =>
  d ? new Date(d).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : '—';

export const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

export function Stat({ label, value, hint, icon }: { label: string; value: ReactNode | undefined; hint?: string; icon?: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        {icon}
      </div>
      <div className="mt-2 text-2xl font-bold tabular-nums">{value === undefined ? <Skeleton className="h-8 w-20" /> : value}</div>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

export function ListCard({ title, empty, children, loading }: { title: string; empty?: string | false; loading?: boolean; children?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : empty ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

export function Rows({ items }: { items: { key: string; label: ReactNode; value: ReactNode }[] }) {
  return (
    <ul className="divide-y divide-border text-sm">
      {items.map((i) => (
        <li key={i.key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
          <span className="min-w-0 [overflow-wrap:anywhere]">{i.label}</span>
          <span className="ml-auto min-w-0 text-right font-medium tabular-nums [overflow-wrap:anywhere]">{i.value}</span>
        </li>
      ))}
    </ul>
  );
}
