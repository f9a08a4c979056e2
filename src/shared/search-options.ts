// Search sort orders, amenity filters and the earliest arrival day (no zod: the client's route table and the
// home page's search form import this, and zod is not part of a first visit).

export const AMENITY_FILTERS = {
  shuttle: 'Shuttle',
  covered: 'Covered',
  valet: 'Valet',
  ev: 'EV Charging',
  '24/7': '24/7',
} as const;
export type TAmenityFilter = keyof typeof AMENITY_FILTERS;
export const SORTS = ['price', 'distance', 'rating'] as const;

export const PAST_ARRIVAL_MESSAGE = 'Arrival date cannot be in the past';

/**
 * The earliest arrival day anyone in the US can still mean: today in Hawaii (UTC-10), the last US zone to
 * change date. Same-day parking is fine everywhere; yesterday is not.
 */
export function earliestArrivalDay(now = Date.now()): string {
  return new Date(now - 10 * 3_600_000).toISOString().slice(0, 10);
}
