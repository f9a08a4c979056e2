// Turning an uploaded file into a lot photo: the type is decided by the bytes (magic numbers, then sharp's own
// reading of the header), never by the name or the browser's content type; the size and the width are
// checked; then the image is turned upright by its EXIF orientation, stripped of all metadata (EXIF with GPS,
// camera serials, ICC) and stored as WebP at each width the pages use.
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { BlobStore } from '../../integrations/blobs/types';
import { AppError } from '../../errors';
import { LOT_PHOTO_MAX_BYTES, LOT_PHOTO_MAX_PIXELS, LOT_PHOTO_MESSAGES, LOT_PHOTO_MIN_WIDTH, LOT_PHOTO_WIDTHS } from '@/shared/schemas/lot-photos';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const UNREADABLE = 'This photo could not be read. Try another file.';

/** A stored photo: its blob key (without width and extension), the widths stored, and its upright size. */
export interface StoredPhoto {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/** JPEG, PNG or WebP by their first bytes (a cheap first gate, so other parsers never see the file). */
function sniff(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return true;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

const decoder = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: LOT_PHOTO_MAX_PIXELS, failOn: 'error' });

/** Checks an upload and answers its bytes and upright size; throws an AppError naming what is wrong. */
export async function checkPhoto(file: Blob): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  if (file.size > LOT_PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOT_PHOTO_MESSAGES.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniff(bytes)) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.type);
  let meta: Metadata;
  try {
    meta = await decoder(bytes).metadata();
  } catch {
    throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.type);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.type);
  // The size as displayed: a portrait phone photo is stored landscape with an orientation tag.
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new AppError('BAD_REQUEST', UNREADABLE);
  if (width * height > LOT_PHOTO_MAX_PIXELS) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.pixels);
  if (width < LOT_PHOTO_MIN_WIDTH) throw new AppError('BAD_REQUEST', LOT_PHOTO_MESSAGES.narrow(width));
  return { bytes, width, height };
}

/**
 * Checks the upload, then stores it as `lots/<32 hex>-<width>.webp` for every width (the largest is never
 * enlarged past the original). Runs before any transaction: this is CPU and storage I/O.
 */
export async function storePhoto(blobs: BlobStore, file: Blob): Promise<StoredPhoto> {
  const { bytes, width, height } = await checkPhoto(file);
  const key = `lots/${randomBytes(16).toString('hex')}`;
  // Without keepMetadata/withMetadata sharp writes no EXIF, XMP or ICC: nothing of the camera or place leaks.
  const upright = decoder(bytes).autoOrient();
  let renditions: { width: number; body: Buffer }[];
  try {
    renditions = await Promise.all(
      LOT_PHOTO_WIDTHS.map(async (w) => ({ width: w, body: await upright.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer() })),
    );
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw new AppError('BAD_REQUEST', UNREADABLE);
  }
  for (const r of renditions) await blobs.put(`${key}-${r.width}.webp`, new Uint8Array(r.body), 'image/webp');
  return { key, widths: [...LOT_PHOTO_WIDTHS], width, height };
}
