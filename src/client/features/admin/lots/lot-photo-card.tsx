// One photo in the lot editor's photo grid: the picture, its place in the order, its alt text (saved on
// Enter or with Save), buttons to move it earlier or later, and the remove button (the parent confirms).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/toast';
import { photoSources } from '@/client/lib/photos';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { LOT_PHOTO_ALT_MAX, ZLotPhotoAltInput } from '@/shared/schemas/lot-photos';

export type LotPhoto = RouterOutputs['adminPhotos']['list']['photos'][number];
export type MoveDirection = 'earlier' | 'later';

/** The id of a photo's move button, so focus can follow the photo after it moves. */
export const moveButtonId = (prefix: string, photoId: number, direction: MoveDirection) => `${prefix}-${photoId}-${direction}`;

export function LotPhotoCard({
  lotId,
  photo,
  index,
  count,
  idPrefix,
  moving,
  onMove,
  onRemove,
}: {
  lotId: number;
  photo: LotPhoto;
  index: number;
  count: number;
  idPrefix: string;
  /** A move is on its way: the order buttons wait for it. */
  moving: boolean;
  onMove: (photo: LotPhoto, direction: MoveDirection) => void;
  onRemove: (photo: LotPhoto, trigger: HTMLElement) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setAlt = useMutation(trpc.adminPhotos.setAlt.mutationOptions());
  const [alt, setAltText] = useState(photo.alt);
  const [error, setError] = useState<string | null>(null);
  const dirty = alt.trim() !== photo.alt;
  const altId = `${idPrefix}-${photo.id}-alt`;
  const errorId = `${altId}-error`;
  const label = `Photo ${index + 1} of ${count}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = ZLotPhotoAltInput.safeParse({ lotId, photoId: photo.id, alt });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the alt text');
    setError(null);
    try {
      const result = await setAlt.mutateAsync(parsed.data);
      queryClient.setQueryData(trpc.adminPhotos.list.queryKey({ lotId }), { lotId, photos: result.photos });
      setAltText(parsed.data.alt);
      toast({ title: 'Alt text saved', variant: 'success' });
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-border bg-background shadow-xs" aria-label={label}>
      <div className="relative">
        <img
          {...photoSources(photo.url, '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw')}
          alt={photo.alt || `${label}, no alt text yet`}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="aspect-[16/10] w-full bg-muted object-cover"
        />
        <span className="absolute left-2 top-2 flex gap-1.5">
          <Badge variant="secondary" className="bg-background/90 shadow-xs">{`${index + 1} / ${count}`}</Badge>
          {index === 0 && <Badge className="shadow-xs">Cover</Badge>}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <form onSubmit={(e) => void save(e)} className="space-y-1.5" noValidate>
          <Label htmlFor={altId}>Alt text</Label>
          <div className="flex gap-2">
            <Input
              id={altId}
              value={alt}
              maxLength={LOT_PHOTO_ALT_MAX + 20}
              placeholder="Describe the photo"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setAltText(e.target.value);
                setError(null);
              }}
            />
            <Button type="submit" variant="outline" loading={setAlt.isPending} disabled={!dirty}>
              Save
            </Button>
          </div>
          {error && (
            <p id={errorId} className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
        </form>
        <div className="mt-auto flex items-center gap-2">
          <Button
            id={moveButtonId(idPrefix, photo.id, 'earlier')}
            variant="outline"
            size="icon"
            aria-label={`Move ${label.toLowerCase()} earlier`}
            title="Move earlier"
            disabled={index === 0 || moving}
            onClick={() => onMove(photo, 'earlier')}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button
            id={moveButtonId(idPrefix, photo.id, 'later')}
            variant="outline"
            size="icon"
            aria-label={`Move ${label.toLowerCase()} later`}
            title="Move later"
            disabled={index === count - 1 || moving}
            onClick={() => onMove(photo, 'later')}
          >
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" className="ml-auto text-destructive hover:text-destructive" onClick={(e) => onRemove(photo, e.currentTarget)}>
            <Trash2 className="size-4" aria-hidden="true" /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
