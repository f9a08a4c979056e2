import { describe, expect, it } from 'vitest';
import { instantToWallClock, wallClockToInstant, zoneForState } from './time-zones';

describe('instantToWallClock', () => {
  it("reads an instant as the lot's wall clock, on both sides of a daylight-saving change", () => {
    const ny = zoneForState('NY');
    // 2026-03-08: New York moves from EST (UTC-5) to EDT (UTC-4) at 02:00 local.
    expect(instantToWallClock(new Date('2026-03-08T06:59:00Z'), ny)).toBe('2026-03-08T01:59');
    expect(instantToWallClock(new Date('2026-03-08T07:00:00Z'), ny)).toBe('2026-03-08T03:00');
    // 2026-11-01: back to EST at 02:00 EDT.
    expect(instantToWallClock(new Date('2026-11-01T05:30:00Z'), ny)).toBe('2026-11-01T01:30');
    expect(instantToWallClock(new Date('2026-11-01T06:30:00Z'), ny)).toBe('2026-11-01T01:30');
  });

  it('knows zones without daylight saving, and the date line of a late evening', () => {
    expect(instantToWallClock(new Date('2026-07-01T03:15:00Z'), zoneForState('AZ'))).toBe('2026-06-30T20:15');
    expect(instantToWallClock(new Date('2026-01-15T09:45:00Z'), zoneForState('HI'))).toBe('2026-01-14T23:45');
  });

  it('is the inverse of wallClockToInstant for every hour of a year', () => {
    const zone = zoneForState('CA');
    for (let h = 0; h < 365 * 24; h += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const wall = instantToWallClock(instant, zone);
      // The repeated hour of the autumn change maps back to one of its two instants: both read the same.
      expect(instantToWallClock(wallClockToInstant(wall, zone)!, zone)).toBe(wall);
    }
  });
});
