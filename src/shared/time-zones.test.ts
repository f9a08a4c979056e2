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

describe('wallClockToInstant and instantToWallClock', () => {
  /** The zone's own clock at an instant, from Intl (the slow way the module asks once a year). */
  const intlWallClock = (instant: Date, zone: string) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(instant)
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  };

  it("read the zone's clock as Intl does: each quarter hour around every change of three years, and at random instants", () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'America/Anchorage'];
    const changes = ['2025-03-09T10:00:00Z', '2025-11-02T09:00:00Z', '2026-03-08T10:00:00Z', '2026-11-01T09:00:00Z', '2027-03-14T10:00:00Z', '2027-11-07T09:00:00Z'];
    for (const zone of zones) {
      for (const change of changes) {
        for (let q = -16; q <= 16; q++) {
          const instant = new Date(Date.parse(change) + q * 15 * 60_000);
          expect(instantToWallClock(instant, zone), `${zone} ${instant.toISOString()}`).toBe(intlWallClock(instant, zone));
        }
      }
      let seed = 7;
      for (let i = 0; i < 300; i++) {
        seed = (seed * 48271) % 2147483647;
        const instant = new Date(Date.UTC(2025, 0, 1) + (seed % (3 * 365 * 24 * 60)) * 60_000);
        expect(instantToWallClock(instant, zone), `${zone} ${instant.toISOString()}`).toBe(intlWallClock(instant, zone));
      }
    }
  });

  it('turn a wall-clock time on either side of the spring change into its instant', () => {
    const ny = zoneForState('NY');
    expect(wallClockToInstant('2026-03-08T01:30', ny)!.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(wallClockToInstant('2026-03-08T03:30', ny)!.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockToInstant('2026-12-31T23:59', zoneForState('HI'))!.toISOString()).toBe('2027-01-01T09:59:00.000Z');
  });
});
