// URL query ⇄ search input: the same input is prefetched on the server and read by the page.
import { toWallClock } from '@/shared/wall-clock';
import { SORTS } from '@/shared/search-options';

export type Sort = (typeof SORTS)[number];

/**
 * A date of a page's address ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'), or undefined when absent or malformed: a
 * hand-edited or truncated link (?arrivalDate=2026-13-45) is ignored, as if it named no date, never an error.
 */
export function pageDate(params: URLSearchParams, name: 'arrivalDate' | 'departureDate'): string | undefined {
  const value = params.get(name)?.trim();
  return value && toWallClock(value) ? value : undefined;
}

export function searchInputFromParams(location: string, params: URLSearchParams, record = false) {
  const sort = params.get('sort');
  return {
    location,
    arrivalDate: pageDate(params, 'arrivalDate'),
    departureDate: pageDate(params, 'departureDate'),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : undefined,
    amenities: params.get('amenities') || undefined,
    record,
  };
}

/** Query string for a provider page or a results link, carrying the location and dates. */
export function stayQuery(p: { location: string; arrivalDate: string; departureDate: string; extra?: Record<string, string | number> }) {
  const q = new URLSearchParams({ location: p.location, arrivalDate: p.arrivalDate.slice(0, 10), departureDate: p.departureDate.slice(0, 10) });
  for (const [k, v] of Object.entries(p.extra ?? {})) q.set(k, String(v));
  return q.toString();
}

/** The home page's address for a search: the place, the days, and the order and filters kept from the last one. */
export function searchHref(v: { location: string; arrivalDate?: string; departureDate?: string; sort?: string | null; amenities?: string[] }) {
  const q = new URLSearchParams({ location: v.location });
  if (v.arrivalDate) q.set('arrivalDate', v.arrivalDate.slice(0, 10));
  if (v.departureDate) q.set('departureDate', v.departureDate.slice(0, 10));
  if (v.sort && v.sort !== 'price') q.set('sort', v.sort);
  if (v.amenities?.length) q.set('amenities', v.amenities.join(','));
  return `/?${q}`;
}
