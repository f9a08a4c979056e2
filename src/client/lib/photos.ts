// Responsive sources for lot images: a photo uploaded in the back office is stored at 400, 800 and 1200 px and
// the lot's image list names its 800-px file; from that URL we derive the srcset so each screen downloads the
// width it needs. Any other image (the lot illustrations, an imported URL) keeps its one src. Also the alt text of
// a lot image without one of its own.
import { LOT_PHOTO_WIDTHS, lotPhotoUrl } from '@/shared/lot-photos';

const OURS = /^\/uploads\/lots\/([a-f0-9]{32})-800\.webp$/;

/** `sizes` values for the places lot photos appear. */
export const PHOTO_SIZES = {
  /** The lot page's main photo: the content column (up to about 790 px beside the booking card). */
  gallery: '(min-width: 1024px) 790px, calc(100vw - 2rem)',
  /** The result card: a 240-px picture from 640 px up, an 80-px thumbnail below. */
  card: '(min-width: 640px) 240px, 80px',
  /** A strip of small thumbnails. */
  thumb: '96px',
  /** A grid of two columns (three from 640 px). */
  grid: '(min-width: 640px) 33vw, 50vw',
} as const;

export interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** True for the URL of a photo stored by the back office. */
export const isLotPhotoUrl = (url: string) => OURS.test(url);

/** `{ src, srcSet, sizes }` for one of our photos, just `{ src }` otherwise; spread it on an <img>. */
export function photoSources(url: string, sizes: string = PHOTO_SIZES.gallery): PhotoSources {
  const m = OURS.exec(url);
  if (!m) return { src: url };
  return { src: url, srcSet: LOT_PHOTO_WIDTHS.map((w) => `${lotPhotoUrl(`lots/${m[1]}`, w)} ${w}w`).join(', '), sizes };
}

/** What the illustration of each lot type (shown for lots without photos) depicts. */
const ART_ALT: Record<string, string> = {
  surface: 'Illustration of an open-air parking lot',
  garage: 'Illustration of a multi-storey parking garage',
  covered: 'Illustration of a covered parking lot',
  valet: 'Illustration of a valet parking stand',
  cruise: 'Illustration of a parking lot at a cruise terminal',
};

/** Alt text of a lot image: the illustration's subject, or a photo of the named lot. */
export function lotImageAlt(src: string, name: string): string {
  if (!src.startsWith('/api/placeholder/')) return `Photo of ${name}`;
  const kind = new URLSearchParams(src.split('?')[1] ?? '').get('kind') ?? 'surface';
  return ART_ALT[kind] ?? ART_ALT.surface!;
}
