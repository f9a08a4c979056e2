// The results-list filters and sort a message asks for ("cheapest covered lot", "closest with valet", "best
// rated, no shuttle needed"), in the search page's own vocabulary (search-options.ts), so the assistant's
// reply and the results list agree.
import { AMENITY_FILTERS, SORTS, type TAmenityFilter } from '../search-options';
import { INTENT_PATTERNS, type Intent } from './intents';

export type TSort = (typeof SORTS)[number];

/** Intents that are amenity filters of the results page. */
export const AMENITY_INTENTS: Partial<Record<Intent, TAmenityFilter>> = { shuttle: 'shuttle', covered: 'covered', valet: 'valet', ev: 'ev', open_24_7: '24/7' };

const SORT_PATTERNS: Record<TSort, RegExp> = {
  price:
    /\b(cheap|cheapest|cheaper|lowest|least expensive|less expensive|inexpensive|budget|affordable|bargain|best (price|prices|deal|deals|value|rate|rates)|good (value|deal)|low cost|save money|by price|price order|lowest price first)\b/,
  distance: INTENT_PATTERNS.closest,
  rating: INTENT_PATTERNS.rating,
};

/** "I don't need valet", "no shuttle", "without EV charging": the filter is not wanted. */
const NEGATION = /\b(no|not|without|don'?t|do not|doesn'?t|does not|never mind|except|skip|other than|no need for)\b[^.,;!?]{0,25}$/;

/** Words that drop the filters remembered from the last search ("show me all lots"). */
export const CLEAR_FILTERS =
  /\b(all (the )?(lots|options|parking)|any lot|every lot|no filters?|clear (the )?filters?|without (any )?filters?|remove (the )?filters?|show (me )?everything|reset)\b/i;

const lower = (text: string) => text.toLowerCase().replace(/[’‘`]/g, "'");

function firstUnnegated(re: RegExp, text: string): number | null {
  const global = new RegExp(re.source, 'g');
  for (const m of text.matchAll(global)) {
    if (!NEGATION.test(text.slice(Math.max(0, m.index - 40), m.index))) return m.index;
  }
  return null;
}

/** The amenity filters asked for, in the results page's order. */
export function amenitiesIn(text: string): TAmenityFilter[] {
  const t = lower(text);
  const found = new Set<TAmenityFilter>();
  for (const [intent, amenity] of Object.entries(AMENITY_INTENTS) as [Intent, TAmenityFilter][]) {
    if (firstUnnegated(INTENT_PATTERNS[intent], t) !== null) found.add(amenity);
  }
  return (Object.keys(AMENITY_FILTERS) as TAmenityFilter[]).filter((a) => found.has(a));
}

/** The sort asked for: the first one mentioned wins ("closest, and cheap if possible" sorts by distance). */
export function sortIn(text: string): TSort | null {
  const t = lower(text);
  let best: { sort: TSort; at: number } | null = null;
  for (const sort of SORTS) {
    const at = firstUnnegated(SORT_PATTERNS[sort], t);
    if (at !== null && (!best || at < best.at)) best = { sort, at };
  }
  return best?.sort ?? null;
}
