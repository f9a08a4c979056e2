// Shared search results: kept per catalogue snapshot for SEARCH_TTL_MS, dropped by a change of spaces here, and
// not kept while such a change may still be committing.
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import { noteInventoryChange, SEARCH_TTL_MS, SharedResults, stamp } from './shared-results';
import { withFakePerformanceClock } from '../../../../tests/support/clock';

const catalogue = () => ({}) as CatalogueSnapshot;

describe('SharedResults', () => {
  // Past the quiet time of any change made before.
  withFakePerformanceClock(10_000);

  it('keeps a result for its catalogue until SEARCH_TTL_MS has passed', () => {
    const shared = new SharedResults<string>();
    const [one, two] = [catalogue(), catalogue()];
    shared.set(one, 'k', 'answer', stamp());
    expect(shared.get(one, 'k')).toBe('answer');
    expect(shared.get(two, 'k')).toBeUndefined();
    vi.advanceTimersByTime(SEARCH_TTL_MS - 1);
    expect(shared.get(one, 'k')).toBe('answer');
    vi.advanceTimersByTime(1);
    expect(shared.get(one, 'k')).toBeUndefined();
  });

  it('drops every result when spaces change here, and keeps none computed across the change', () => {
    const shared = new SharedResults<string>();
    const c = catalogue();
    shared.set(c, 'k', 'before', stamp());
    const started = stamp();
    noteInventoryChange();
    expect(shared.get(c, 'k')).toBeUndefined();
    shared.set(c, 'k', 'computed across the change', started);
    expect(shared.get(c, 'k')).toBeUndefined();
  });

  it('keeps nothing for a second after a change (it may not be committed yet), then keeps again', () => {
    const shared = new SharedResults<string>();
    const c = catalogue();
    noteInventoryChange();
    vi.advanceTimersByTime(500);
    shared.set(c, 'k', 'maybe stale', stamp());
    expect(shared.get(c, 'k')).toBeUndefined();
    vi.advanceTimersByTime(500);
    shared.set(c, 'k', 'fresh', stamp());
    expect(shared.get(c, 'k')).toBe('fresh');
  });
});
