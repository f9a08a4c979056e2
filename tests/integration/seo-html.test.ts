// The first response (no JavaScript) of each public page kind holds its title, h1, description, canonical
// link, Open Graph tags and structured data; unknown slugs answer 404.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.request(path);
  return { status: res.status, html: await res.text() };
}
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

/**
 * The schema.org vocabulary this product uses: each type's allowed properties (from schema.org, including
 * inherited ones) and the type a property's object must have. Structured data that strays from it fails.
 */
const SCHEMA: Record<string, { props: string[]; types?: Record<string, string> }> = {
  Organization: { props: ['name', 'url', 'logo', 'contactPoint', 'sameAs'], types: { contactPoint: 'ContactPoint' } },
  ContactPoint: { props: ['telephone', 'email', 'contactType', 'availableLanguage', 'hoursAvailable'], types: { hoursAvailable: 'OpeningHoursSpecification' } },
  OpeningHoursSpecification: { props: ['dayOfWeek', 'opens', 'closes'] },
  ParkingFacility: {
    props: ['name', 'description', 'url', 'image', 'address', 'geo', 'telephone', 'openingHours', 'aggregateRating'],
    types: { address: 'PostalAddress', geo: 'GeoCoordinates', aggregateRating: 'AggregateRating' },
  },
  PostalAddress: { props: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'] },
  GeoCoordinates: { props: ['latitude', 'longitude'] },
  AggregateRating: { props: ['ratingValue', 'reviewCount'] },
  BreadcrumbList: { props: ['itemListElement'], types: { itemListElement: 'ListItem' } },
  ListItem: { props: ['position', 'name', 'item'] },
  BlogPosting: {
    props: ['headline', 'description', 'image', 'datePublished', 'dateModified', 'author', 'publisher', 'mainEntityOfPage', 'articleSection', 'keywords', 'wordCount', 'url'],
    types: { author: 'Person|Organization', publisher: 'Organization', mainEntityOfPage: 'WebPage' },
  },
  Person: { props: ['name', 'url'] },
  WebPage: { props: ['@id', 'url'] },
};

function schemaProblems(node: unknown, expected?: string, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => schemaProblems(n, expected, `${at}[${i}]`));
  if (!node || typeof node !== 'object') return [];
  const obj = node as Record<string, unknown>;
  const type = typeof obj['@type'] === 'string' ? obj['@type'] : '';
  const spec = SCHEMA[type];
  if (!spec) return [`${at}: unknown type ${type || '(none)'}`];
  const problems: string[] = [];
  if (expected && !expected.split('|').includes(type)) problems.push(`${at}: ${type} where ${expected} belongs`);
  for (const [key, value] of Object.entries(obj)) {
    if (key === '@type' || key === '@context') continue;
    if (!spec.props.includes(key)) problems.push(`${at}.${key}: not a property of ${type}`);
    else if (spec.types?.[key]) problems.push(...schemaProblems(value, spec.types[key], `${at}.${key}`));
    else if (value && typeof value === 'object' && !Array.isArray(value) && '@type' in value) problems.push(...schemaProblems(value, undefined, `${at}.${key}`));
  }
  return problems;
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

  it('writes structured data that validates against the schema.org vocabulary (no priceRange on a lot, address in parts, hours as a specification)', async () => {
    const search = await (await t.request('/api/search?location=MCO')).json();
    const posts = await (await t.request('/api/blog/featured')).json();
    for (const path of ['/', '/orlando-fl-mco-airport-parking', `/provider/${search.providers[0].slug}`, `/blog/${posts[0].slug}`]) {
      const blocks = jsonLd((await page(path)).html);
      expect(blocks.length, path).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block['@context'], path).toBe('https://schema.org');
        expect(schemaProblems(block), path).toEqual([]);
      }
    }
    const lot = jsonLd((await page(`/provider/${search.providers[0].slug}`)).html)[0]!;
    expect(lot).not.toHaveProperty('priceRange');
    expect(lot.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: expect.any(String),
      addressLocality: expect.any(String),
      addressRegion: 'FL',
      postalCode: expect.stringMatching(/^\d{5}$/),
    });
    const org = jsonLd((await page('/')).html)[0]!;
    expect(org.contactPoint).toMatchObject({ hoursAvailable: { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '23:59' } });
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
