// Changing how many spaces a lot sells: never below what is already sold on a day. Used when an operator
// changes a lot's capacity (every day from today that nobody set by hand follows it) or one day's capacity.
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, lotDays } from '../../db/schema';
import { AppError } from '../../errors';
import { OCCUPYING } from './inventory';

const DAY = 86_400_000;

/** A day index (days since 1970-01-01, wall clock) as 'YYYY-MM-DD'. */
export const dayDate = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' as a day index. */
export const dayIndex = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

/** Confirmation numbers of the bookings holding a space on `day` (held, confirmed or completed), in booking order. */
export async function bookingsOnDay(db: Pick<DB, 'select'>, providerId: number, day: number): Promise<string[]> {
  const start = `${dayDate(day)}T00:00`;
  const end = `${dayDate(day + 1)}T00:00`;
  const rows = await db
    .select({ confirmationNumber: bookings.confirmationNumber })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), inArray(bookings.status, [...OCCUPYING]), lt(bookings.arrivalDate, end), gt(bookings.departureDate, start)))
    .orderBy(asc(bookings.id));
  return rows.map((r) => r.confirmationNumber);
}

/** The refusal for a day with more spaces sold than the capacity asked for, naming the bookings. */
async function belowSold(db: Pick<DB, 'select'>, providerId: number, day: number, capacity: number, taken: number): Promise<AppError> {
  const held = await bookingsOnDay(db, providerId, day);
  const shown = held.slice(0, 10).join(', ') + (held.length > 10 ? ` and ${held.length - 10} more` : '');
  return new AppError(
    'CONFLICT',
    `${dayDate(day)} already has ${taken} space${taken === 1 ? '' : 's'} sold, more than ${capacity}. Bookings: ${shown}. Cancel or move them first, or keep the capacity at ${taken} or more.`,
  );
}

/**
 * Sets the lot's capacity on every day row from `fromDay` on that an operator has not set by hand (days with
 * no row yet take the lot's capacity when they are first booked). In the caller's transaction; throws a
 * CONFLICT naming the bookings when a day already has more spaces sold. The update itself carries the rule
 * (taken <= capacity), so a booking taken meanwhile is counted too.
 */
export async function applyLotCapacity(tx: Pick<DB, 'select' | 'update'>, providerId: number, capacity: number, fromDay: number): Promise<void> {
  const followers = and(eq(lotDays.providerId, providerId), gte(lotDays.day, fromDay), eq(lotDays.capacitySet, 0));
  await tx
    .update(lotDays)
    .set({ capacity })
    .where(and(followers, sql`${lotDays.taken} <= ${capacity}`));
  const [over] = await tx
    .select({ day: lotDays.day, taken: lotDays.taken })
    .from(lotDays)
    .where(and(followers, gt(lotDays.taken, capacity)))
    .orderBy(asc(lotDays.day))
    .limit(1);
  if (over) throw await belowSold(tx, providerId, over.day, capacity, over.taken);
}

/**
 * Sets one day's capacity by hand (the lot's later capacity changes leave it alone), in the caller's
 * transaction; refuses below what is sold that day, naming the bookings.
 */
export async function setDayCapacity(tx: Pick<DB, 'select' | 'insert' | 'update'>, lot: { id: number; capacity: number }, day: number, capacity: number): Promise<void> {
  await tx.insert(lotDays).values({ providerId: lot.id, day, capacity: lot.capacity, taken: 0 }).onConflictDoNothing();
  const [set] = await tx
    .update(lotDays)
    .set({ capacity, capacitySet: 1 })
    .where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, day), sql`${lotDays.taken} <= ${capacity}`))
    .returning({ day: lotDays.day });
  if (set) return;
  const [row] = await tx.select({ taken: lotDays.taken }).from(lotDays).where(and(eq(lotDays.providerId, lot.id), eq(lotDays.day, day)));
  throw await belowSold(tx, lot.id, day, capacity, row?.taken ?? 0);
}
