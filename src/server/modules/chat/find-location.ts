// A location mentioned anywhere in a sentence: "parking at LAX", "near lax", "the Miami cruise port",
// "flying out of Orlando next week", "parking in orlnado" (typos go through the search resolver), and a code in
// lower case when it opens the message or follows "about" ("bos for a week", "how about jfk?").
import { normalize, resolveLocation, type ResolvableLocation } from '../search/resolve';

/** Lower-case codes that are also English words are only codes when written in capitals. */
const WORDLIKE_CODES = new Set(['sea', 'den', 'san', 'sat', 'oak', 'ind', 'aus', 'dal', 'can', 'all', 'pit']);
const PREPOSITION = '(?:at|near|in|from|to|for|around|by|into|out of|outside|leaving|flying)';
const STOP_AFTER = /\s+(?:from|on|for|to|next|this|tomorrow|today|tonight|until|till|between|and|with|please|starting|leaving|departing|arriving|in|\d).*$/;

export function findLocationInText<T extends ResolvableLocation>(locations: readonly T[], text: string): T | null {
  const q = ` ${normalize(text)} `;
  if (!q.trim()) return null;
  const wantsPort = /\b(cruise|cruises|port|ship|sailing|sail|pier)\b/.test(q);
  const wantsAirport = /\b(airport|flight|fly|flying|plane)\b/.test(q);

  let best: T | null = null;
  let bestScore = 0;
  for (const loc of locations) {
    let score = 0;
    const phrases = new Set([loc.name, loc.shortName, loc.city, ...loc.aliases].map(normalize).filter((p) => p.length >= 3));
    for (const p of phrases) if (q.includes(` ${p} `)) score = Math.max(score, p.length * 2);
    const code = loc.code.replace(/-PORT$/, '');
    if (loc.kind === 'airport') {
      if (new RegExp(`(^|[^A-Za-z])${code}([^A-Za-z]|$)`).test(text)) score = Math.max(score, 24);
      else if (!WORDLIKE_CODES.has(code.toLowerCase())) {
        const lc = code.toLowerCase();
        if (
          new RegExp(`\\b${PREPOSITION}\\s+(the\\s+)?${lc}\\b`).test(q) ||
          new RegExp(`^ (?:(?:and|or|so|ok|okay|what|how)\\s+)*(?:about\\s+)?${lc}\\b|\\babout\\s+${lc}\\b`).test(q)
        )
          score = Math.max(score, 22);
      }
    }
    if (!score) continue;
    if (wantsPort) score += loc.kind === 'cruise_port' ? 15 : -15;
    if (wantsAirport) score += loc.kind === 'airport' ? 15 : -15;
    if (!wantsPort && !wantsAirport && loc.kind === 'airport') score += 1;
    if (score > bestScore) {
      best = loc;
      bestScore = score;
    }
  }
  if (best) return best;

  // Typos: try the words after "at", "near", "in"... with the search's fuzzy resolver.
  for (const m of q.matchAll(new RegExp(`\\b${PREPOSITION}\\s+(?:the\\s+)?([a-z][a-z ]{2,40})`, 'g'))) {
    const candidate = m[1]!.replace(STOP_AFTER, '').trim();
    if (candidate.length < 3) continue;
    const found = resolveLocation(locations, candidate);
    if (found) return found;
  }
  return null;
}
