// The search field's suggestions for what is typed: the areas (a state, a region, a part of a state) that hold
// several places, then the places, best match first. Loaded with the places' data when the field is first
// focused, so neither is part of a page's first download.
import { normalize } from '@/shared/place-text';
import type { RouterOutputs } from '@/client/lib/trpc';

export type PlaceData = RouterOutputs['search']['places'];

export interface PlaceOption {
  key: string;
  kind: 'airport' | 'cruise_port' | 'area';
  label: string;
  detail: string;
  /** What the search is made with when this option is picked: a place's code, an area's words. */
  value: string;
}

const MAX_OPTIONS = 8;
const MAX_AREAS = 2;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** Every word of the query begins a word of the text ('sou cal' finds 'southern california'). */
const wordsStart = (text: string, tokens: string[]) => tokens.every((t) => text.startsWith(t) || text.includes(` ${t}`));

export function suggest(data: PlaceData, typed: string): PlaceOption[] {
  const q = normalize(typed);
  if (!q) return [];
  const tokens = q.split(' ');

  // An area whose name begins with the text first ('flo': Florida before South Florida).
  const begins = (name: string) => normalize(name).replace(/^the /, '').startsWith(q);
  const areas = data.areas
    .filter((a) => q.length >= 2 && (wordsStart(normalize(a.name), tokens) || a.term.startsWith(q)))
    .sort((a, b) => Number(begins(b.name)) - Number(begins(a.name)))
    .slice(0, MAX_AREAS)
    .map((a): PlaceOption => {
      const held = [a.airports && count(a.airports, 'airport'), a.ports && count(a.ports, 'cruise port')].filter(Boolean).join(' and ');
      return { key: `area:${a.term}`, kind: 'area', label: a.name.charAt(0).toUpperCase() + a.name.slice(1), detail: `${held}: choose one`, value: a.term };
    });

  const scored = data.places
    .map((p, index) => {
      const code = p.code.toLowerCase();
      const score =
        q === code || q === code.replace(/-port$/, '')
          ? 4
          : normalize(p.name).startsWith(q) || normalize(p.city).startsWith(q)
            ? 3
            : p.words.startsWith(q) || p.words.includes(` ${q}`)
              ? 2
              : wordsStart(p.words, tokens)
                ? 1
                : 0;
      return { p, index, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);

  const places = scored.slice(0, MAX_OPTIONS - areas.length).map(({ p }): PlaceOption => ({
    key: p.code,
    kind: p.kind,
    label: p.name,
    detail: p.kind === 'airport' ? `${p.code} · ${p.city}, ${p.state}` : `Cruise port · ${p.city}, ${p.state}`,
    value: p.code,
  }));
  return [...areas, ...places];
}
