// Inventory: how many of a lot's spaces a stay needs, counted per calendar day. A lot's capacity is spaces
// per day; a stay occupies every day from its arrival day to its departure day (a departure at midnight
// does not touch that day). Confirmed bookings and payment holds take a space; a hold keeps it until it is
// settled (confirmed or released), never merely because time passed.
import { and, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema';
import { parseWallClock, toWallClock } from '@/shared/pricing';

const DAY = 86_400_000;

/** First and last day index (days since the epoch, wall clock) a stay occupies. */
export function stayDays(arrival: string, departure: string): [number, number] {
  const a = parseWallClock(arrival)!;
  const d = parseWallClock(departure)!;
  const first = Math.floor(a / DAY);
  return [first, Math.max(first, Math.floor((d - 60_000) / DAY))];
}

/** The most spaces the given stays take on any one day of [arrival, departure). */
export function peakDailyOccupancy(stays: { arrivalDate: string; departureDate: string }[], arrival: string, departure: string): number {
  const [first, last] = stayDays(arrival, departure);
  const perDay = new Map<number, number>();
  for (const s of stays) {
    const [a, b] = stayDays(s.arrivalDate, s.departureDate);
    for (let day = Math.max(a, first); day <= Math.min(b, last); day++) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return Math.max(0, ...perDay.values());
}

/** Bookings that hold a space: confirmed, or pending (a payment hold not yet settled). */
export function holdsSpace(): SQL {
  return inArray(bookings.status, ['confirmed', 'pending']);
}

const dayStart = (day: number) => new Date(day * DAY).toISOString().slice(0, 16);

/** Peak spaces taken per provider over the days of a stay (providers with none are absent). */
export function takenSpaces(db: Pick<DB, 'select'>, providerIds: number[], arrival: string, departure: string): Map<number, number> {
  const taken = new Map<number, number>();
  const a = toWallClock(arrival);
  const d = toWallClock(departure);
  if (!providerIds.length || !a || !d) return taken;
  const [first, last] = stayDays(a, d);
  const rows = db
    .select({ providerId: bookings.providerId, arrivalDate: bookings.arrivalDate, departureDate: bookings.departureDate })
    .from(bookings)
    .where(and(inArray(bookings.providerId, providerIds), lt(bookings.arrivalDate, dayStart(last + 1)), gt(bookings.departureDate, dayStart(first)), holdsSpace()))
    .all();
  const byProvider = new Map<number, typeof rows>();
  for (const r of rows) byProvider.set(r.providerId, [...(byProvider.get(r.providerId) ?? []), r]);
  for (const [id, stays] of byProvider) taken.set(id, peakDailyOccupancy(stays, a, d));
  return taken;
}

/** Spaces a lot has taken on the busiest day of a stay. */
export function takenOnPeakDay(db: Pick<DB, 'select'>, providerId: number, arrival: string, departure: string): number {
  return takenSpaces(db, [providerId], arrival, departure).get(providerId) ?? 0;
}
