// zod inputs of a lot's days in the back office (closures, capacities, day rates), used by the form and the
// procedures. A range is 'YYYY-MM-DD' to 'YYYY-MM-DD', both included, lot-local calendar days.
import { parseWallClock } from '../pricing';
import { z } from './zod';
import { requiredDate } from './dates';
import { plainDecimal } from './operator-input';

/** The most days one read or one change covers. */
export const LOT_DAYS_MAX_RANGE = 366;
/** Bounds of a day's capacity and a day rate. */
export const DAY_CAPACITY_MAX = 100_000;
export const DAY_PRICE_MAX = 10_000;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (0 or less when reversed). */
export function rangeLength(from: string, to: string): number {
  const a = parseWallClock(from);
  const b = parseWallClock(to);
  return a === null || b === null ? 0 : Math.round((b - a) / DAY_MS) + 1;
}

const ZDay = (what: string) => requiredDate({ required: `Choose the ${what}`, invalid: `The ${what} is not a valid date (YYYY-MM-DD)`, dayOnly: true });

const ZLotId = z.coerce.number({ error: 'Lot not found' }).int('Lot not found').positive('Lot not found');

const bothDates = (r: { from: string; to: string }) => parseWallClock(r.from) !== null && parseWallClock(r.to) !== null;

const rangeChecks = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((r) => !bothDates(r) || rangeLength(r.from, r.to) >= 1, { path: ['to'], message: 'The last day must be on or after the first day' })
    .refine((r) => !bothDates(r) || rangeLength(r.from, r.to) <= LOT_DAYS_MAX_RANGE, { path: ['to'], message: `Choose at most ${LOT_DAYS_MAX_RANGE} days at a time` });

/** A lot's days to read. */
export const ZLotDaysRange = rangeChecks(z.object({ lotId: ZLotId, from: ZDay('first day'), to: ZDay('last day') }));
export type TLotDaysRange = z.infer<typeof ZLotDaysRange>;

/** A day's capacity typed in a form or sent as JSON. */
export const ZDayCapacity = z.preprocess(
  (v) => plainDecimal(v, 'count'),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Enter the number of spaces' : 'Enter a whole number of spaces') })
    .int('Enter a whole number of spaces')
    .min(0, 'Capacity cannot be negative')
    .max(DAY_CAPACITY_MAX, `Capacity can be at most ${DAY_CAPACITY_MAX.toLocaleString('en-US')} spaces`),
);

/** A day rate in dollars and cents. */
export const ZDayPrice = z.preprocess(
  (v) => plainDecimal(v, 'money'),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Enter a daily price' : 'Enter the price in dollars and cents, like 24.95') })
    .positive('The daily price must be more than $0')
    .max(DAY_PRICE_MAX, `The daily price can be at most $${DAY_PRICE_MAX.toLocaleString('en-US')}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Enter the price in dollars and cents, like 24.95'),
);

/**
 * A change to every day of a range; each field left out stays as it is:
 * - closed: true closes the days to new bookings (bookings made stand), false opens them;
 * - capacity: spaces per day, set by hand (later changes of the lot's capacity leave these days alone);
 *   null: follow the lot's capacity again. Never below the spaces sold on any of the days;
 * - price: the daily price on these days (a holiday rate); null: the lot's daily price again.
 */
export const ZLotDaysChange = rangeChecks(
  z.object({
    lotId: ZLotId,
    from: ZDay('first day'),
    to: ZDay('last day'),
    closed: z.boolean().optional(),
    capacity: ZDayCapacity.nullable().optional(),
    price: ZDayPrice.nullable().optional(),
  }),
).refine((c) => c.closed !== undefined || c.capacity !== undefined || c.price !== undefined, {
  message: 'Choose what to change: open or close the days, their capacity or their price',
});
export type TLotDaysChange = z.infer<typeof ZLotDaysChange>;
