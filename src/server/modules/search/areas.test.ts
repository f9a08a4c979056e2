// States, regions and parts of states against the real seed catalogue: a choice of places, never one picked.
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@db/seed/locations';
import { findArea, listAreas, resolveSearch } from './areas';

const catalogue = LOCATIONS.map((l, i) => ({ ...l, id: i + 1 }));
const choice = (text: string) => {
  const r = resolveSearch(catalogue, text);
  return r.choices ? { area: r.choices.name, codes: r.choices.places.map((p) => p.code) } : null;
};
const place = (text: string) => resolveSearch(catalogue, text).location?.code ?? null;

describe('resolveSearch', () => {
  it('offers a state’s airports and ports, airports first, by its name or code', () => {
    const florida = choice('florida')!;
    expect(florida.area).toBe('Florida');
    expect(florida.codes).toEqual(['MCO', 'MIA', 'FLL', 'TPA', 'RSW', 'JAX', 'MIA-PORT', 'PCV-PORT', 'PEV-PORT', 'TPA-PORT', 'JAX-PORT']);
    expect(choice('FL')).toEqual(florida);
    expect(choice('Florida airports')!.codes).toEqual(['MCO', 'MIA', 'FLL', 'TPA', 'RSW', 'JAX']);
    expect(choice('cruise ports in florida')!.codes).toEqual(['MIA-PORT', 'PCV-PORT', 'PEV-PORT', 'TPA-PORT', 'JAX-PORT']);
  });

  it('offers the parts of states people search by, drawn by coordinates', () => {
    expect(choice('southern california')).toEqual({ area: 'Southern California', codes: ['LAX', 'SAN', 'SNA', 'LA-PORT', 'LGB-PORT', 'SAN-PORT'] });
    expect(choice('SoCal')!.area).toBe('Southern California');
    expect(choice('northern california')!.codes).toEqual(['SFO', 'SMF', 'SJC', 'OAK', 'SF-PORT']);
    expect(choice('bay area')!.codes).toEqual(['SFO', 'SJC', 'OAK', 'SF-PORT']);
    expect(choice('south florida')!.codes).toEqual(['MIA', 'FLL', 'MIA-PORT', 'PEV-PORT']);
  });

  it('offers a region of the directory', () => {
    expect(choice('the west coast')!.area).toBe('the West Coast');
    expect(choice('Mid-Atlantic')!.codes).toEqual(['BWI', 'DCA', 'IAD', 'BAL-PORT']);
  });

  it('takes in the places that go by a state’s name', () => {
    expect(choice('washington')!.codes).toEqual(['SEA', 'BWI', 'DCA', 'IAD', 'SEA-PORT']);
    expect(choice('new york')!.codes).toEqual(['JFK', 'EWR', 'LGA', 'NYC-PORT', 'BKN-PORT']);
  });

  it('goes straight to the place when the area holds only one, or the text names one place', () => {
    expect(place('colorado')).toBe('DEN');
    expect(place('georgia')).toBe('ATL');
    expect(place('LA')).toBe('LAX'); // Los Angeles, not Louisiana
    expect(place('MCO')).toBe('MCO');
    expect(place('orlando')).toBe('MCO');
    expect(place('washington dc')).toBe('DCA');
    expect(choice('orlando')).toBeNull();
  });

  it('finds nothing for a state without places', () => {
    expect(resolveSearch(catalogue, 'wyoming')).toEqual({ location: null, choices: null });
  });
});

describe('listAreas', () => {
  it('lists each area with two or more places once', () => {
    const areas = listAreas(catalogue);
    const names = areas.map((a) => a.name);
    expect(names).toContain('Florida');
    expect(names).toContain('Southern California');
    expect(names).toContain('the Southeast');
    expect(names).not.toContain('Georgia');
    expect(new Set(names).size).toBe(names.length);
    expect(areas.every((a) => a.places.length > 1)).toBe(true);
    expect(findArea(catalogue, 'nowhere')).toBeNull();
  });
});
