// The location directory's text and region filter, shared by the /locations page and the API.
// Kept free of zod so the page chunk stays small.
import { stateOf, US_STATES } from './us-states';

export interface DirectoryEntry {
  kind: 'airport' | 'cruise_port';
  code: string;
  name: string;
  city: string;
  state: string;
  region: string;
  aliases?: readonly string[];
}

/**
 * Directory text search: name, city, state and, for airports, code. A query that is exactly a state's name or
 * USPS code ('florida', 'Texas', 'FL') finds that state's airports and ports, and nothing else. Shared by the
 * page and the API.
 */
export function matchesDirectoryQuery(entry: DirectoryEntry, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  const state = stateOf(q);
  // An airport code that is also a state code ('ME'?) is not in the catalogue; the state reading wins.
  if (state) return entry.state === state;
  const fields = [entry.name, entry.city, entry.state, US_STATES[entry.state] ?? '', ...(entry.aliases ?? [])];
  if (entry.kind === 'airport') fields.push(entry.code);
  return fields.some((f) => f.toLowerCase().includes(q));
}

export function filterDirectory<T extends DirectoryEntry>(entries: readonly T[], filter: { q?: string; region?: string; kind?: 'airport' | 'cruise_port' }): T[] {
  return entries.filter(
    (e) => (!filter.kind || e.kind === filter.kind) && (!filter.region || filter.region === 'all' || e.region === filter.region) && matchesDirectoryQuery(e, filter.q),
  );
}
