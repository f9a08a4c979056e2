// /api/placeholder/{w}/{h}?kind=&seed=&label=: the illustration shown for lots without photos (one per lot
// type, see modules/og/lot-art.ts), and the choice of that illustration for a lot from its data.
// Every parameter is validated: sizes are clamped, unknown kinds draw a surface lot, the label is escaped.
import { z } from 'zod';
import { LOT_ART_ALT, LOT_ART_KINDS, lotArtSvg, type TLotArtKind } from './modules/og/lot-art';

export { LOT_ART_ALT, LOT_ART_KINDS, type TLotArtKind };

const MIN_SIZE = 16;
const MAX_SIZE = 2000;
const MAX_SEED = 999_999;
const MAX_LABEL = 60;

/** A side in pixels: a number (or numeric text) clamped to 16..2000; anything else takes the default. */
const size = (fallback: number) =>
  z.unknown().transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(n))) : fallback;
  });

/** The query and path of a placeholder request; never fails (odd values fall back to defaults). */
export const ZPlaceholderParams = z.object({
  width: size(400),
  height: size(300),
  kind: z.enum(LOT_ART_KINDS).catch('surface'),
  seed: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_SEED))
    .catch(0),
  label: z
    .string()
    .transform((s) =>
      s
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .slice(0, MAX_LABEL),
    )
    .optional()
    .catch(undefined),
});
export type TPlaceholderParams = z.output<typeof ZPlaceholderParams>;

/**
 * The SVG for /api/placeholder/{width}/{height}. `options` carries the raw query values (`kind`, `seed`),
 * validated here; a missing kind draws a surface lot.
 */
export function placeholderSvg(width: number | string, height: number | string, label?: string, options: { kind?: string; seed?: string } = {}): string {
  const p = ZPlaceholderParams.parse({ width, height, label, kind: options.kind, seed: options.seed });
  return lotArtSvg(p.kind, p.width, p.height, { seed: p.seed, label: p.label || undefined });
}

/** What we know of a lot when choosing its illustration. */
export interface LotArtInput {
  id?: number;
  name: string;
  slug?: string;
  amenities?: readonly string[] | null;
  features?: readonly string[] | null;
}

const has = (list: readonly string[] | null | undefined, re: RegExp) => (list ?? []).some((s) => re.test(s));

/**
 * The lot type its data describes: valet first (the service defines the visit), then a garage by name,
 * covered spaces, a lot at a cruise port, and an open-air lot otherwise.
 */
export function lotArtKind(lot: LotArtInput, locationKind?: string | null): TLotArtKind {
  if (has(lot.amenities, /^valet$/i) || /\bvalet\b/i.test(lot.name)) return 'valet';
  if (/\b(garage|parking (deck|structure|ramp))\b/i.test(lot.name)) return 'garage';
  if (has(lot.amenities, /^covered$/i) || /\bcovered\b/i.test(lot.name) || has(lot.features, /\bcovered\b/i)) return 'covered';
  if (locationKind === 'cruise_port') return 'cruise';
  return 'surface';
}

/** A small stable number per lot, so lots of one type do not all look the same. */
export function lotArtSeed(lot: LotArtInput): number {
  if (lot.id !== undefined && Number.isSafeInteger(lot.id) && lot.id >= 0) return lot.id % (MAX_SEED + 1);
  let h = 2166136261;
  for (const ch of lot.slug ?? lot.name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h % (MAX_SEED + 1);
}

export const isPlaceholderUrl = (url: string) => url.startsWith('/api/placeholder/');

/** The illustration URL of a lot (16:10, the card and gallery shape; the SVG scales to any size). */
export function lotArtUrl(lot: LotArtInput, locationKind?: string | null, width = 800, height = 500): string {
  return `/api/placeholder/${width}/${height}?kind=${lotArtKind(lot, locationKind)}&seed=${lotArtSeed(lot)}`;
}

/**
 * The images to show for a lot: its photos when it has any; otherwise (no images, or only the generic
 * placeholders the demo catalogue ships) the one illustration of its type.
 */
export function lotImageUrls(lot: LotArtInput & { imageUrls: readonly string[] | null }, locationKind?: string | null): string[] {
  const photos = (lot.imageUrls ?? []).filter((url) => !isPlaceholderUrl(url));
  return photos.length ? photos : [lotArtUrl(lot, locationKind)];
}
