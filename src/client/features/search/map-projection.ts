// Geometry of the results map (plain functions, no React): project lots around a terminal into a frame,
// pick a round scale distance, and place price pins so that they overlap as little as possible.

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = 69.05;

export interface MapFit {
  /** Pixel position of a coordinate inside the frame (y grows southwards). */
  project: (p: LatLng) => Point;
  pxPerMile: number;
}

/**
 * Fits the terminal and its lots into a width × height frame, keeping `insets` free at each edge (room for
 * the pins, which stand above their point, and the terminal's label below it). Equirectangular around the
 * terminal: at the scale of a few miles the distortion is invisible. The box of all points is centred, so
 * the terminal sits in the middle when the lots surround it and the space is not wasted when they do not.
 * A span below `minSpanMiles` is widened around the same centre, so one lot next door does not zoom to
 * street level.
 */
export function fitMap(center: LatLng, points: LatLng[], width: number, height: number, insets: Insets, minSpanMiles = 1): MapFit {
  const k = Math.cos((center.latitude * Math.PI) / 180);
  // Miles east and north of the terminal.
  const miles = (p: LatLng) => ({ e: (p.longitude - center.longitude) * k * MILES_PER_DEGREE, n: (p.latitude - center.latitude) * MILES_PER_DEGREE });
  const all = [{ e: 0, n: 0 }, ...points.map(miles)];
  const minE = Math.min(...all.map((p) => p.e));
  const maxE = Math.max(...all.map((p) => p.e));
  const minN = Math.min(...all.map((p) => p.n));
  const maxN = Math.max(...all.map((p) => p.n));
  const midE = (minE + maxE) / 2;
  const midN = (minN + maxN) / 2;
  const innerW = Math.max(1, width - insets.left - insets.right);
  const innerH = Math.max(1, height - insets.top - insets.bottom);
  const pxPerMile = Math.min(innerW / Math.max(maxE - minE, minSpanMiles), innerH / Math.max(maxN - minN, minSpanMiles));
  const cx = insets.left + innerW / 2;
  const cy = insets.top + innerH / 2;
  return {
    pxPerMile,
    project: (p) => {
      const m = miles(p);
      return { x: cx + (m.e - midE) * pxPerMile, y: cy - (m.n - midN) * pxPerMile };
    },
  };
}

const NICE_MILES = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 50];

/** The longest round distance whose bar fits in `maxPx` (at least the shortest one), for the scale hint. */
export function scaleBar(pxPerMile: number, maxPx: number): { miles: number; px: number; label: string } {
  const miles = [...NICE_MILES].reverse().find((m) => m * pxPerMile <= maxPx) ?? NICE_MILES[0]!;
  return { miles, px: miles * pxPerMile, label: `${miles} mi` };
}

export interface PinBox {
  id: number;
  /** The lot's projected point: the pin's tail points at it. */
  x: number;
  y: number;
  /** The pin's size in pixels (its tail below it is `tail` long). */
  w: number;
  h: number;
}

export interface PlacedPin {
  id: number;
  /** Top-left corner of the pin. */
  left: number;
  top: number;
  /** True when the pin was moved off its point to avoid another one (draw a leader line). */
  nudged: boolean;
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Places each pin (in priority order: earlier pins keep their spot) above its point, or when that spot is
 * taken, at the nearest free spot around it; a pin with no free spot nearby stays on its point, overlapping.
 * `keepOut` are areas no pin should cover (the terminal marker); pins stay within the frame.
 */
export function placePins(pins: PinBox[], frame: { width: number; height: number }, keepOut: Rect[] = [], tail = 6, gap = 2): PlacedPin[] {
  const taken: Rect[] = [...keepOut];
  const place = (pin: PinBox, left: number, top: number, home: { left: number; top: number }): PlacedPin => {
    taken.push({ left, top, right: left + pin.w, bottom: top + pin.h });
    return { id: pin.id, left, top, nudged: Math.abs(left - home.left) > 0.5 || Math.abs(top - home.top) > 0.5 };
  };
  return pins.map((pin) => {
    const home = { left: pin.x - pin.w / 2, top: pin.y - pin.h - tail };
    const stepY = pin.h + gap;
    const stepX = pin.w / 2 + gap;
    const offsets: [number, number][] = [[0, 0]];
    for (let ring = 1; ring <= 2; ring++) {
      offsets.push(
        [0, -ring * stepY],
        [ring * stepX, 0],
        [-ring * stepX, 0],
        [0, ring * stepY + tail],
        [ring * stepX, -ring * stepY],
        [-ring * stepX, -ring * stepY],
        [ring * stepX, ring * stepY],
        [-ring * stepX, ring * stepY],
      );
    }
    for (const [dx, dy] of offsets) {
      const left = clamp(home.left + dx, 0, frame.width - pin.w);
      const top = clamp(home.top + dy, 0, frame.height - pin.h);
      const rect = { left, top, right: left + pin.w, bottom: top + pin.h };
      if (taken.every((t) => !overlaps(t, rect))) return place(pin, left, top, home);
    }
    return place(pin, clamp(home.left, 0, frame.width - pin.w), clamp(home.top, 0, frame.height - pin.h), home);
  });
}

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));
