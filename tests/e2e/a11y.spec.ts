// Accessibility: every public page kind passes axe-core's WCAG 2.1 A/AA rules at 1280 px, and the pages whose
// phone layout differs most at 390 px too (one test per page, so a slow machine runs out of time on none).
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES: Record<string, (request: APIRequestContext) => Promise<string>> = {
  home: async () => '/',
  directory: async () => '/locations',
  location: async () => '/locations/port-canaveral-cruise-port',
  'SEO page': async () => '/orlando-fl-mco-airport-parking',
  lot: async (r) => `/provider/${(await (await r.get('/api/search?location=MCO')).json()).providers[0].slug}`,
  blog: async () => '/blog',
  'blog post': async (r) => `/blog/${(await (await r.get('/api/blog/featured')).json())[0].slug}`,
  'blog category': async () => '/blog/category/airport-guides',
  'how it works': async () => '/how-it-works',
  terms: async () => '/terms-of-service',
  privacy: async () => '/privacy-policy',
  'manage a booking': async () => '/manage',
  'not found': async () => '/no-such-page',
};

/** The pages whose layout at 390 px differs most (menus, stacked results, the lot's and the post's columns). */
const PHONE_PAGES = new Set(['home', 'location', 'SEO page', 'lot', 'blog post', 'manage a booking']);

for (const [name, pathOf] of Object.entries(PAGES)) {
  test(`the ${name} page has no WCAG 2.1 AA violations`, async ({ page, isMobile }) => {
    test.skip(isMobile && !PHONE_PAGES.has(name), 'checked at 1280 px; its phone layout is the same column');
    const path = await pathOf(page.request);
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
}
