// zod inputs of the catalogue (location directory).
import { z } from 'zod';
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

export const ZGetLocationInput = z.object({
  /** A directory slug ('orlando-international-airport'), an SEO slug or a location code ('MCO'). */
  slug: z.string().trim().min(1, 'Location is required').max(120),
});

export { filterDirectory, matchesDirectoryQuery, type DirectoryEntry } from '../directory';

export const ZGetProviderInput = z.object({
  /** The provider's name slug ('orlando-airport-economy-parking') or its numeric id. */
  slug: z.string().trim().min(1, 'Provider is required').max(160),
});
