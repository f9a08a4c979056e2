// A faked performance.now() for the tests of one file or describe block (Vitest hooks). A faked clock starts at 0:
// it is moved `pastMs` beyond the real one, so what earlier tests did on the real clock is that long ago.
import { afterEach, beforeEach, vi } from 'vitest';

export function withFakePerformanceClock(pastMs: number): void {
  beforeEach(() => {
    const now = performance.now();
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(now + pastMs);
  });
  afterEach(() => vi.useRealTimers());
}
