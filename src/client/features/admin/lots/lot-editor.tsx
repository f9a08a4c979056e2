// One lot in the back office: its details (create or edit), publish or unpublish, and for an existing lot its
// photos, days, staff and history as tabs. Every save reaches search and the public pages at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, EyeOff, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import type { TLotInput } from '@/shared/schemas/catalogue-admin';
import { AuditList } from './audit-list';
import { LotDays } from './lot-days';
import { LotForm, type AdminLot, type Place } from './lot-form';
import { LotPhotos } from './lot-photos';
import { LotStaff } from './lot-staff';

export function StatusBadge({ published }: { published: boolean }) {
  return published ? <Badge variant="success">Published</Badge> : <Badge variant="warning">Unpublished</Badge>;
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The admin's lists, and the public reads this browser may have cached.
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.adminCatalogue.pathFilter()),
      queryClient.invalidateQueries(trpc.search.pathFilter()),
      queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
    ]);
}

export function LotEditor({
  lotId,
  places,
  defaultLocationId,
  onClose,
  onCreated,
}: {
  lotId: number | null;
  places: Place[];
  defaultLocationId?: number;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const trpc = useTRPC();
  const lot = useQuery(trpc.adminCatalogue.lot.queryOptions({ id: lotId ?? 0 }, { enabled: lotId !== null }));
  const create = useMutation(trpc.adminCatalogue.createLot.mutationOptions());
  const update = useMutation(trpc.adminCatalogue.updateLot.mutationOptions());
  const refresh = useRefresh();

  async function save(input: TLotInput): Promise<string | null> {
    try {
      if (lotId === null) {
        const created = await create.mutateAsync(input);
        await refresh();
        toast({ title: 'Lot created', description: created.published ? `${created.name} is listed in search now.` : `${created.name} is saved, unpublished.`, variant: 'success' });
        onCreated(created.id);
      } else {
        const { locationId: _l, published: _p, ...fields } = input;
        const saved = await update.mutateAsync({ id: lotId, ...fields });
        await refresh();
        toast(
          saved.changed.length
            ? { title: 'Lot saved', description: `${saved.changed.length} field${saved.changed.length === 1 ? '' : 's'} changed.`, variant: 'success' }
            : { title: 'No changes to save' },
        );
      }
      return null;
    } catch (err) {
      const message = (err as Error).message;
      toast({ title: lotId === null ? 'Could not create the lot' : 'Could not save the lot', description: message, variant: 'destructive' });
      return message;
    }
  }

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={onClose}>
      <ArrowLeft className="size-4" aria-hidden="true" /> All lots
    </Button>
  );

  if (lotId === null) {
    return (
      <div className="space-y-4">
        {back}
        <h2 className="text-2xl font-bold tracking-tight">New lot</h2>
        <LotForm lot={null} places={places} defaultLocationId={defaultLocationId} saving={create.isPending} onSave={save} />
      </div>
    );
  }
  if (lot.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading the lot">
        {back}
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (lot.isError) {
    return (
      <div className="space-y-4">
        {back}
        <Card className="p-6 text-sm text-destructive">{lot.error.message}</Card>
      </div>
    );
  }
  const data = lot.data;
  return (
    <div className="space-y-4">
      {back}
      <Header lot={data} />
      <Tabs defaultValue="details">
        <TabsList className="h-auto w-full flex-wrap justify-start">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="photos">Photos</TabsTrigger>
          <TabsTrigger value="days">Days</TabsTrigger>
          <TabsTrigger value="staff">Staff</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <LotForm key={data.updatedAt.toString()} lot={data} places={places} saving={update.isPending} onSave={save} />
        </TabsContent>
        <TabsContent value="photos">
          <LotPhotos lotId={data.id} />
        </TabsContent>
        <TabsContent value="days">
          <LotDays lotId={data.id} />
        </TabsContent>
        <TabsContent value="staff">
          <LotStaff lotId={data.id} />
        </TabsContent>
        <TabsContent value="history">
          <AuditList entity="lot" entityId={data.id} description="Every change to this lot's details and status, with who made it." />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Header({ lot }: { lot: AdminLot }) {
  const trpc = useTRPC();
  const publish = useMutation(trpc.adminCatalogue.publishLot.mutationOptions());
  const unpublish = useMutation(trpc.adminCatalogue.unpublishLot.mutationOptions());
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await (lot.published ? unpublish : publish).mutateAsync({ id: lot.id });
      await refresh();
      toast(
        lot.published
          ? { title: 'Lot unpublished', description: 'It is hidden from search, its page and the sitemap. Its bookings stand.', variant: 'success' }
          : { title: 'Lot published', description: 'It is listed in search, on its page and in the sitemap.', variant: 'success' },
      );
    } catch (err) {
      toast({ title: 'Could not change the status', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{lot.name}</h2>
          <StatusBadge published={lot.published} />
        </div>
        <p className="text-sm text-muted-foreground">{`${lot.location.code} · ${lot.location.name} · ${lot.distance} · ${formatPrice(lot.price)}/day · ${lot.capacity.toLocaleString('en-US')} spaces`}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {lot.published && (
          <Button asChild variant="outline">
            <a href={`/provider/${lot.slug}`} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden="true" /> View page
            </a>
          </Button>
        )}
        <Button variant={lot.published ? 'outline' : 'default'} loading={busy} onClick={() => void toggle()}>
          {!busy && (lot.published ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />)}
          {lot.published ? 'Unpublish' : 'Publish'}
        </Button>
      </div>
    </div>
  );
}
