// The times a stay picked by its dates starts and ends (search links carry dates only, or midnight): 10:00 at
// the lot both ways, so the days billed are the days between the dates, as the search priced them. For the
// lot's today once 10:00 has passed, check-in is the next half hour at the lot instead of a time already gone.
import { parseWallClock, toWallClock } from './pricing';
import { instantToWallClock } from './time-zones';

export const DEFAULT_STAY_TIME = '10:00';
const SLOT_MS = 30 * 60_000;

/**
 * The soonest start a stay may have, from a lot-local wall-clock time: `leadMinutes` later, rounded up to the
 * half hour (on it, it stays). The one rounding rule for checkout's pre-fill and the assistant's proposals.
 */
export function soonestStart(localNow: string, leadMinutes = 0): string {
  const t = parseWallClock(localNow)! + leadMinutes * 60_000;
  return new Date(Math.ceil(t / SLOT_MS) * SLOT_MS).toISOString().slice(0, 16);
}

/** The next half hour at the lot (the current one when it is exactly on it), as 'YYYY-MM-DDTHH:mm'. */
export function nextBookableTime(zone: string, now: number): string {
  return soonestStart(instantToWallClock(new Date(now), zone).slice(0, 16));
}

/** True for a date without a time of day ('YYYY-MM-DD', or midnight as search links carry it). */
const dateOnly = (wall: string) => wall.endsWith('T00:00');

/**
 * Check-in for a stay starting on `value`: a time of day it carries is kept; a bare date gets 10:00, or on the
 * lot's today after 10:00 the next bookable half hour (which may be tomorrow's midnight). A past day keeps
 * 10:00, for the estimate to flag. Null when `value` is not a date.
 */
export function defaultArrival(value: string, zone: string, now: number): string | null {
  const wall = toWallClock(value);
  if (!wall || !dateOnly(wall)) return wall;
  const day = wall.slice(0, 10);
  const atTen = `${day}T${DEFAULT_STAY_TIME}`;
  const next = nextBookableTime(zone, now);
  const today = instantToWallClock(new Date(now), zone).slice(0, 10);
  return day === today && next > atTen ? next : atTen;
}

/** Check-out on `value`: a time of day it carries is kept; a bare date gets 10:00. Null when not a date. */
export function defaultDeparture(value: string): string | null {
  const wall = toWallClock(value);
  return wall && dateOnly(wall) ? `${wall.slice(0, 10)}T${DEFAULT_STAY_TIME}` : wall;
}

const ZONE_NAMES: Record<string, string> = {
  'America/New_York': 'Eastern Time',
  'America/Chicago': 'Central Time',
  'America/Denver': 'Mountain Time',
  'America/Phoenix': 'Arizona Time',
  'America/Los_Angeles': 'Pacific Time',
  'America/Anchorage': 'Alaska Time',
  'Pacific/Honolulu': 'Hawaii Time',
  'America/Puerto_Rico': 'Atlantic Time',
  'America/St_Thomas': 'Atlantic Time',
  'Pacific/Guam': 'Chamorro Time',
};

/** A lot's zone as travellers name it ('Eastern Time'): the same words on the server and in every browser. */
export function zoneName(zone: string): string {
  return ZONE_NAMES[zone] ?? 'local time';
}
