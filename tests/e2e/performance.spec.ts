// Performance budget and hydration (issue: found and fast): the first visit to each public page type stays
// within its JavaScript budget (gzip, as the server sends it), and hydrating a server-rendered page neither
// moves nor replaces what the server sent, and leaves it interactive.
import { expect, test } from './fixtures';

/**
 * First-visit JavaScript per page type, in kB gzip: every script the page loads until the network is idle.
 * The goal (issue 28) is 110 kB for each; these are the sizes reached (2026-11-27), so none may grow. What a page
 * loads before any code of its own is one chunk of about 95 kB (React DOM 61.5, TanStack Query 10, React 3, the
 * router, the class merger, the small tRPC options proxy and the app's shell) and Rolldown's runtime; then each
 * landing page's own chunk and the two or three chunks the landing pages share (vite.config.ts, CHUNKS): the
 * location page five files in all, the lot page nine. The entry carries no list of chunks to preload (modulePreload
 * off); the server names a landing page's files in its head. The lot page finds the estimate for its stay in the server's data, so it sends no request
 * before the tRPC client has loaded (README, Performance).
 */
const BUDGETS_KB = { home: 104.9, location: 109.9, lot: 109.8, blog: 101.0, 'blog post': 102.2 } as const;
const GOAL_KB = 110;

test.describe('first-visit JavaScript', () => {
  for (const [name, budget] of Object.entries(BUDGETS_KB)) {
    test(`the ${name} page loads at most ${budget} kB of JavaScript, gzip (goal ${GOAL_KB})`, async ({ page, request }) => {
      const path = await pathOf(name as keyof typeof BUDGETS_KB, request);
      const scripts = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(res.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts.size).toBeGreaterThan(0);

      let total = 0;
      const sizes: string[] = [];
      for (const url of scripts) {
        const res = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.ok()).toBe(true);
        const bytes = Number(res.headers()['content-length']);
        expect(Number.isFinite(bytes)).toBe(true);
        if (bytes > 1024) expect(res.headers()['content-encoding']).toBe('gzip');
        total += bytes;
        sizes.push(`${(bytes / 1024).toFixed(1)} kB ${new URL(url).pathname}`);
      }
      expect(total, `${path}: ${(total / 1024).toFixed(1)} kB\n${sizes.join('\n')}`).toBeLessThanOrEqual(budget * 1024);
    });
  }

  test('each of these pages names its own chunks in its head for preloading, and only chunks it loads', async ({ page, request }) => {
    for (const name of Object.keys(BUDGETS_KB) as (keyof typeof BUDGETS_KB)[]) {
      const path = await pathOf(name, request);
      const html = await (await request.get(path)).text();
      const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      const scripts = new Set<string>();
      const seen = (res: import('@playwright/test').Response) => {
        if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
      };
      page.on('response', seen);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      page.off('response', seen);
      expect(preloaded.length, path).toBeGreaterThan(1);
      for (const href of preloaded) expect([...scripts], `${path} preloads ${href}`).toContain(href);
    }
  });
});

async function pathOf(name: keyof typeof BUDGETS_KB, request: import('@playwright/test').APIRequestContext): Promise<string> {
  if (name === 'home') return '/';
  if (name === 'location') return '/orlando-fl-mco-airport-parking';
  if (name === 'blog') return '/blog';
  if (name === 'blog post') return `/blog/${(await (await request.get('/api/blog/featured')).json())[0].slug}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const lots = (await (await request.get(`/api/search?location=SEA&arrivalDate=${day(7)}&departureDate=${day(10)}`)).json()).providers as { slug: string }[];
  return `/provider/${lots[0]!.slug}`;
}

test.describe('hydration', () => {
  test.beforeEach(async ({ page }) => {
    // Cumulative layout shift and React's hydration complaints, from the first byte on.
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

  test('keeps the server-rendered page in place and makes it interactive', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /hydrat|did not match/i.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const post = (await (await request.get('/api/blog/featured')).json())[0].slug as string;

    for (const path of ['/', '/orlando-fl-mco-airport-parking', `/blog/${post}`]) {
      const html = await (await request.get(path)).text();
      const serverH1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverH1!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'"));
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, `layout shift on ${path}`).toBeLessThan(0.01);
    }
    expect(errors).toEqual([]);
  });

  test('code-split parts the server rendered are live once the page is hydrated, however slow their code', async ({ page }) => {
    // The search results are a separate chunk (the location page's, vite.config.ts); hold it back so it arrives well
    // after the page's own code. (A fixed delay on purpose: slow code is the condition under test, and nothing waits
    // on it but the page.)
    await page.route(/\/assets\/location-[\w-]{8}\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/?location=Miami%20Cruise%20Port');
    // Hydrated means every server-rendered part answers: Select opens checkout (signed out too).
    await page.getByRole('link', { name: 'Select' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  });

  test('a hydrated SEO page filters its lots without reloading', async ({ page }) => {
    await page.goto('/orlando-fl-mco-airport-parking');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('button', { name: 'Covered' }).click();
    await expect(page).toHaveURL(/amenities=covered/);
    await expect(page.getByRole('button', { name: 'Covered' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
