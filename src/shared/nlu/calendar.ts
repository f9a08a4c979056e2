// Calendar arithmetic for the date parser: days are UTC-midnight timestamps of calendar dates (no time zone
// maths after "today" has been read in US Eastern time).

export const DAY_MS = 86_400_000;
export const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
export const valid = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= 31 && new Date(utc(y, m, d)).getUTCDate() === d;
export const addDays = (t: number, days: number) => t + days * DAY_MS;
export const yearOf = (t: number) => new Date(t).getUTCFullYear();
export const weekdayOf = (t: number) => new Date(t).getUTCDay();

/** Today's date (midnight UTC of the US Eastern calendar day). */
export function todayIn(now: Date, zone = 'America/New_York'): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now).map((x) => [x.type, x.value]),
  );
  return utc(Number(p.year), Number(p.month), Number(p.day));
}

/** The next given weekday strictly after `from` (or `from` itself when allowToday). */
export function nextWeekday(from: number, index: number, allowToday: boolean): number {
  let ahead = (index - weekdayOf(from) + 7) % 7;
  if (ahead === 0 && !allowToday) ahead = 7;
  return addDays(from, ahead);
}

/** A month/day without a year: this year, or next year once it has passed. */
export function upcoming(month: number, day: number, year: number | undefined, today: number): number | null {
  const y = year ?? yearOf(today);
  if (!valid(y, month, day)) return null;
  const t = utc(y, month, day);
  if (year === undefined && t < today) return valid(y + 1, month, day) ? utc(y + 1, month, day) : null;
  return t;
}

/**
 * "The 12th" with no month: the first such day on or after `from`, skipping months that are too short
 * (the 31st after Feb 15 is Mar 31).
 */
export function nextDayOfMonth(day: number, from: number): number | null {
  if (day < 1 || day > 31) return null;
  const start = new Date(from);
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth() + 1;
  for (let i = 0; i < 14; i++) {
    if (valid(y, m, day) && utc(y, m, day) >= from) return utc(y, m, day);
    if (++m > 12) [m, y] = [1, y + 1];
  }
  return null;
}

/** The n-th (1-based) given weekday of a month, or the last one when n is -1. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n === -1) {
    const last = utc(year, month + 1, 0);
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = utc(year, month, 1);
  return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
}

/** Easter Sunday (Gregorian computus). */
export function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}
