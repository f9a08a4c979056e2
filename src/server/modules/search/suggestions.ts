// What the search field suggests while a traveller types: every place with the words it is found by (name,
// city, code, state, aliases, the areas it lies in) and the areas that hold several places. Fetched once when
// the field is first focused, so none of it is in a page's first download; worked out once per catalogue version.
import type { DB } from '../../db/client';
import { catalogueSnapshot, type CatalogueSnapshot } from '../catalogue/snapshot';
import { normalize } from '@/shared/place-text';
import { US_STATES } from '@/shared/us-states';
import { listAreas } from './areas';

const built = new WeakMap<CatalogueSnapshot, ReturnType<typeof build>>();

export async function placeSuggestions(db: DB) {
  const snapshot = await catalogueSnapshot(db);
  let answer = built.get(snapshot);
  if (!answer) built.set(snapshot, (answer = build(snapshot)));
  return answer;
}

function build({ locations }: CatalogueSnapshot) {
  const areas = listAreas(locations);
  const areaNames = new Map<number, string[]>();
  for (const a of areas) for (const p of a.places) areaNames.set(p.id, [...(areaNames.get(p.id) ?? []), a.name]);
  return {
    places: locations.map((l) => ({
      code: l.code,
      name: l.name,
      kind: l.kind,
      city: l.city,
      state: l.state,
      words: normalize([l.name, l.shortName, l.city, l.code, l.state, US_STATES[l.state] ?? '', ...l.aliases, ...(areaNames.get(l.id) ?? [])].join(' ')),
    })),
    areas: areas.map((a) => ({
      name: a.name,
      term: a.term,
      airports: a.places.filter((p) => p.kind === 'airport').length,
      ports: a.places.filter((p) => p.kind === 'cruise_port').length,
    })),
  };
}
