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
/** Offsets by zone and UTC hour: US zones change offset only on the hour, and formatToParts is slow. */
const offsets = new Map<string, number>();
const HOUR = 3_600_000;

/** Milliseconds the zone is ahead of UTC at an instant (negative in the Americas). */
function offsetAt(zone: string, instant: number): number {
  const key = `${zone}|${Math.floor(instant / HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 20_000) offsets.clear();
  const offset = computeOffset(zone, instant);
  offsets.set(key, offset);
  return offset;
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
