// Instants shown as lot-local wall-clock times ('YYYY-MM-DDTHH:mm', the form booking dates take), and a lot's
// "today". The gate, the traveller's history and the admin show check-in and check-out times this way, so a
// time reads the same wherever the reader is.
import { zoneForState } from '@/shared/time-zones';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock time at the lot (its state's zone) of an instant, as 'YYYY-MM-DDTHH:mm'. */
export function lotWallClock(instant: Date, state: string): string {
  const p = Object.fromEntries(formatter(zoneForState(state)).formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
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
