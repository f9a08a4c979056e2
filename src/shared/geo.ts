/**
 * Small isomorphic geography and text helpers shared by the server, the client
 * and the seed data. No Node or browser specific imports.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in statute miles. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const lat1 = toRadians(a.latitude);
  const lat2 = toRadians(b.latitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Human-readable distance: one decimal, trailing ".0" dropped, singular for
 * exactly one mile. 0.83 → "0.8 miles", 1 → "1 mile", 2.36 → "2.4 miles".
 */
export function formatMiles(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  const text = rounded.toFixed(1).replace(/\.0$/, '');
  return `${text} ${text === '1' ? 'mile' : 'miles'}`;
}

/**
 * URL slug: lower-case ASCII words joined by single dashes. Accents are
 * stripped (é → e), apostrophes are dropped (O'Hare → ohare) and every other
 * run of non-alphanumeric characters becomes one dash.
 * "St. Louis Lambert International Airport" → "st-louis-lambert-international-airport".
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
