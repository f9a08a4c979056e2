// Lots without photos are shown with the illustration of their type: the search results and the lot
// page carry /api/placeholder URLs with a kind and seed, and that URL answers the matching SVG for a year.
import { afterAll, describe, expect, it } from 'vitest';
import { LOT_ART_ALT, LOT_ART_KINDS } from '@/server/placeholder';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const ART_URL = /^\/api\/placeholder\/800\/500\?kind=(surface|garage|covered|valet|cruise)&seed=\d+$/;
const kindOf = (url: string) => new URLSearchParams(url.split('?')[1]).get('kind');

describe('lot illustrations', () => {
  it('are the images of lots without photos, chosen by lot type', async () => {
    const kinds = new Set<string>();
    for (const place of ['MCO', 'LAX', 'Port Canaveral', 'Miami Cruise Port', 'ORD']) {
      const { providers } = await (await t.request(`/api/search?location=${encodeURIComponent(place)}`)).json();
      for (const p of providers as { name: string; amenities: string[]; imageUrls: string[] }[]) {
        expect(p.imageUrls).toHaveLength(1);
        expect(p.imageUrls[0]).toMatch(ART_URL);
        const kind = kindOf(p.imageUrls[0]!)!;
        kinds.add(kind);
        if (p.amenities.includes('Valet')) expect(kind).toBe('valet');
        else if (/garage/i.test(p.name)) expect(kind).toBe('garage');
        else if (p.amenities.includes('Covered')) expect(kind).toBe('covered');
      }
    }
    expect([...kinds].sort()).toEqual([...LOT_ART_KINDS].sort());
  });

  it('are the same on the lot page as in the results', async () => {
    const { providers } = await (await t.request('/api/search?location=MCO')).json();
    const { slug, imageUrls } = providers[0];
    const trpc = await (await t.request(`/api/trpc/catalogue.getProvider?input=${encodeURIComponent(JSON.stringify({ json: { slug } }))}`)).json();
    expect(trpc.result.data.json.imageUrls).toEqual(imageUrls);
  });

  it('are served as SVG at the URL, cached for a year, with the kind as the accessible name', async () => {
    for (const kind of LOT_ART_KINDS) {
      const res = await t.request(`/api/placeholder/400/250?kind=${kind}&seed=7`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const svg = await res.text();
      expect(svg).toContain('width="400"');
      expect(svg).toContain(`<title>${LOT_ART_ALT[kind]}</title>`);
    }
  });

  it('validate every parameter: unknown kinds draw a surface lot, odd input never fails', async () => {
    // A malformed path names nothing (the app answers 404); malformed or odd query values are validated.
    expect((await t.request('/api/placeholder/abc/%FF?kind=%FF')).status).toBeLessThan(500);
    const odd = [
      '/api/placeholder/abc/def?kind=%FF&seed=-1',
      '/api/placeholder/1e9/0?kind=spaceport&seed=99999999999',
      `/api/placeholder/400/250?kind=${'x'.repeat(3000)}&seed=%&label=${'%E0%A4%A'.repeat(50)}`,
    ];
    for (const path of odd) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const svg = await res.text();
      expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"<]+">/);
      // No label: the (surface lot) illustration names itself.
      if (!path.includes('label=')) expect(svg).toContain(`<title>${LOT_ART_ALT.surface}</title>`);
    }
    const unknown = await (await t.request('/api/placeholder/400/250?kind=spaceport')).text();
    expect(unknown).toContain(`<title>${LOT_ART_ALT.surface}</title>`);
  });
});
