// Accessibility: every public page kind passes axe-core's WCAG 2.1 A/AA rules, at both widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('public pages have no WCAG 2.1 AA violations', async ({ page }) => {
  test.setTimeout(90_000);
  const post = (await (await page.request.get('/api/blog/featured')).json())[0].slug;
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers[0].slug;
  const pages = ['/', '/locations', '/locations/port-canaveral-cruise-port', '/orlando-fl-mco-airport-parking', `/provider/${lot}`, '/blog', `/blog/${post}`, '/blog/category/airport-guides', '/how-it-works', '/terms-of-service', '/privacy-policy', '/no-such-page'];
  for (const path of pages) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }
});
