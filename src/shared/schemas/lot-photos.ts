// zod inputs of a lot's photos in the back office (upload, alt text, order, removal), and the limits the
// upload form checks before sending and the server checks again by content.
import { z } from './zod';
import { LOT_PHOTO_ALT_MAX, LOT_PHOTO_MESSAGES, MAX_PHOTOS_PER_LOT } from '../lot-photos';

export * from '../lot-photos';

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
