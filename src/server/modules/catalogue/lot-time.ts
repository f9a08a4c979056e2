// Instants shown as lot-local wall-clock times ('YYYY-MM-DDTHH:mm', the form booking dates take), and a lot's
// "today" (its state's zone). The gate, day changes, capacity changes, the traveller's history and the admin
// read times this way, so a time reads the same wherever the reader is.
import { instantToWallClock, zoneForState } from '@/shared/time-zones';

/** The wall-clock time at the lot (its state's zone) of an instant, as 'YYYY-MM-DDTHH:mm'. */
export function lotWallClock(instant: Date, state: string): string {
  return instantToWallClock(instant, zoneForState(state));
}

/** Like lotWallClock, for a column that may be empty. */
export function lotWallClockOrNull(instant: Date | null, state: string): string | null {
  return instant ? lotWallClock(instant, state) : null;
}

/** The lot's calendar date at an instant, 'YYYY-MM-DD'. */
export function lotDate(instant: Date, state: string): string {
  return lotWallClock(instant, state).slice(0, 10);
}

/** The day after a 'YYYY-MM-DD' date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
