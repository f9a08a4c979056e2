import { describe, expect, it } from 'vitest';
import { fitMap, placePins, scaleBar } from './map-projection';

// Los Angeles International and three of its lots (north, south, east).
const LAX = { latitude: 33.9425, longitude: -118.4081 };
const LOTS = [
  { latitude: 33.9991, longitude: -118.4062 },
  { latitude: 33.9149, longitude: -118.4136 },
  { latitude: 33.9525, longitude: -118.3424 },
];
const INSETS = { top: 40, right: 30, bottom: 30, left: 30 };

describe('fitMap', () => {
  it('puts every lot and the terminal inside the frame, clear of the insets', () => {
    const { project } = fitMap(LAX, LOTS, 300, 360, INSETS);
    for (const p of [LAX, ...LOTS]) {
      const { x, y } = project(p);
      expect(x).toBeGreaterThanOrEqual(INSETS.left - 1e-9);
      expect(x).toBeLessThanOrEqual(300 - INSETS.right + 1e-9);
      expect(y).toBeGreaterThanOrEqual(INSETS.top - 1e-9);
      expect(y).toBeLessThanOrEqual(360 - INSETS.bottom + 1e-9);
    }
  });

  it('fills the limiting axis and keeps north up and east right', () => {
    const { project } = fitMap(LAX, LOTS, 300, 360, INSETS);
    const [north, south, east] = LOTS.map(project) as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    const ys = [LAX, ...LOTS].map((p) => project(p).y);
    const xs = [LAX, ...LOTS].map((p) => project(p).x);
    // Either the vertical or the horizontal extent spans the whole inner frame.
    const spanY = Math.max(...ys) - Math.min(...ys);
    const spanX = Math.max(...xs) - Math.min(...xs);
    expect(Math.max(spanY / (360 - 70), spanX / (300 - 60))).toBeCloseTo(1, 6);
    expect(north.y).toBeLessThan(south.y);
    expect(east.x).toBeGreaterThan(project(LAX).x);
  });

  it('centres the terminal when the lots surround it symmetrically', () => {
    const around = [
      { latitude: LAX.latitude + 0.02, longitude: LAX.longitude },
      { latitude: LAX.latitude - 0.02, longitude: LAX.longitude },
      { latitude: LAX.latitude, longitude: LAX.longitude + 0.03 },
      { latitude: LAX.latitude, longitude: LAX.longitude - 0.03 },
    ];
    const t = fitMap(LAX, around, 400, 300, { top: 20, right: 20, bottom: 20, left: 20 }).project(LAX);
    expect(t.x).toBeCloseTo(200, 6);
    expect(t.y).toBeCloseTo(150, 6);
  });

  it('measures pixels per mile on both axes alike, and does not zoom past the minimum span', () => {
    const oneMileNorth = { latitude: LAX.latitude + 1 / 69.05, longitude: LAX.longitude };
    const fit = fitMap(LAX, [oneMileNorth], 200, 200, { top: 0, right: 0, bottom: 0, left: 0 }, 1);
    expect(fit.pxPerMile).toBeCloseTo(200, 6);
    expect(fit.project(LAX).y - fit.project(oneMileNorth).y).toBeCloseTo(200, 6);
    // A lot 0.1 mile away: the map still spans a mile.
    const near = fitMap(LAX, [{ latitude: LAX.latitude + 0.1 / 69.05, longitude: LAX.longitude }], 200, 200, { top: 0, right: 0, bottom: 0, left: 0 }, 1);
    expect(near.pxPerMile).toBeCloseTo(200, 6);
  });

  it('handles a location without lots', () => {
    const { project, pxPerMile } = fitMap(LAX, [], 300, 200, INSETS);
    expect(Number.isFinite(pxPerMile)).toBe(true);
    expect(project(LAX)).toEqual({ x: 30 + 240 / 2, y: 40 + 130 / 2 });
  });
});

describe('scaleBar', () => {
  it('picks the longest round distance that fits', () => {
    expect(scaleBar(40, 100)).toEqual({ miles: 2, px: 80, label: '2 mi' });
    expect(scaleBar(150, 100)).toMatchObject({ miles: 0.5, label: '0.5 mi' });
    expect(scaleBar(1, 100).miles).toBe(50);
  });
});

describe('placePins', () => {
  const frame = { width: 300, height: 300 };

  it('stands a lone pin above its point', () => {
    expect(placePins([{ id: 1, x: 150, y: 150, w: 40, h: 24 }], frame, [], 6)).toEqual([{ id: 1, left: 130, top: 120, nudged: false }]);
  });

  it('moves a pin that would cover an earlier one, and keeps every pin in the frame', () => {
    const placed = placePins(
      [
        { id: 1, x: 150, y: 150, w: 40, h: 24 },
        { id: 2, x: 155, y: 152, w: 40, h: 24 },
        { id: 3, x: 5, y: 10, w: 40, h: 24 },
      ],
      frame,
    );
    const [a, b, c] = placed;
    expect(a!.nudged).toBe(false);
    expect(b!.nudged).toBe(true);
    const apart = a!.left + 40 <= b!.left || b!.left + 40 <= a!.left || a!.top + 24 <= b!.top || b!.top + 24 <= a!.top;
    expect(apart).toBe(true);
    expect(c!.left).toBeGreaterThanOrEqual(0);
    expect(c!.top).toBeGreaterThanOrEqual(0);
  });

  it('keeps pins off the keep-out areas', () => {
    const [pin] = placePins([{ id: 1, x: 150, y: 160, w: 40, h: 24 }], frame, [{ left: 130, top: 120, right: 170, bottom: 160 }]);
    expect(pin!.nudged).toBe(true);
  });
});
