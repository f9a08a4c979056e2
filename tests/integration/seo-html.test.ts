// The first response (no JavaScript) of each public page kind holds its title, h1, description, canonical
// link, Open Graph tags and structured data; unknown slugs answer 404.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

const t = createTestApp();
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.request(path);
  return { status: res.status, html: await res.text() };
}
const jsonLdTypes = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!)['@type'] as string);

describe('server-rendered HTML', () => {
  it.each([
    ['/', 'Organization', /Airport and cruise parking/],
    ['/orlando-fl-mco-airport-parking', 'BreadcrumbList', /Orlando International Airport Parking/],
    ['/locations/port-canaveral-cruise-port', 'BreadcrumbList', /Port Canaveral Parking/],
  ])('%s has title, h1, description, canonical, og and %s', async (path, type, h1) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1.source}`));
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:3999\/[^"]*">/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(jsonLdTypes(html)).toContain(type);
  });

  it('a lot page carries ParkingFacility data; a post carries BlogPosting', async () => {
    const search = await (await t.request('/api/search?location=MCO')).json();
    const lot = await page(`/provider/${search.providers[0].slug}`);
    expect(jsonLdTypes(lot.html)).toEqual(['ParkingFacility', 'BreadcrumbList']);
    const posts = await (await t.request('/api/blog/featured')).json();
    const post = await page(`/blog/${posts[0].slug}`);
    expect(jsonLdTypes(post.html)).toEqual(['BlogPosting']);
    expect(post.html).toContain('<meta property="og:type" content="article">');
  });

  it('serves the landing content of a place in the first response and through /api/seo/page', async () => {
    const { html } = await page('/orlando-fl-mco-airport-parking');
    expect(html).toMatch(/We list \d+ independent lots serving Orlando International Airport/);
    const api = await (await t.request('/api/seo/page/orlando-fl-mco-airport-parking')).json();
    expect(api).toMatchObject({ slug: 'orlando-fl-mco-airport-parking', template: 'airport-parking', metaDescription: expect.any(String) });
    expect(api.content).not.toMatch(/<script/i);
    expect((await t.request('/api/seo/page/zz-not-a-real-place-parking')).status).toBe(404);
  });

  it('answers 404 for unknown place slugs and keeps private pages out of the index', async () => {
    const missing = await page('/zz-not-a-real-place-parking');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page Not Found');
    for (const path of ['/booking', '/thank-you', '/account-settings', '/payment-methods', '/admin']) {
      expect((await page(path)).html).toMatch(/<meta name="robots" content="noindex/);
    }
  });
});
