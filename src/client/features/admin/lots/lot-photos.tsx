// A lot's photos in the lot editor: the grid in display order (the first is the cover search shows), upload
// with progress and the server's reasons for a refusal, alt text, moving earlier or later (focus follows the
// photo), and removal after a confirmation. Every change reaches the public pages at once (the server bumps
// the content version); here we refresh the list and the public queries this browser may hold.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageOff, ImagePlus, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { photoSources } from '@/client/lib/photos';
import { useTRPC } from '@/client/lib/trpc';
import { MAX_PHOTOS_PER_LOT } from '@/shared/schemas/lot-photos';
import { LotPhotoCard, moveButtonId, type LotPhoto, type MoveDirection } from './lot-photo-card';
import { usePhotoUpload } from './lot-photo-upload';

export function LotPhotos({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const idPrefix = useId();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.adminPhotos.list.queryOptions({ lotId }));
  const move = useMutation(trpc.adminPhotos.move.mutationOptions());
  const remove = useMutation(trpc.adminPhotos.remove.mutationOptions());
  const photos = list.data?.photos ?? [];
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The photo offered for removal stays set while the dialog closes; `confirming` opens and closes it.
  const [removing, setRemoving] = useState<{ photo: LotPhoto; returnFocus: HTMLElement | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const focusAfterMove = useRef<{ photoId: number; direction: MoveDirection } | null>(null);

  // Public pages this browser has loaded (search, the lot's page) show the new photos on their next visit.
  const refreshPublic = () => Promise.all([queryClient.invalidateQueries(trpc.catalogue.pathFilter()), queryClient.invalidateQueries(trpc.search.pathFilter())]);
  const setPhotos = (next: LotPhoto[]) => queryClient.setQueryData(trpc.adminPhotos.list.queryKey({ lotId }), { lotId, photos: next });
  const uploader = usePhotoUpload(lotId, () => Promise.all([queryClient.invalidateQueries(trpc.adminPhotos.list.queryFilter({ lotId })), refreshPublic()]));

  // After a move, keep focus on the moved photo's button (or its other one at either end of the order).
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const other: MoveDirection = target.direction === 'earlier' ? 'later' : 'earlier';
    const button = document.getElementById(moveButtonId(idPrefix, target.photoId, target.direction)) as HTMLButtonElement | null;
    (button && !button.disabled ? button : document.getElementById(moveButtonId(idPrefix, target.photoId, other)))?.focus();
  }, [list.data, idPrefix]);

  async function choose(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen.length) return;
    const added = await uploader.upload(chosen, photos.length);
    if (added) {
      const title = added === 1 ? 'Photo added' : `${added} photos added`;
      toast({ title, description: 'Search and the lot’s page show the new photos now.', variant: 'success' });
      setAnnouncement(title);
    }
  }

  async function doMove(photo: LotPhoto, direction: MoveDirection) {
    try {
      const result = await move.mutateAsync({ lotId, photoId: photo.id, direction });
      focusAfterMove.current = { photoId: photo.id, direction };
      setPhotos(result.photos);
      const at = result.photos.findIndex((p) => p.id === photo.id) + 1;
      setAnnouncement(`Photo moved to position ${at} of ${result.photos.length}.`);
      await refreshPublic();
    } catch (err) {
      toast({ title: 'Could not move the photo', description: (err as Error).message, variant: 'destructive' });
      await queryClient.invalidateQueries(trpc.adminPhotos.list.queryFilter({ lotId }));
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      const result = await remove.mutateAsync({ lotId, photoId: removing.photo.id });
      setConfirming(false);
      setPhotos(result.photos);
      toast({ title: 'Photo removed', variant: 'success' });
      setAnnouncement('Photo removed.');
      await refreshPublic();
    } catch (err) {
      toast({ title: 'Could not remove the photo', description: (err as Error).message, variant: 'destructive' });
    }
  }

  const full = photos.length >= MAX_PHOTOS_PER_LOT;
  const sending = uploader.state;
  return (
    <section aria-labelledby={`${idPrefix}-heading`} aria-busy={list.isPending || undefined} className="@container space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`${idPrefix}-heading`} className="text-base font-semibold">
            Photos {list.data && <span className="font-normal text-muted-foreground">{`(${photos.length} of ${MAX_PHOTOS_PER_LOT})`}</span>}
          </h3>
          <p className="text-sm text-muted-foreground">JPEG, PNG or WebP, at least 800 px wide, up to 8 MB each. The first photo is the cover in search results.</p>
        </div>
        <Button ref={uploadButton} loading={Boolean(sending)} disabled={!list.data || full} onClick={() => fileInput.current?.click()}>
          {!sending && <ImagePlus className="size-4" aria-hidden="true" />}
          {sending ? 'Uploading…' : 'Add photos'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => void choose(e.target.files)}
        />
      </div>

      {sending && (
        <div className="space-y-1.5 rounded-md border border-border bg-muted/40 p-3">
          <p className="truncate text-sm" id={`${idPrefix}-progress`}>
            {sending.progress >= 1 ? 'Resizing' : 'Uploading'} {sending.total > 1 && `${sending.current} of ${sending.total}: `}
            <span className="font-medium">{sending.name}</span>
          </p>
          <div
            role="progressbar"
            aria-labelledby={`${idPrefix}-progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(sending.progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.round(sending.progress * 100)}%` }} />
          </div>
        </div>
      )}

      {uploader.errors.length > 0 && (
        <div role="alert" className="flex items-start justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <ul className="min-w-0 space-y-1">
            {uploader.errors.map((e) => (
              <li key={e} className="break-words">
                {e}
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="shrink-0 text-destructive hover:text-destructive" onClick={uploader.clearErrors}>
            Dismiss
          </Button>
        </div>
      )}

      {list.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-border p-4 text-sm">
          <p>{list.error.data?.code === 'NOT_FOUND' ? 'This lot no longer exists.' : 'The photos could not be loaded.'}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            <RotateCcw className="size-4" aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : !list.data ? (
        <div className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3" role="status" aria-label="Loading photos">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[16/13] w-full rounded-lg" />
          ))}
        </div>
      ) : photos.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center">
          <ImageOff className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No photos yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Until you add one, the lot’s pages show an illustration. Travellers like to see the entrance, the spaces and the shuttle.
          </p>
        </div>
      ) : (
        <ol className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3">
          {photos.map((photo, i) => (
            <LotPhotoCard
              key={photo.id}
              lotId={lotId}
              photo={photo}
              index={i}
              count={photos.length}
              idPrefix={idPrefix}
              moving={move.isPending}
              onMove={(p, d) => void doMove(p, d)}
              onRemove={(p, trigger) => {
                setRemoving({ photo: p, returnFocus: trigger });
                setConfirming(true);
              }}
            />
          ))}
        </ol>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <Dialog open={confirming} onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}>
        {removing && (
          <DialogContent
            onCloseAutoFocus={(event) => {
              // Back to the photo's Remove button; once the photo is gone, to Add photos.
              event.preventDefault();
              const back = removing.returnFocus;
              (back?.isConnected ? back : uploadButton.current)?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>Remove this photo?</DialogTitle>
              <DialogDescription>It leaves the lot’s pages and search at once. This cannot be undone.</DialogDescription>
            </DialogHeader>
            <img
              {...photoSources(removing.photo.url, '28rem')}
              alt={removing.photo.alt}
              width={removing.photo.width}
              height={removing.photo.height}
              className="aspect-[16/10] w-full rounded-md bg-muted object-cover"
            />
            <DialogFooter>
              <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="destructive" loading={remove.isPending} onClick={() => void confirmRemove()}>
                Remove photo
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
