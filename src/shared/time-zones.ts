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
/**
 * Each zone's offsets through a UTC year, as `[from, offset]` in order (the offset holds from `from` on), found
 * once with formatToParts (slow: a booking's dates would otherwise ask it several times each) and read after.
 */
const years = new Map<string, (readonly [from: number, offset: number])[]>();
const MINUTE = 60_000;

/** Milliseconds the zone is ahead of UTC at an instant (negative in the Americas). */
function offsetAt(zone: string, instant: number): number {
  let offset = NaN;
  for (const [from, value] of yearOffsets(zone, new Date(instant).getUTCFullYear())) {
    if (instant < from) break;
    offset = value;
  }
  return Number.isNaN(offset) ? computeOffset(zone, instant) : offset; // (a year before 100: Date.UTC reads it as 19xx)
}

/** The zone's offsets through `year`: its offset on 1 January, and each change, to the minute (found by halving). */
function yearOffsets(zone: string, year: number): (readonly [number, number])[] {
  const key = `${zone}|${year}`;
  const known = years.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1);
  const spans: (readonly [number, number])[] = [[start, computeOffset(zone, start)]];
  for (let month = 0; month < 12; month++) {
    const before = spans[spans.length - 1]![1];
    let [lo, hi] = [Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1)];
    const after = computeOffset(zone, hi);
    if (after === before) continue; // (zones change at most once a month)
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (computeOffset(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    spans.push([hi, after]);
  }
  if (years.size > 1_000) years.clear();
  years.set(key, spans);
  return spans;
}

function computeOffset(zone: string, instant: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  // Whole minutes (every US zone's offset is): the instant's own seconds do not leak into the offset.
  return Math.round((local - instant) / 60_000) * 60_000;
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
