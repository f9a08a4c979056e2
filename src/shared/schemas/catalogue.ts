// zod inputs of the catalogue (location directory).
import { z } from './zod';
import { REGIONS } from '../constants';

export const ZLocationKind = z.enum(['airport', 'cruise_port']);

export const ZListLocationsInput = z
  .object({
    kind: ZLocationKind.optional(),
    region: z.union([z.enum(REGIONS), z.literal('all')]).optional(),
    q: z.string().trim().max(100).optional(),
  })
  .default({});
export type TListLocationsInput = z.input<typeof ZListLocationsInput>;

/**
 * A slug to look something up by: any length a URL can carry (an over-long or odd slug is simply not found,
 * a 404, never a validation error). The bound keeps the work per request small.
 */
export const lookupSlug = (required: string) => z.string().trim().min(1, required).max(2048, 'Not found');

export const ZGetLocationInput = z.object({
  /** A directory slug ('orlando-international-airport'), an SEO slug or a location code ('MCO'). */
  slug: lookupSlug('Location is required'),
});

export { filterDirectory, matchesDirectoryQuery, type DirectoryEntry } from '../directory';

export const ZGetProviderInput = z.object({
  /** The provider's name slug ('orlando-airport-economy-parking') or its numeric id. */
  slug: lookupSlug('Provider is required'),
});
