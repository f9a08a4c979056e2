// The catalogue's audit log: who changed what and when, field by field (from → to), newest first, a page at a
// time. Used for one lot's history in the lot editor and for the whole catalogue in the Lots tab.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { AUDIT_ENTITIES } from '@/shared/schemas/catalogue-admin';

type Entry = RouterOutputs['adminCatalogue']['audit']['entries'][number];
type Entity = (typeof AUDIT_ENTITIES)[number];

const ENTITY_LABEL: Record<Entity, string> = {
  lot: 'Lot',
  location: 'Place',
  lot_day: 'Days',
  photo: 'Photo',
  lot_staff: 'Staff',
  import: 'CSV import',
  partner: 'Partner',
  partner_member: 'Member',
  partner_invitation: 'Invitation',
  review: 'Review',
  guarantee: 'Guarantee',
};
const FIELD_LABEL: Record<string, string> = {
  price: 'Daily price',
  weeklyRate: 'Weekly rate',
  distanceMiles: 'Distance (miles)',
  vehicleTypes: 'Vehicle types',
  shuttleInfo: 'Shuttle',
  operatingHours: 'Hours',
  phoneNumber: 'Phone',
  cancellationPolicy: 'Cancellation policy',
  shortName: 'Short name',
  // The slug is the page's URL, not the street address ('address' is labelled Address).
  seoSlug: 'SEO page URL',
  slug: 'Page URL',
  lotsUpdated: 'Lots re-measured',
};
const label = (field: string) =>
  FIELD_LABEL[field] ??
  field.charAt(0).toUpperCase() +
    field
      .slice(1)
      .replace(/([A-Z])/g, ' $1')
      .toLowerCase();
const when = (d: Date | string) => new Date(d).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

const MONEY = new Set(['price', 'weeklyRate']);

function show(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return MONEY.has(field) ? formatPrice(value) : value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((v) => show(v)).join(', ') : '—';
  // Audit values are JSON: what is left after the cases above is a string or an object.
  if (typeof value !== 'string') return JSON.stringify(value);
  return value.length > 140 ? `${value.slice(0, 140)}…` : value;
}

/** Each change as "field: from → to" (a created row: just its value; other shapes: as given). */
function changeLines(entry: Entry): { field: string; text: string }[] {
  const changes = entry.changes;
  if (entry.entity === 'import') {
    const c = changes as { rows?: number; created?: number[]; updated?: number[]; unchanged?: number };
    return [{ field: 'Rows', text: `${c.rows ?? 0} (${c.created?.length ?? 0} new, ${c.updated?.length ?? 0} updated, ${c.unchanged ?? 0} unchanged)` }];
  }
  return Object.entries(changes).map(([field, v]) => {
    const pair = v && typeof v === 'object' && 'to' in v ? (v as { from: unknown; to: unknown }) : null;
    if (!pair) return { field: label(field), text: show(v, field) };
    return { field: label(field), text: entry.action === 'create' ? show(pair.to, field) : `${show(pair.from, field)} → ${show(pair.to, field)}` };
  });
}

export function AuditList({
  entity,
  entityId,
  title = 'History',
  description,
  withFilter = false,
}: {
  entity?: Entity;
  entityId?: number;
  title?: string;
  description?: string;
  withFilter?: boolean;
}) {
  const [kind, setKind] = useState<Entity | 'all'>(entity ?? 'all');
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const filter = { entity: kind === 'all' ? undefined : kind, entityId: entityId === undefined ? undefined : String(entityId) };
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle as="h3" className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden="true" /> {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {withFilter && (
          <NativeSelect
            aria-label="Show changes to"
            className="w-full sm:w-48"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Entity | 'all');
              setPages([undefined]);
            }}
          >
            <option value="all">All changes</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABEL[e]}
              </option>
            ))}
          </NativeSelect>
        )}
      </CardHeader>
      <CardContent>
        <ol className="space-y-3" aria-label={title}>
          {pages.map((before, i) => (
            <AuditPage key={`${kind}-${before ?? 'first'}`} filter={filter} before={before} last={i === pages.length - 1} onMore={(next) => setPages((p) => [...p, next])} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function AuditPage({ filter, before, last, onMore }: { filter: { entity?: Entity; entityId?: string }; before?: number; last: boolean; onMore: (before: number) => void }) {
  const trpc = useTRPC();
  const page = useQuery(trpc.adminCatalogue.audit.queryOptions({ ...filter, before, limit: 20 }));
  if (page.isPending) {
    return (
      <li className="space-y-2" role="status" aria-label="Loading changes">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </li>
    );
  }
  if (page.isError) return <li className="text-sm text-destructive">{page.error.message}</li>;
  if (!page.data.entries.length && before === undefined)
    return <li className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">No changes recorded yet.</li>;
  return (
    <>
      {page.data.entries.map((e) => (
        <li key={e.id} className="rounded-md border border-border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge variant="outline">{ENTITY_LABEL[e.entity] ?? e.entity}</Badge>
            <span className="font-medium capitalize">{e.action}</span>
            {!filter.entityId && (e.label || e.entity !== 'import') && (
              <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">{e.label ?? `#${e.entityId}`}</span>
            )}
          </div>
          <p className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">{`${e.actorEmail} · ${when(e.createdAt)}`}</p>
          <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr]">
            {changeLines(e).map((c) => (
              <div key={c.field} className="contents">
                <dt className="text-muted-foreground">{c.field}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{c.text}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
      {last && page.data.nextBefore !== null && (
        <li>
          <Button variant="outline" size="sm" onClick={() => onMore(page.data.nextBefore!)}>
            Show older changes
          </Button>
        </li>
      )}
    </>
  );
}
