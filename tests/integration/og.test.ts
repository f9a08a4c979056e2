// Social cards: GET /og/home.png and /og/{location|lot|post}/{slug}.png answer PNG 1200x630 with a day's
// caching and a content ETag, 404 for slugs that name nothing, never a 5xx for odd input; every public
// page's head points at its card with an absolute URL, and private pages carry none.
import { cents } from '@/shared/money';
import { eq } from 'drizzle-orm';
import { bumpContentVersion } from '@/server/content-version';
import { afterAll, describe, expect, it } from 'vitest';
import { parkingProviders } from '@/server/db/schema';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the IHDR chunk, which must come first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function card(path: string, init?: RequestInit) {
  const res = await t.request(path, init);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function samples() {
  const search = await (await t.request('/api/search?location=MCO')).json();
  const posts = await (await t.request('/api/blog/featured')).json();
  return { lot: search.providers[0] as { id: number; slug: string }, post: posts[0] as { slug: string } };
}

const metas = (html: string) => Object.fromEntries([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));

describe('GET /og/...', () => {
  it('renders every kind as a PNG of 1200x630, cached for a day', async () => {
    const { lot, post } = await samples();
    for (const path of [
      '/og/home.png',
      '/og/location/orlando-fl-mco-airport-parking.png',
      '/og/location/port-canaveral-cruise-port.png',
      `/og/lot/${lot.slug}.png`,
      `/og/post/${post.slug}.png`,
    ]) {
      const { res, bytes } = await card(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('etag')).toMatch(/^"og-[\w-]+"$/);
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      expect(bytes.length).toBeGreaterThan(20_000); // a drawn card, not an empty canvas
    }
  });

  it('answers a known ETag with 304 and serves the same bytes from the cache', async () => {
    const first = await card('/og/location/mco.png');
    const etag = first.res.headers.get('etag')!;
    const again = await card('/og/location/mco.png');
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const revalidated = await t.request('/og/location/mco.png', { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('draws a new card when the content changes', async () => {
    const { lot } = await samples();
    const before = await card(`/og/lot/${lot.slug}.png`);
    const [row] = await t.db.select({ price: parkingProviders.priceCents }).from(parkingProviders).where(eq(parkingProviders.id, lot.id));
    await t.db
      .update(parkingProviders)
      .set({ priceCents: cents(row!.price + 300) })
      .where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const after = await card(`/og/lot/${lot.slug}.png`);
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(false);
    const stale = await t.request(`/og/lot/${lot.slug}.png`, { headers: { 'If-None-Match': before.res.headers.get('etag')! } });
    expect(stale.status).toBe(200);
  });

  it('answers 404 for unknown slugs and kinds', async () => {
    for (const path of [
      '/og/lot/zz-no-such-lot.png',
      '/og/location/zz-no-such-place.png',
      '/og/post/zz-no-such-post.png',
      '/og/user/1.png',
      '/og/lot/zz-no-such-lot',
      '/og/lot/.png',
      '/og/lot/1.png',
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it('never answers 5xx to hostile input', async () => {
    const paths = [
      '/og/lot/%FF.png',
      '/og/lot/%E0%A4%A.png',
      '/og/%FF/x.png',
      '/og/post/%00.png',
      '/og/location/..%2F..%2Fetc%2Fpasswd.png',
      '/og/lot/a%20b.png',
      '/og/lot/x.png.png',
      `/og/lot/${'a'.repeat(5000)}.png`,
      `/og/location/${'%F0%9F%9A%97'.repeat(200)}.png`,
      '/og/lot/<script>.png',
      '/og/home.png?kind=%FF&slug=../../x',
      '/og/lot/x.png?__proto__=1',
    ];
    for (const path of paths) {
      const res = await t.request(path);
      expect(res.status, path).toBeLessThan(500);
      if (path.startsWith('/og/home.png')) expect(res.status).toBe(200);
      else expect(res.status, path).toBe(404);
    }
  });
});

describe('page heads', () => {
  it('give every public page its card: absolute og:image with size and alt, Twitter large image, site name, locale', async () => {
    const { lot, post } = await samples();
    const pages: [string, string][] = [
      ['/', '/og/home.png'],
      ['/orlando-fl-mco-airport-parking', '/og/location/orlando-fl-mco-airport-parking.png'],
      ['/locations/port-canaveral-cruise-port', '/og/location/'],
      [`/provider/${lot.slug}`, `/og/lot/${lot.slug}.png`],
      [`/blog/${post.slug}`, `/og/post/${post.slug}.png`],
      ['/locations', '/og/home.png'],
      ['/blog', '/og/home.png'],
      ['/how-it-works', '/og/home.png'],
    ];
    for (const [path, image] of pages) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const m = metas(await res.text());
      expect(m['og:image'], path).toMatch(new RegExp(`^${TEST_ORIGIN}${image.replace(/[.]/g, '\\.')}`));
      expect(m['og:image:width']).toBe('1200');
      expect(m['og:image:height']).toBe('630');
      expect(m['og:image:alt']!.length, path).toBeGreaterThan(10);
      expect(m['twitter:card']).toBe('summary_large_image');
      expect(m['twitter:image']).toBe(m['og:image']);
      expect(m['og:site_name']).toBe('ParkPilot');
      expect(m['og:locale']).toBe('en_US');
      // The URL in the head serves the card.
      const { res: img, bytes } = await card(m['og:image']!.slice(TEST_ORIGIN.length));
      expect(img.status, m['og:image']).toBe(200);
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    }
  });

  it('give private and not-found pages no image', async () => {
    for (const path of ['/booking', '/account-settings', '/thank-you', '/zz-not-a-real-place-parking', '/provider/zz-no-such-lot']) {
      const m = metas(await (await t.request(path)).text());
      expect(m['og:image'], path).toBeUndefined();
      expect(m['twitter:card']).toBe('summary');
      expect(m['og:site_name']).toBe('ParkPilot');
    }
  });
});
