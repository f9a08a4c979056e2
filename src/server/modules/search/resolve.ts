// Free text → one location: IATA code, airport or port name, city, slug or alias, in any case, with or
// without "airport"/"cruise port", tolerant of small typos. Pure, so it is unit-tested on its own.
import { normalize } from '@/shared/place-text';

export interface ResolvableLocation {
  id: number;
  kind: 'airport' | 'cruise_port';
  code: string;
  name: string;
  shortName: string;
  city: string;
  state: string;
  slug: string;
  seoSlug: string;
  aliases: readonly string[];
}

const NOISE = /\b(airport|airports|international|intl|int'l|cruise|cruises|port|ports|terminal|terminals|parking|park|near|the|of|at|in|lot|lots)\b/g;

export { normalize };

const core = (text: string) => normalize(text).replace(NOISE, ' ').replace(/\s+/g, ' ').trim();

/** Edit distance with adjacent transpositions (optimal string alignment), stopping early above `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

function score(loc: ResolvableLocation, q: string, qCore: string): number {
  const names = [loc.name, loc.shortName, loc.city, ...loc.aliases].map(core).filter(Boolean);
  const code = loc.code.toLowerCase();
  if (qCore === code || q === code || qCore === code.replace(/-port$/, '')) return loc.kind === 'airport' ? 120 : 90;
  if (!qCore) return 0;
  let best = 0;
  for (const n of names) {
    if (n === qCore) best = Math.max(best, 100);
    else if (n.startsWith(`${qCore} `) || qCore.startsWith(`${n} `)) best = Math.max(best, 75);
    else if (qCore.length >= 4 && (` ${n} `.includes(` ${qCore} `) || ` ${qCore} `.includes(` ${n} `))) best = Math.max(best, 65);
    else if (qCore.length >= 4) {
      const allowed = qCore.length >= 8 ? 2 : 1;
      if (editDistance(n, qCore, allowed) <= allowed) best = Math.max(best, 55);
    }
  }
  return best;
}

/**
 * The best matching location, or null. "cruise"/"port" in the text favours cruise ports and "airport"
 * favours airports; otherwise airports win ties (they come first, largest first, in the catalogue).
 */
export function resolveLocation<T extends ResolvableLocation>(locations: readonly T[], text: string): T | null {
  const q = normalize(text);
  if (!q) return null;
  const slug = q.replace(/\s+/g, '-');
  const bySlug = locations.find((l) => l.code.toLowerCase() === slug || l.slug === slug || l.seoSlug === slug);
  if (bySlug) return bySlug;

  const wantsPort = /\b(cruise|port|ship|pier)\b/.test(q);
  const wantsAirport = /\b(airport|airfield|flight|fly)\b/.test(q);
  const qCore = core(text);
  let best: T | null = null;
  let bestScore = 0;
  for (const loc of locations) {
    let s = score(loc, q, qCore);
    if (s === 0) continue;
    if (wantsPort) s += loc.kind === 'cruise_port' ? 15 : -15;
    if (wantsAirport) s += loc.kind === 'airport' ? 15 : -15;
    if (!wantsPort && !wantsAirport && loc.kind === 'airport') s += 1;
    if (s > bestScore) {
      best = loc;
      bestScore = s;
    }
  }
  return bestScore >= 50 ? best : null;
}
