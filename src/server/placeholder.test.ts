// The lot illustrations: parameter validation, the lot type chosen from a lot's data, the image URLs
// served for lots without photos, and that every scene renders (resvg) at card, hero and odd sizes.
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { LOT_ART_ALT, LOT_ART_KINDS, lotArtKind, lotArtSeed, lotArtUrl, lotImageUrls, placeholderSvg, ZPlaceholderParams } from './placeholder';
import { lotArtSvg } from './modules/og/lot-art';

const size = (svg: string) => [Number(/width="(\d+)"/.exec(svg)?.[1]), Number(/height="(\d+)"/.exec(svg)?.[1])];
const title = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1];

describe('placeholder parameters', () => {
  it('clamps sizes and falls back on anything that is not a number', () => {
    expect(size(placeholderSvg('99999', '-5'))).toEqual([2000, 16]);
    expect(size(placeholderSvg('abc', '1e3x'))).toEqual([400, 300]);
    expect(size(placeholderSvg(' 400 ', '250.4'))).toEqual([400, 250]);
    expect(size(placeholderSvg(Number.NaN, Number.POSITIVE_INFINITY))).toEqual([400, 300]);
  });

  it('draws each kind, and a surface lot for a missing or unknown kind', () => {
    for (const kind of LOT_ART_KINDS) expect(title(placeholderSvg('400', '250', undefined, { kind }))).toBe(LOT_ART_ALT[kind]);
    for (const kind of [undefined, '', 'GARAGE', 'spaceport', '<script>', 'garage ']) {
      expect(title(placeholderSvg('400', '250', undefined, { kind }))).toBe(LOT_ART_ALT.surface);
    }
  });

  it('varies with the seed, is stable for one seed, and ignores seeds that are not small whole numbers', () => {
    const a = placeholderSvg('400', '250', undefined, { kind: 'garage', seed: '3' });
    expect(placeholderSvg('400', '250', undefined, { kind: 'garage', seed: '3' })).toBe(a);
    expect(placeholderSvg('400', '250', undefined, { kind: 'garage', seed: '4' })).not.toBe(a);
    const zero = placeholderSvg('400', '250', undefined, { kind: 'garage', seed: '0' });
    for (const seed of ['-1', '1e3', '9999999', 'abc', '0x10', '']) {
      expect(ZPlaceholderParams.parse({ width: '1', height: '1', seed }).seed).toBe(0);
      expect(placeholderSvg('400', '250', undefined, { kind: 'garage', seed })).toBe(zero);
    }
  });

  it('escapes the label and keeps it short', () => {
    const svg = placeholderSvg('1200', '630', `<script>alert("x")</script>&${'y'.repeat(100)}`);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)');
    expect(title(svg)!.length).toBeLessThanOrEqual(100);
  });
});

describe('the lot type of a lot', () => {
  it('is read from amenities, name and the kind of place', () => {
    expect(lotArtKind({ name: 'SkyPark MCO Valet', amenities: ['Shuttle'] })).toBe('valet');
    expect(lotArtKind({ name: 'Harbor Park', amenities: ['Valet', 'Covered'] }, 'cruise_port')).toBe('valet');
    expect(lotArtKind({ name: 'Orlando Airport Garage', amenities: ['Covered'] })).toBe('garage');
    expect(lotArtKind({ name: 'JetStream MCO Covered', amenities: [] })).toBe('covered');
    expect(lotArtKind({ name: 'Anchor Cruise Lot', amenities: ['Covered'] }, 'cruise_port')).toBe('covered');
    expect(lotArtKind({ name: 'Anchor Cruise Lot', amenities: ['Shuttle'] }, 'cruise_port')).toBe('cruise');
    expect(lotArtKind({ name: 'FlyAway MCO Economy', amenities: ['Shuttle', 'Gated'] }, 'airport')).toBe('surface');
    expect(lotArtKind({ name: 'Plain Lot', amenities: null, features: null })).toBe('surface');
  });

  it('gets photos when it has them and its illustration otherwise', () => {
    const lot = { id: 42, name: 'Airport Garage', amenities: [] };
    expect(lotImageUrls({ ...lot, imageUrls: ['https://cdn.example/a.jpg', '/api/placeholder/800/500?label=x'] })).toEqual(['https://cdn.example/a.jpg']);
    expect(lotImageUrls({ ...lot, imageUrls: ['/api/placeholder/800/500?label=Lot%20entrance&v=3'] })).toEqual(['/api/placeholder/800/500?kind=garage&seed=42']);
    expect(lotImageUrls({ ...lot, imageUrls: [] })).toEqual([lotArtUrl(lot)]);
    expect(lotImageUrls({ ...lot, imageUrls: null }, 'cruise_port')).toEqual(['/api/placeholder/800/500?kind=garage&seed=42']);
    expect(lotArtSeed({ name: 'No id', slug: 'no-id' })).toBe(lotArtSeed({ name: 'Other', slug: 'no-id' }));
  });
});

describe('the illustrations', () => {
  const sizes: [number, number][] = [
    [400, 250],
    [1200, 600],
    [520, 630],
    [96, 60],
    [16, 2000],
    [2000, 16],
  ];

  it('render with resvg at every size, cropped or whole, and use no layer opacity (resvg aborts on off-canvas layers)', () => {
    for (const kind of LOT_ART_KINDS) {
      for (const seed of [0, 1, 17, 999_999]) {
        for (const [w, h] of sizes) {
          for (const fit of ['contain', 'cover'] as const) {
            const svg = lotArtSvg(kind, w, h, { seed, fit, label: seed === 1 ? 'Lot entrance' : undefined });
            expect(svg).not.toMatch(/\sopacity=/);
            const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
            expect([png.width, png.height]).toEqual([w, h]);
          }
        }
      }
    }
  });
});

describe('captions', () => {
  it('always fit inside the picture: the pill and every line stay within the width, long ones take two lines', () => {
    const label = 'Fort Lauderdale Port Everglades cruise parking guide long';
    for (const [w, h] of [
      [1200, 630],
      [400, 210],
      [358, 188],
      [200, 120],
      [120, 80],
    ] as const) {
      const svg = placeholderSvg(String(w), String(h), label);
      const pill = /<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*fill-opacity=".94"/.exec(svg)!;
      expect(Number(pill[1]) + Number(pill[2]), `${w}x${h}`).toBeLessThanOrEqual(w);
      const lines = [...svg.matchAll(/<text x="([\d.]+)"[^>]*textLength="([\d.]+)"[^>]*>([^<]*)<\/text>/g)];
      expect(lines.map((l) => l[3]).join(' '), `${w}x${h}`).toBe(label);
      for (const l of lines) expect(Number(l[1]) + Number(l[2]), `${w}x${h}`).toBeLessThanOrEqual(w);
      if (w <= 200) expect(lines.length).toBe(2);
    }
  });
});
