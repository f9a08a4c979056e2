// zod inputs of a lot's photos in the back office (upload, alt text, order, removal), and the limits the
// upload form checks before sending and the server checks again by content.
import { z } from './zod';

/** The widths each photo is stored at (WebP), ascending; the pages pick one through srcset. */
export const LOT_PHOTO_WIDTHS = [400, 800, 1200] as const;
/** The width whose URL goes into the lot's image list (what every page shows without srcset). */
export const LOT_PHOTO_DEFAULT_WIDTH = 800;
export const LOT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const LOT_PHOTO_MIN_WIDTH = 800;
export const LOT_PHOTO_MAX_PIXELS = 60_000_000;
export const MAX_PHOTOS_PER_LOT = 20;
export const LOT_PHOTO_ALT_MAX = 200;
export const LOT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const LOT_PHOTO_MESSAGES = {
  type: 'Photos must be JPEG, PNG or WebP images.',
  size: 'Photos must be 8 MB or smaller.',
  missing: 'Choose a photo to upload.',
  pixels: 'Photos must be 60 megapixels or fewer.',
  tooMany: `A lot can have at most ${MAX_PHOTOS_PER_LOT} photos. Remove one first.`,
  narrow: (width: number) => `Photos must be at least ${LOT_PHOTO_MIN_WIDTH} pixels wide (this one is ${width}).`,
} as const;

const lotId = z.coerce.number().int().positive();
const photoId = z.coerce.number().int().positive();
const alt = z.string().trim().max(LOT_PHOTO_ALT_MAX, `Alt text must be ${LOT_PHOTO_ALT_MAX} characters or fewer`);

export const ZLotPhotosInput = z.object({ lotId });

export const ZUploadLotPhotoInput = z.object({
  lotId,
  /** The file (multipart). Its type is checked by content on the server, never by its name. */
  image: z.custom<Blob>((v) => v instanceof Blob && v.size > 0, LOT_PHOTO_MESSAGES.missing),
  alt: alt.optional().default(''),
});

export const ZLotPhotoAltInput = z.object({ lotId, photoId, alt });

export const ZMoveLotPhotoInput = z.object({ lotId, photoId, direction: z.enum(['earlier', 'later'], 'Direction must be earlier or later') });

export const ZReorderLotPhotosInput = z.object({
  lotId,
  /** Every photo of the lot, once, in the new order. */
  photoIds: z
    .array(photoId)
    .max(MAX_PHOTOS_PER_LOT)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may appear only once'),
});

export const ZRemoveLotPhotoInput = z.object({ lotId, photoId });

export type TUploadLotPhotoInput = z.infer<typeof ZUploadLotPhotoInput>;
export type TMoveLotPhotoInput = z.infer<typeof ZMoveLotPhotoInput>;
