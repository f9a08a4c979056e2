// The blog in Chromium: featured and paged articles, search and category filters, the empty state, an
// article with related posts and its structured data, categories, and the not-found article.
import { expect, test } from './fixtures';

test('the blog lists featured articles and at least 12 posts; filters and Load More work', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured Articles' });
  await expect(featured.getByRole('article')).toHaveCount(3);
  const all = page.getByRole('region', { name: 'All Articles' });
  await expect(all.getByRole('listitem').filter({ has: page.getByRole('article') })).toHaveCount(9);
  await all.getByRole('button', { name: 'Load More' }).click();
  await expect.poll(() => all.getByRole('article').count()).toBeGreaterThanOrEqual(12);
  await expect(all.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  await page.getByLabel('Category').selectOption('cruise-port-guides');
  await expect(page).toHaveURL(/category=cruise-port-guides/);
  // Wait for the filtered list to replace the previous one.
  await expect(all.getByRole('article').filter({ hasNotText: 'Cruise Port Guides' })).toHaveCount(0);
  const cruiseCount = await all.getByRole('article').count();
  expect(cruiseCount).toBeGreaterThanOrEqual(3);
  expect(cruiseCount).toBeLessThan(9);
  for (const card of await all.getByRole('article').all()) await expect(card).toContainText('Cruise Port Guides');

  await page.getByLabel('Category').selectOption('');
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('canaveral');
  await page.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
  await expect(all.getByRole('article')).toHaveCount(1);
  await expect(all.getByRole('article')).toContainText('Port Canaveral');

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('zzzz nothing here');
  await page.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
  await expect(page.getByText('No articles found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(all.getByRole('article')).toHaveCount(9);
});

test('an article shows its details, related posts and structured data; a topic page lists its posts', async ({ page }) => {
  await page.goto('/blog');
  const first = page.getByRole('region', { name: 'Featured Articles' }).getByRole('article').first();
  const title = (await first.getByRole('heading').textContent())!;
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(/ParkPilot/);
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  await expect(page.getByText(/[\d,]+ views/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related Articles' });
  await expect(related.getByRole('article')).not.toHaveCount(0);
  expect(await related.getByRole('article').count()).toBeLessThanOrEqual(3);

  // The first response already holds the structured data and Open Graph tags.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('"@type":"BlogPosting"');
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);

  await page.goto('/blog');
  await page
    .getByRole('region', { name: 'Browse by Topic' })
    .getByRole('link', { name: /Airport Guides/ })
    .click();
  await expect(page).toHaveURL(/\/blog\/category\/airport-guides/);
  await expect(page.getByRole('heading', { level: 1, name: 'Airport Guides' })).toBeVisible();
  for (const card of await page.getByRole('article').all()) await expect(card).toContainText('Airport Guides');
});

test('a missing article says so with a 404', async ({ page }) => {
  const res = await page.goto('/blog/no-such-article');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
