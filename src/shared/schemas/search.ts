// zod inputs of provider search: free-text location, optional dates, sort and filters.
import { z } from './zod';
import { dayFromToday, parseWallClock, toWallClock } from '../wall-clock';
import { optionalDate } from './dates';

import { AMENITY_FILTERS, earliestArrivalDay, PAST_ARRIVAL_MESSAGE, SORTS, type TAmenityFilter } from '../search-options';

export { AMENITY_FILTERS, earliestArrivalDay, PAST_ARRIVAL_MESSAGE, SORTS, type TAmenityFilter };

const dateFormat = (label: string) => `${label} is not a valid date: use YYYY-MM-DD or YYYY-MM-DDTHH:mm`;
const number = z.coerce.number().positive().max(100_000);

export const ZSearchInput = z
  .object({
    location: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(120, 'Location is too long'),
    arrivalDate: optionalDate({ invalid: dateFormat('Arrival date') }).optional(),
    departureDate: optionalDate({ invalid: dateFormat('Departure date') }).optional(),
    sort: z.enum(SORTS).default('price'),
    amenities: z
      .union([z.array(z.enum(Object.keys(AMENITY_FILTERS) as [TAmenityFilter, ...TAmenityFilter[]])), z.string()])
      .optional()
      .transform((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : (v ?? [])))
      .pipe(z.array(z.enum(Object.keys(AMENITY_FILTERS) as [TAmenityFilter, ...TAmenityFilter[]], { error: 'Unknown amenity filter' }))),
    maxDistance: number.optional(),
    maxPrice: number.optional(),
    /** False for page views (location pages) so they do not fill the user's search history. */
    record: z.boolean().default(true),
  })
  .transform((v, ctx) => {
    // Missing dates default to the spec's window: tomorrow to the day after.
    const arrival = toWallClock(v.arrivalDate ?? dayFromToday(1))!;
    const departure = toWallClock(v.departureDate ?? (v.arrivalDate ? new Date(parseWallClock(v.arrivalDate)! + 86_400_000).toISOString().slice(0, 16) : dayFromToday(2)))!;
    if (arrival.slice(0, 10) < earliestArrivalDay()) {
      ctx.addIssue({ code: 'custom', path: ['arrivalDate'], message: PAST_ARRIVAL_MESSAGE });
      return z.NEVER;
    }
    if (departure <= arrival) {
      ctx.addIssue({ code: 'custom', path: ['departureDate'], message: 'Departure date must be after arrival date' });
      return z.NEVER;
    }
    return { ...v, arrivalDate: arrival, departureDate: departure };
  });
export type TSearchInput = z.input<typeof ZSearchInput>;
export type TSearchQuery = z.output<typeof ZSearchInput>;
