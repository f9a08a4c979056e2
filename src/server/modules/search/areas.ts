// Searching a name that holds several places: a US state ('florida', 'FL'), a region of the directory ('west
// coast', 'the southeast') or a part of a state people search by ('southern california', 'south florida', 'bay
// area'). Such a search is answered with a choice of the area's airports and ports, never by silently picking
// one of them. Pure, so it is unit-tested on its own (areas.test.ts).
import { US_STATES } from '@/shared/us-states';
import { normalize, resolveLocation, type ResolvableLocation } from './resolve';

export interface AreaPlace extends ResolvableLocation {
  region: string;
  latitude: number;
  longitude: number;
}

interface PartOfState {
  name: string;
  /** What people type for it, normalized. */
  terms: string[];
  contains: (p: AreaPlace) => boolean;
}

/**
 * Parts of states that people search by, drawn by coordinates so that a place added later falls in them too.
 * Southern California: south of the Tehachapi line (about 35.8° N); the Bay Area: around the bay, west of the
 * Central Valley; South Florida: the Atlantic side south of Palm Beach (not Fort Myers, which is Southwest Florida).
 */
const PARTS_OF_STATES: PartOfState[] = [
  { name: 'Southern California', terms: ['southern california', 'south california', 'socal', 'so cal'], contains: (p) => p.state === 'CA' && p.latitude < 35.8 },
  { name: 'Northern California', terms: ['northern california', 'north california', 'norcal', 'nor cal'], contains: (p) => p.state === 'CA' && p.latitude >= 35.8 },
  {
    name: 'the San Francisco Bay Area',
    terms: ['bay area', 'sf bay area', 'san francisco bay area', 'san francisco bay'],
    contains: (p) => p.state === 'CA' && p.latitude > 37.1 && p.latitude < 38.2 && p.longitude < -121.7,
  },
  { name: 'South Florida', terms: ['south florida', 'southern florida'], contains: (p) => p.state === 'FL' && p.latitude < 26.8 && p.longitude > -80.9 },
];

/** Words around an area's name that do not change which area it is ("airports in florida", "the west coast"). */
const AROUND = /\b(airports?|cruise|cruises|ports?|terminals?|parking|park|the|in|near|of|all|lots?)\b/g;

export interface Area<T> {
  /** As a sentence says it: 'Florida', 'the West Coast', 'Southern California'. */
  name: string;
  /** The words that named it, as a search for it can be written again ('florida', 'southern california'). */
  term: string;
  places: T[];
}

/**
 * The area the text names, with its places (airports first, in catalogue order; only the ports or the airports
 * when the text asks for one kind), or null when the text names no area. A state's name also takes in the
 * places that go by it ('washington' holds Seattle and the Washington, DC airports).
 */
export function findArea<T extends AreaPlace>(places: readonly T[], text: string): Area<T> | null {
  const q = normalize(text);
  const words = q.replace(AROUND, ' ').replace(/\s+/g, ' ').trim();
  if (!words) return null;
  const area = namedArea(places, words);
  if (!area) return null;
  const wantsPort = /\b(cruise|cruises|port|ports|ship|pier)\b/.test(q);
  const wantsAirport = /\b(airport|airports|flight|fly)\b/.test(q);
  const kind = wantsPort && !wantsAirport ? 'cruise_port' : wantsAirport && !wantsPort ? 'airport' : null;
  const members = places.filter((p) => area.contains(p) && (!kind || p.kind === kind));
  members.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'airport' ? -1 : 1));
  return { name: area.name, term: words, places: members };
}

function namedArea<T extends AreaPlace>(places: readonly T[], words: string): { name: string; contains: (p: T) => boolean } | null {
  const part = PARTS_OF_STATES.find((a) => a.terms.includes(words));
  if (part) return part;
  const region = [...new Set(places.map((p) => p.region))].find((r) => normalize(r) === words);
  if (region) return { name: region === 'Mountain' ? 'the Mountain West' : `the ${region}`, contains: (p) => p.region === region };
  const state = Object.entries(US_STATES).find(([, name]) => normalize(name) === words);
  if (state) {
    const [code, name] = state;
    const goesBy = (p: T) => p.aliases.some((a) => normalize(a) === words);
    return { name, contains: (p) => p.state === code || goesBy(p) };
  }
  // A state's two-letter code ('FL', 'ca'), unless a place goes by those letters ('LA' is Los Angeles).
  const code = words.toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && US_STATES[code]) {
    const taken = places.some((p) => p.code === code || [p.city, p.shortName, ...p.aliases].some((n) => normalize(n) === words));
    if (!taken) return { name: US_STATES[code], contains: (p) => p.state === code };
  }
  return null;
}

/** What a search's text stands for: one place, a choice among an area's places, or nothing found. */
export type SearchPlace<T> = { location: T | null; choices: null } | { location: null; choices: Area<T> };

/**
 * The search's reading of free text: an exact code or address wins; then an area (a state, a region, a part
 * of a state) with two or more places is a choice, with one place that place; otherwise the best single match.
 */
export function resolveSearch<T extends AreaPlace>(places: readonly T[], text: string): SearchPlace<T> {
  const q = normalize(text);
  const slug = q.replace(/\s+/g, '-');
  const exact = places.find((l) => l.code.toLowerCase() === slug || l.slug === slug || l.seoSlug === slug);
  if (exact) return { location: exact, choices: null };
  const area = findArea(places, text);
  if (area && area.places.length > 1) return { location: null, choices: area };
  if (area?.places.length === 1) return { location: area.places[0]!, choices: null };
  return { location: resolveLocation(places, text), choices: null };
}

/** Every area of the catalogue with two or more places, for the search field's suggestions. */
export function listAreas<T extends AreaPlace>(places: readonly T[]): Area<T>[] {
  const names = [
    ...PARTS_OF_STATES.map((a) => a.terms[0]!),
    ...new Set(places.map((p) => normalize(p.region))),
    ...new Set(places.map((p) => normalize(US_STATES[p.state] ?? ''))),
  ].filter(Boolean);
  return names.map((n) => findArea(places, n)).filter((a): a is Area<T> => Boolean(a && a.places.length > 1));
}
