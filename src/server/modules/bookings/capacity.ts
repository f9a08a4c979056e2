// Changing how many spaces a lot sells: never below what is already sold on a day. Used when an operator
// changes a lot's capacity (every day from today that nobody set by hand follows it) or the capacity of a
// range of days (set by hand, or back to following the lot).
import { and, asc, between, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, lotDays } from '../../db/schema';
import { AppError } from '../../errors';
import { lockLotCapacity, OCCUPYING } from './inventory';
import { noteInventoryChange } from '../search/shared-results';

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

const namedBookings = (held: string[]) => held.slice(0, 10).join(', ') + (held.length > 10 ? ` and ${held.length - 10} more` : '');

/**
 * The refusal for days with more spaces sold than the capacity asked for (`over`, in day order), naming each
 * day's bookings (the first day's in full, up to 5 more days after it).
 */
async function belowSold(db: Pick<DB, 'select'>, providerId: number, over: { day: number; taken: number }[], capacity: number): Promise<AppError> {
  const [first, ...rest] = over;
  const held = await bookingsOnDay(db, providerId, first!.day);
  const others = [];
  for (const d of rest.slice(0, 5)) others.push(`${dayDate(d.day)} (${d.taken} sold: ${namedBookings(await bookingsOnDay(db, providerId, d.day))})`);
  const more = rest.length > 5 ? `, and ${rest.length - 5} more day${rest.length - 5 === 1 ? '' : 's'}` : '';
  const also = others.length ? ` Also over ${capacity} on ${others.join('; ')}${more}.` : '';
  const keep = Math.max(...over.map((d) => d.taken));
  const t = first!.taken;
  return new AppError(
    'CONFLICT',
    `${dayDate(first!.day)} already has ${t} space${t === 1 ? '' : 's'} sold, more than ${capacity}. Bookings: ${namedBookings(held)}.${also} Cancel or move them first, or keep the capacity at ${keep} or more.`,
  );
}

/** Days (in order, up to 7) whose sold spaces exceed `capacity`. */
const overDays = (tx: Pick<DB, 'select'>, where: ReturnType<typeof and>, capacity: number) =>
  tx
    .select({ day: lotDays.day, taken: lotDays.taken })
    .from(lotDays)
    .where(and(where, gt(lotDays.taken, capacity)))
    .orderBy(asc(lotDays.day))
    .limit(7);

/**
 * Sets the lot's capacity on every day row from `fromDay` on that an operator has not set by hand (days with
 * no row yet take the lot's capacity from the database when they are first booked). Call it in the
 * transaction that changes the lot's capacity; it holds the lot's row (see lockLotCapacity). In the caller's transaction; throws a
 * CONFLICT naming the bookings when a day already has more spaces sold. The update itself carries the rule
 * (taken <= capacity), so a booking taken meanwhile is counted too.
 */
export async function applyLotCapacity(tx: Pick<DB, 'select' | 'update'>, providerId: number, capacity: number, fromDay: number): Promise<void> {
  noteInventoryChange();
  // Bookings making day rows wait for this transaction, then read the new capacity (see lockLotCapacity).
  await lockLotCapacity(tx, providerId, 'update');
  const followers = and(eq(lotDays.providerId, providerId), gte(lotDays.day, fromDay), eq(lotDays.capacitySet, 0));
  await tx
    .update(lotDays)
    .set({ capacity })
    .where(and(followers, sql`${lotDays.taken} <= ${capacity}`));
  const over = await overDays(tx, followers, capacity);
  if (over.length) throw await belowSold(tx, providerId, over, capacity);
}

/**
 * Sets the capacity of every day from `first` to `last` (day indexes, both included) in the caller's
 * transaction: by hand (`capacity` a number; the lot's later capacity changes leave these days alone), or back
 * to following the lot (`capacity` null: the lot's capacity, as `lot.capacity` says). Day rows are made where
 * missing. All or nothing: one day with more spaces sold refuses the whole range (a CONFLICT naming that day's
 * bookings; the caller's transaction must then roll back). The update carries the rule, so a booking taken
 * meanwhile is counted too.
 */
export async function setRangeCapacity(
  tx: Pick<DB, 'select' | 'insert' | 'update'>,
  lot: { id: number; capacity: number },
  first: number,
  last: number,
  capacity: number | null,
): Promise<void> {
  noteInventoryChange();
  const value = capacity ?? lot.capacity;
  const days = Array.from({ length: last - first + 1 }, (_, i) => ({ providerId: lot.id, day: first + i, capacity: lot.capacity, taken: 0 }));
  await tx.insert(lotDays).values(days).onConflictDoNothing();
  const range = and(eq(lotDays.providerId, lot.id), between(lotDays.day, first, last));
  const set = await tx
    .update(lotDays)
    .set({ capacity: value, capacitySet: capacity === null ? 0 : 1 })
    .where(and(range, sql`${lotDays.taken} <= ${value}`))
    .returning({ day: lotDays.day });
  if (set.length === days.length) return;
  const over = await overDays(tx, range, value);
  throw await belowSold(tx, lot.id, over.length ? over : [{ day: first, taken: value + 1 }], value);
}

/**
 * Sets one day's capacity by hand (the lot's later capacity changes leave it alone), in the caller's
 * transaction; refuses below what is sold that day, naming the bookings.
 */
export async function setDayCapacity(tx: Pick<DB, 'select' | 'insert' | 'update'>, lot: { id: number; capacity: number }, day: number, capacity: number): Promise<void> {
  await setRangeCapacity(tx, lot, day, day, capacity);
}
