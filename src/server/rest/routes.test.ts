// The REST table stays honest: every row names a real procedure, and the spec's paths are covered.
import { describe, expect, it } from 'vitest';
import { procedureExists } from './adapter';
import { restRoutes } from './routes';

describe('REST table', () => {
  it('names a real procedure in every row', () => {
    for (const row of restRoutes) expect(procedureExists(row.procedure), `${row.method} ${row.path} → ${row.procedure}`).toBe(true);
  });

  it('has no duplicate method and path', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not accept an unknown procedure', () => {
    expect(procedureExists('catalogue.nope')).toBe(false);
  });
});
