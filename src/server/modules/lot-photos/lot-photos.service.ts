// A lot's photos in the back office: list, upload, alt text, order, removal. Each change is one transaction
// that first locks the lot's row (so two administrators working on one lot's photos take turns), then changes
// the photos, records an audit entry per photo, rewrites the lot's `image_urls` (the 800-px URLs in order,
// which every page already shows) and bumps the content version (search, SEO pages and caches see it at once).
// Image processing and blob writes happen before the transaction; a removed photo's blob files are deleted by
// a job a day later (a page cached before the removal may still name them until then).
import { and, asc, count, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { lotPhotos, parkingProviders } from '../../db/schema';
import type { BlobStore } from '../../integrations/blobs/types';
import { bumpContentVersion } from '../../content-version';
import { AppError } from '../../errors';
import { isPlaceholderUrl } from '../../placeholder';
import { enqueueJob } from '../../jobs/queue';
import { diffFields, recordAudit, type Actor } from '../catalogue-admin/audit';
import { LOT_PHOTO_DEFAULT_WIDTH, LOT_PHOTO_MESSAGES, lotPhotoUrl, MAX_PHOTOS_PER_LOT, type TMoveLotPhotoInput } from '@/shared/schemas/lot-photos';
import { storePhoto } from './images';

type Photo = typeof lotPhotos.$inferSelect;
type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

const lotNotFound = () => new AppError('NOT_FOUND', 'Lot not found');
const photoNotFound = () => new AppError('NOT_FOUND', 'Photo not found');

/** What the back office sees of a photo: its URL at the default width (the srcset follows from it). */
function shape(p: Photo) {
  return {
    id: p.id,
    position: p.position,
    url: lotPhotoUrl(p.key, LOT_PHOTO_DEFAULT_WIDTH),
    widths: p.widths,
    width: p.width,
    height: p.height,
    alt: p.alt,
    createdAt: p.createdAt,
  };
}
export type TLotPhoto = ReturnType<typeof shape>;

const photosOf = (db: Pick<DB, 'select'>, lotId: number) => db.select().from(lotPhotos).where(eq(lotPhotos.providerId, lotId)).orderBy(asc(lotPhotos.position), asc(lotPhotos.id));

async function lotExists(db: DB, lotId: number) {
  const [lot] = await db.select({ id: parkingProviders.id }).from(parkingProviders).where(eq(parkingProviders.id, lotId));
  if (!lot) throw lotNotFound();
}

/**
 * Runs a photo change in one transaction: locks the lot's row first (a write, so PostgreSQL holds it until
 * commit), runs `change` with the lot's photos in order, then syncs `image_urls` and bumps the content version
 * when `change` says it changed something. Answers the photos after the change.
 */
async function changePhotos(db: DB, lotId: number, change: (tx: Tx, photos: Photo[]) => Promise<boolean>) {
  return db.transaction(async (tx) => {
    const [lot] = await tx.update(parkingProviders).set({ updatedAt: new Date() }).where(eq(parkingProviders.id, lotId)).returning({ imageUrls: parkingProviders.imageUrls });
    if (!lot) throw lotNotFound();
    const changed = await change(tx, await photosOf(tx, lotId));
    const photos = await photosOf(tx, lotId);
    if (changed) {
      // Our photos first, in order; images from elsewhere (an import) stay after them; the demo catalogue's
      // generic placeholders go (pages show the lot's illustration when it has no image at all).
      const ours = photos.map((p) => lotPhotoUrl(p.key, LOT_PHOTO_DEFAULT_WIDTH));
      const others = lot.imageUrls.filter((u) => !isPlaceholderUrl(u) && !u.startsWith('/uploads/lots/'));
      await tx
        .update(parkingProviders)
        .set({ imageUrls: [...ours, ...others] })
        .where(eq(parkingProviders.id, lotId));
      await bumpContentVersion(tx);
    }
    return photos.map(shape);
  });
}

/** Writes positions 1..n in the given order (only the rows whose position differs); answers the moved ones. */
async function writeOrder(tx: Tx, ordered: Photo[]) {
  const moved: { photo: Photo; to: number }[] = [];
  for (const [i, photo] of ordered.entries()) {
    if (photo.position === i + 1) continue;
    await tx
      .update(lotPhotos)
      .set({ position: i + 1 })
      .where(eq(lotPhotos.id, photo.id));
    moved.push({ photo, to: i + 1 });
  }
  return moved;
}

export async function listPhotos(db: DB, lotId: number) {
  await lotExists(db, lotId);
  return { lotId, photos: (await photosOf(db, lotId)).map(shape) };
}

export async function uploadPhoto(deps: { db: DB; blobs: BlobStore }, actor: Actor, input: { lotId: number; image: Blob; alt: string }) {
  const { db, blobs } = deps;
  // Cheap refusals before the image work; the transaction checks again.
  await lotExists(db, input.lotId);
  const [existing] = await db.select({ n: count() }).from(lotPhotos).where(eq(lotPhotos.providerId, input.lotId));
  if ((existing?.n ?? 0) >= MAX_PHOTOS_PER_LOT) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.tooMany);
  const stored = await storePhoto(blobs, input.image);
  let created: Photo | undefined;
  const photos = await changePhotos(db, input.lotId, async (tx, current) => {
    if (current.length >= MAX_PHOTOS_PER_LOT) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.tooMany);
    const position = Math.max(0, ...current.map((p) => p.position)) + 1;
    [created] = await tx
      .insert(lotPhotos)
      .values({ providerId: input.lotId, position, ...stored, alt: input.alt })
      .returning();
    await recordAudit(tx, actor, {
      entity: 'photo',
      entityId: created!.id,
      action: 'create',
      changes: { lotId: input.lotId, key: stored.key, width: stored.width, height: stored.height, position, alt: input.alt },
    });
    return true;
  });
  return { photo: shape(created!), photos };
}

export async function setPhotoAlt(db: DB, actor: Actor, input: { lotId: number; photoId: number; alt: string }) {
  const photos = await changePhotos(db, input.lotId, async (tx, current) => {
    const photo = current.find((p) => p.id === input.photoId);
    if (!photo) throw photoNotFound();
    const changes = diffFields(photo, { alt: input.alt }, ['alt']);
    if (!Object.keys(changes).length) return false;
    await tx.update(lotPhotos).set({ alt: input.alt }).where(eq(lotPhotos.id, photo.id));
    await recordAudit(tx, actor, { entity: 'photo', entityId: photo.id, action: 'update', changes: { lotId: input.lotId, ...changes } });
    return true;
  });
  return { photos };
}

/** Moves one photo a place earlier or later; at either end it stays where it is (no change recorded). */
export async function movePhoto(db: DB, actor: Actor, input: { lotId: number; photoId: number; direction: TMoveLotPhotoInput['direction'] }) {
  const photos = await changePhotos(db, input.lotId, async (tx, current) => {
    const from = current.findIndex((p) => p.id === input.photoId);
    if (from < 0) throw photoNotFound();
    const to = input.direction === 'earlier' ? from - 1 : from + 1;
    if (to < 0 || to >= current.length) return false;
    const ordered = [...current];
    [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
    await recordOrder(tx, actor, input.lotId, 'move', await writeOrder(tx, ordered));
    return true;
  });
  return { photos };
}

/** Puts the lot's photos in the given order; the list must name every photo of the lot exactly once. */
export async function reorderPhotos(db: DB, actor: Actor, input: { lotId: number; photoIds: number[] }) {
  const photos = await changePhotos(db, input.lotId, async (tx, current) => {
    const byId = new Map(current.map((p) => [p.id, p]));
    if (input.photoIds.length !== current.length || input.photoIds.some((id) => !byId.has(id))) {
      throw new AppError('CONFLICT', 'The photos of this lot have changed. Reload and try again.');
    }
    const moved = await writeOrder(
      tx,
      input.photoIds.map((id) => byId.get(id)!),
    );
    await recordOrder(tx, actor, input.lotId, 'reorder', moved);
    return moved.length > 0;
  });
  return { photos };
}

async function recordOrder(tx: Tx, actor: Actor, lotId: number, action: string, moved: { photo: Photo; to: number }[]) {
  for (const { photo, to } of moved) {
    await recordAudit(tx, actor, { entity: 'photo', entityId: photo.id, action, changes: { lotId, position: { from: photo.position, to } } });
  }
}

/**
 * How long a removed photo's files stay in the blob store: pages cached before the removal (the page cache,
 * browsers, a CDN) may still name them for a while.
 */
export const REMOVED_PHOTO_GRACE_MS = 24 * 3_600_000;

/** The blob keys of a stored photo's renditions. */
export const photoBlobKeys = (p: { key: string; widths: readonly number[] }) => p.widths.map((w) => `${p.key}-${w}.webp`);

/** Removes a photo (its row now; its stored files by a job after REMOVED_PHOTO_GRACE_MS) and closes the gap in the order. */
export async function removePhoto(db: DB, actor: Actor, input: { lotId: number; photoId: number }) {
  const photos = await changePhotos(db, input.lotId, async (tx, current) => {
    const [gone] = await tx
      .delete(lotPhotos)
      .where(and(eq(lotPhotos.id, input.photoId), eq(lotPhotos.providerId, input.lotId)))
      .returning();
    if (!gone) throw photoNotFound();
    await writeOrder(
      tx,
      current.filter((p) => p.id !== gone.id),
    );
    await recordAudit(tx, actor, {
      entity: 'photo',
      entityId: gone.id,
      action: 'delete',
      changes: { lotId: input.lotId, key: gone.key, position: gone.position, alt: gone.alt },
    });
    await enqueueJob(tx, 'blobs.delete', { keys: photoBlobKeys(gone) }, { runAt: new Date(Date.now() + REMOVED_PHOTO_GRACE_MS), dedupeKey: `blobs.delete:${gone.key}` });
    return true;
  });
  return { photos };
}
