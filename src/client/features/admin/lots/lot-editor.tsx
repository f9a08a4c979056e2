// One lot in the back office: its details (create or edit), publish or unpublish, and for an existing lot its
// photos, days, staff and history as tabs. Every save reaches search and the public pages at once. A partner's
// portal edits its own lots with the same editor, through its own procedures (a LotSource).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, EyeOff, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import type { TLotInput, TUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import { AuditList } from './audit-list';
import { LotDays } from './lot-days';
import { LotForm, type AdminLot, type LotPlace } from './lot-form';
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

/**
 * Where the editor reads and writes a lot: the back office's catalogue procedures, or a partner's own
 * (features/partners). The form, its checks and its messages are the same for both.
 */
export interface LotSource {
  /** The lot's every field (the form's), while it loads, or its error. */
  useLot: (lotId: number | null) => { data: AdminLot | undefined; isPending: boolean; isError: boolean; error: { message: string } | null };
  create: (input: TLotInput) => Promise<{ id: number; name: string }>;
  update: (input: Omit<TUpdateLotInput, 'locationId' | 'published'>) => Promise<{ changed: string[]; status?: string }>;
  /** The toast's text once a lot is created, and once an edit is saved. */
  createdText: (lot: { id: number; name: string; published?: boolean }) => string;
  savedText: (saved: { changed: string[]; status?: string }) => string;
  /** Replaces the back office's header (publish, photos, days, staff, history tabs): the partner's view. */
  Header?: (props: { lot: AdminLot }) => ReactNode;
  backLabel?: string;
}

/** The back office's lots: every lot, with its publication, photos, days, staff and history. */
export function useAdminLotSource(): LotSource {
  const trpc = useTRPC();
  const create = useMutation(trpc.adminCatalogue.createLot.mutationOptions());
  const update = useMutation(trpc.adminCatalogue.updateLot.mutationOptions());
  const refresh = useRefresh();
  return {
    useLot: (lotId) => useQuery(trpc.adminCatalogue.lot.queryOptions({ id: lotId ?? 0 }, { enabled: lotId !== null })),
    create: async (input) => {
      const created = await create.mutateAsync(input);
      await refresh();
      return created;
    },
    update: async (input) => {
      const saved = await update.mutateAsync(input);
      await refresh();
      return saved;
    },
    createdText: (lot) => (lot.published ? `${lot.name} is listed in search now.` : `${lot.name} is saved, unpublished.`),
    savedText: ({ changed: { length: n } }) => `${n} field${n === 1 ? '' : 's'} changed.`,
  };
}

export function LotEditor({
  lotId,
  places,
  defaultLocationId,
  source,
  onClose,
  onCreated,
}: {
  lotId: number | null;
  places: LotPlace[];
  defaultLocationId?: number;
  source: LotSource;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const lot = source.useLot(lotId);
  const [saving, setSaving] = useState(false);

  async function save(input: TLotInput): Promise<string | null> {
    setSaving(true);
    try {
      if (lotId === null) {
        const created = await source.create(input);
        toast({ title: 'Lot created', description: source.createdText(created), variant: 'success' });
        onCreated(created.id);
      } else {
        const { locationId: _l, published: _p, ...fields } = input;
        const saved = await source.update({ id: lotId, ...fields });
        toast(saved.changed.length ? { title: 'Lot saved', description: source.savedText(saved), variant: 'success' } : { title: 'No changes to save' });
      }
      return null;
    } catch (err) {
      const message = (err as Error).message;
      toast({ title: lotId === null ? 'Could not create the lot' : 'Could not save the lot', description: message, variant: 'destructive' });
      return message;
    } finally {
      setSaving(false);
    }
  }

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={onClose}>
      <ArrowLeft className="size-4" aria-hidden="true" /> {source.backLabel ?? 'All lots'}
    </Button>
  );

  if (lotId === null) {
    return (
      <div className="space-y-4">
        {back}
        <h2 className="text-2xl font-bold tracking-tight">New lot</h2>
        <LotForm lot={null} places={places} defaultLocationId={defaultLocationId} saving={saving} onSave={save} />
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
        <Card className="p-6 text-sm text-destructive">{lot.error?.message}</Card>
      </div>
    );
  }
  const data = lot.data!;
  const form = <LotForm key={data.updatedAt.toString()} lot={data} places={places} saving={saving} onSave={save} />;
  if (source.Header) {
    return (
      <div className="space-y-4">
        {back}
        <source.Header lot={data} />
        {form}
      </div>
    );
  }
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
        <TabsContent value="details">{form}</TabsContent>
        <TabsContent value="photos">
          <LotPhotos lotId={data.id} />
        </TabsContent>
        <TabsContent value="days">
          <LotDays lotId={data.id} />
        </TabsContent>
        <TabsContent value="staff">
          <LotStaff lotId={data.id} partnerOwned={data.partnerId != null} />
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
