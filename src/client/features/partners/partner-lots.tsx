// The portal's Lots: the member's lots with their state, price and spaces; a lot opens in the back office's lot
// editor (the same form and checks), reading and writing through the partner's own procedures. A new lot is a
// draft until the administrator approves it; an edit is live at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Plus, SquareParking } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LotEditor, type LotSource } from '@/client/features/admin/lots/lot-editor';
import type { AdminLot } from '@/client/features/admin/lots/lot-form';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { LotStatusBadge, type PartnerLotStatus } from './lot-status';
import type { Membership } from './membership';

type Row = RouterOutputs['partner']['lots'][number];

function usePartnerLotSource(partnerId: number): LotSource {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.partner.createLot.mutationOptions());
  const update = useMutation(trpc.partner.updateLot.mutationOptions());
  // The portal's lists, and the public reads this browser may have cached (an edit is live at once).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.partner.pathFilter()),
      queryClient.invalidateQueries(trpc.search.pathFilter()),
      queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
    ]);
  return {
    useLot: (lotId) => useQuery(trpc.partner.lot.queryOptions({ id: lotId ?? 0, partnerId }, { enabled: lotId !== null })),
    create: async (input) => {
      const created = await create.mutateAsync({ ...input, partnerId });
      await refresh();
      return created;
    },
    update: async (input) => {
      const saved = await update.mutateAsync({ ...input, partnerId });
      await refresh();
      return saved;
    },
    createdText: (lot) => `${lot.name} is saved as a draft. It is listed in search once our team approves it.`,
    savedText: ({ changed, status }) =>
      `${changed.length} field${changed.length === 1 ? '' : 's'} changed. ${status === 'listed' ? 'Live in search now.' : status === 'draft' ? 'Travellers see it once our team approves the lot.' : 'Saved; the lot is not listed in search.'}`,
    Header: PartnerLotHeader,
    backLabel: 'Your lots',
  };
}

function PartnerLotHeader({ lot }: { lot: AdminLot }) {
  const status = (lot as AdminLot & { status: PartnerLotStatus }).status;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{lot.name}</h2>
          <LotStatusBadge status={status} />
        </div>
        <p className="text-sm text-muted-foreground">{`${lot.location.code} · ${lot.location.name} · ${lot.distance} · ${formatPrice(lot.price)}/day · ${lot.capacity.toLocaleString('en-US')} spaces`}</p>
        <p className="text-sm text-muted-foreground">
          {status === 'draft' ? 'Changes are saved now; travellers see the lot once our team approves it.' : 'Changes reach search and the lot’s page as soon as you save.'}
        </p>
      </div>
      {status === 'listed' && (
        <Button asChild variant="outline">
          <a href={`/provider/${lot.slug}`} target="_blank" rel="noreferrer">
            <ExternalLink className="size-4" aria-hidden="true" /> View page
          </a>
        </Button>
      )}
    </div>
  );
}

export function PartnerLots({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const source = usePartnerLotSource(membership.partnerId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const lots = useQuery(trpc.partner.lots.queryOptions({ partnerId: membership.partnerId }));
  const places = useQuery(trpc.catalogue.listLocations.queryOptions({}, { enabled: editing !== null }));
  const mayAdd = membership.lots.all;
  const top = useRef<HTMLDivElement>(null);
  const opened = useRef(editing);
  useEffect(() => {
    if (opened.current === editing) return;
    opened.current = editing;
    top.current?.scrollIntoView({ block: 'start' });
  }, [editing]);

  if (editing !== null) {
    return (
      <div ref={top} className="scroll-mt-20">
        <LotEditor lotId={editing === 'new' ? null : editing} places={places.data ?? []} source={source} onClose={() => setEditing(null)} onCreated={(id) => setEditing(id)} />
      </div>
    );
  }
  return (
    <div ref={top} className="scroll-mt-20 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Your lots</h2>
          <p className="text-sm text-muted-foreground">Prices, spaces and details you change here are live in search at once.</p>
        </div>
        {mayAdd && (
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> Add a lot
          </Button>
        )}
      </div>
      {lots.isError ? (
        <Card className="p-6 text-sm text-destructive">{lots.error.message}</Card>
      ) : !lots.data ? (
        <div className="space-y-2" role="status" aria-label="Loading your lots">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : lots.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <SquareParking className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No lots yet.</p>
          <p className="text-sm text-muted-foreground">
            {mayAdd ? 'Add your first lot: it is saved as a draft and listed once our team approves it.' : 'Ask an owner of your company to give you access to a lot.'}
          </p>
          {mayAdd && <Button onClick={() => setEditing('new')}>Add a lot</Button>}
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Your lots">
          {lots.data.map((l) => (
            <li key={l.id}>
              <LotCard lot={l} onEdit={() => setEditing(l.id)} />
            </li>
          ))}
        </ul>
      )}
      {mayAdd && lots.data && lots.data.length > 0 && (
        <p className="text-xs text-muted-foreground">A lot you add is a draft — waiting for approval — until our team checks it; then it is listed in search.</p>
      )}
    </div>
  );
}

function LotCard({ lot: l, onEdit }: { lot: Row; onEdit: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{l.name}</p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{l.location}</p>
        </div>
        <LotStatusBadge status={l.status} />
      </div>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{l.address}</p>
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        <p className="text-sm">
          <span className="font-semibold tabular-nums">{formatPrice(l.price)}</span>/day · {`${l.capacity.toLocaleString('en-US')} spaces`}
        </p>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${l.name}`}>
          Edit
        </Button>
      </div>
    </Card>
  );
}
