// Lot photo limits and messages, without zod: public pages read the stored widths (srcset) from here without
// loading the upload schemas (schemas/lot-photos.ts re-exports all of it).

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

/** The public URL of one stored width of a lot photo (`key` as stored: 'lots/<32 hex>'). */
export const lotPhotoUrl = (key: string, width: number) => `/uploads/${key}-${width}.webp`;
