// The directory's text search: states by name or code find exactly that state's airports and ports.
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@db/seed/locations';
import { filterDirectory } from './directory';

const codes = (q: string) =>
  filterDirectory(LOCATIONS, { q })
    .map((l) => l.code)
    .sort();
const inState = (state: string) =>
  LOCATIONS.filter((l) => l.state === state)
    .map((l) => l.code)
    .sort();

describe('directory search', () => {
  it.each([
    ['florida', 'FL'],
    ['Florida', 'FL'],
    ['FL', 'FL'],
    ['fl', 'FL'],
    ['Texas', 'TX'],
    ['california', 'CA'],
    ['CA', 'CA'],
    ['new york', 'NY'],
    ['Hawaii', 'HI'],
  ])('"%s" finds every airport and port in %s and nothing else', (q, state) => {
    expect(inState(state).length).toBeGreaterThan(0);
    expect(codes(q)).toEqual(inState(state));
  });

  it('still finds by name, city, code and partial state name', () => {
    expect(codes('MCO')).toEqual(['MCO']);
    expect(codes('orlando')).toContain('MCO');
    expect(codes('galveston')).toEqual(['GLS-PORT']);
    expect(codes('flori')).toEqual(inState('FL'));
    expect(codes('nowhere')).toEqual([]);
  });
});
