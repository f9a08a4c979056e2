// Wall-clock times of a stay ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm', lot-local): parsed with UTC arithmetic, so no
// zone drifts them. Kept apart from pricing.ts so the first page's code can check a date without the money code.

/** Parses 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' as a wall-clock time (UTC-based arithmetic, no zone drift). */
export function parseWallClock(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const check = new Date(t);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59) return null;
  return t;
}

/** Normalises 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' to 'YYYY-MM-DDTHH:mm' (comparable as text); null when invalid. */
export function toWallClock(value: string): string | null {
  const t = parseWallClock(value);
  return t === null ? null : new Date(t).toISOString().slice(0, 16);
}

/** 'YYYY-MM-DD' of a day offset from today (UTC), for default search windows. */
export function dayFromToday(offset: number, now = Date.now()): string {
  return new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
}
