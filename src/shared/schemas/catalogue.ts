// zod inputs of the catalogue (location directory) and the shared directory filter.
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

export interface DirectoryEntry {
  kind: 'airport' | 'cruise_port';
  code: string;
  name: string;
  city: string;
  state: string;
  region: string;
  aliases?: readonly string[];
}

/** Directory text search: name, city, state and, for airports, code. Shared by the page and the API. */
export function matchesDirectoryQuery(entry: DirectoryEntry, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  const fields = [entry.name, entry.city, entry.state, ...(entry.aliases ?? [])];
  if (entry.kind === 'airport') fields.push(entry.code);
  return fields.some((f) => f.toLowerCase().includes(q));
}

export function filterDirectory<T extends DirectoryEntry>(
  entries: readonly T[],
  filter: { q?: string; region?: string; kind?: 'airport' | 'cruise_port' },
): T[] {
  return entries.filter(
    (e) =>
      (!filter.kind || e.kind === filter.kind) &&
      (!filter.region || filter.region === 'all' || e.region === filter.region) &&
      matchesDirectoryQuery(e, filter.q),
  );
}
