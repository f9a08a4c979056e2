// Lot-local time: booking dates are wall-clock times at the lot; this turns them into instants using the
// lot's state (one IANA zone per state, the one its airports and ports use). Works in Node and browsers.
import { parseWallClock } from './pricing';

const ZONES: Record<string, string> = {
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
};
for (const s of 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ')) ZONES[s] = 'America/Chicago';
for (const s of 'CO ID MT NM UT WY'.split(' ')) ZONES[s] = 'America/Denver';
for (const s of 'CA NV OR WA'.split(' ')) ZONES[s] = 'America/Los_Angeles';

/** The IANA time zone of a US state or territory code; Eastern when unknown. */
export function zoneForState(state: string): string {
  return ZONES[state.trim().toUpperCase()] ?? 'America/New_York';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Each zone's offsets through a UTC year, flat: `[from, offset, from, offset, ...]` (an offset holds from `from` on). */
const years = new Map<string, number[]>();
const MINUTE = 60_000;

/**
 * Milliseconds the zone is ahead of UTC at an instant (negative in the Americas). Read from the zone's offsets
 * for the year, asked of formatToParts once (it is slow, and a booking's dates would ask it several times each):
 * 1 January's, then each change, found to the minute by halving the month it happens in.
 */
function offsetAt(zone: string, instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  let spans = years.get(zone + year);
  if (!spans) {
    spans = [];
    let offset = NaN;
    for (let month = 0; month <= 12; month++) {
      let hi = Date.UTC(year, month, 1);
      const next = computeOffset(zone, hi);
      if (next === offset) continue;
      for (let lo = Date.UTC(year, month - 1, 1); month && hi - lo > MINUTE;) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (computeOffset(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      spans.push(hi, (offset = next));
    }
    years.set(zone + year, spans); // (a few: stays are booked at most a year ahead)
  }
  let found = spans[1]!; // (Date.UTC reads a year before 100 as 19xx: no stay is booked then)
  for (let i = 2; i < spans.length && instant >= spans[i]!; i += 2) found = spans[i + 1]!;
  return found;
}

/** The zone's offset at a whole minute (every offset asked for is one: offsetAt), from the zone's clock. */
function computeOffset(zone: string, minute: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(minute)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - minute;
}

/** The instant a lot-local wall-clock time ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm') happens; null when invalid. */
export function wallClockToInstant(wallClock: string, zone: string): Date | null {
  const t = parseWallClock(wallClock);
  if (t === null) return null;
  let instant = t - offsetAt(zone, t);
  instant = t - offsetAt(zone, instant); // second pass settles daylight-saving edges
  return new Date(instant);
}

/** The zone's wall-clock time at an instant, as 'YYYY-MM-DDTHH:mm' (the inverse of wallClockToInstant). */
export function instantToWallClock(instant: Date, zone: string): string {
  const t = instant.getTime();
  return new Date(t + offsetAt(zone, t)).toISOString().slice(0, 16);
}
