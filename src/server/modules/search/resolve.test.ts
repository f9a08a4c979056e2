// Free-text location resolution against the real seed catalogue.
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@db/seed/locations';
import { editDistance, resolveLocation } from './resolve';

const catalogue = LOCATIONS.map((l, i) => ({ ...l, id: i + 1, aliases: l.aliases ?? [] }));
const find = (text: string) => resolveLocation(catalogue, text)?.code ?? null;

describe('resolveLocation', () => {
  it.each([
    ['MCO', 'MCO'],
    ['mco', 'MCO'],
    ['LAX Airport', 'LAX'],
    ['jfk', 'JFK'],
    ['orlando', 'MCO'],
    ['Orlando International Airport', 'MCO'],
    ['Miami Cruise Port', 'MIA-PORT'],
    ['miami', 'MIA'],
    ['Port Canaveral', 'PCV-PORT'],
    ['port canaveral cruise port', 'PCV-PORT'],
    ['orlando-international-airport', 'MCO'],
    ['Orlndo', 'MCO'],
    ['Galveston cruise', 'GLS-PORT'],
    ['Seattle', 'SEA'],
    ['MIA-PORT', 'MIA-PORT'],
    ['mia-port', 'MIA-PORT'],
    ['TPA-PORT', 'TPA-PORT'],
    ['seattle cruise port', 'SEA-PORT'],
  ])('%s → %s', (text, code) => {
    expect(find(text)).toBe(code);
  });

  it.each(['Nowhereville', '', '   ', 'xyz'])('finds nothing for %j', (text) => {
    expect(find(text)).toBeNull();
  });

  it('measures small typos', () => {
    expect(editDistance('orlando', 'orlndo')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });
});
