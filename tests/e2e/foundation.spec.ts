// Journeys through the foundation screens in Chromium: directory search and filters, 404, legal, hydration.
import { expect, test } from './fixtures';

test('the directory lists 50 airports and 20 cruise ports and filters by text and region', async ({ page }) => {
  await page.goto('/locations');
  await expect(page.getByRole('heading', { level: 1, name: 'Airport & Cruise Port Parking Locations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Airports (50)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Cruise Ports (20)' })).toBeVisible();

  const search = page.getByLabel('Search locations');
  await search.fill('Orlando');
  await expect(page.getByRole('link', { name: /Orlando International Airport/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Los Angeles International Airport/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\?q=Orlando/);

  await search.fill('');
  await page.getByLabel('Region').selectOption('West Coast');
  await expect(page.getByRole('link', { name: /Los Angeles International Airport/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Orlando International Airport/ })).toHaveCount(0);

  await page.getByRole('tab', { name: /Cruise Ports/ }).click();
  await expect(page.getByRole('link', { name: /Long Beach|Los Angeles|San Diego/ }).first()).toBeVisible();

  await search.fill('zzzz');
  await expect(page.getByText('No cruise ports match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('tab', { name: 'Cruise Ports (20)' })).toBeVisible();
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const res = await page.goto('/some/unknown/path');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse locations' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page).toHaveTitle(/Locations/);
});

test('the home page hydrates: the carousel advances and navigation works without reloads', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('total price up front');
  const firstStep = page.getByRole('button', { name: 'Step 1: Search Smart' });
  await expect(firstStep).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Step 2: Compare Options' })).toHaveAttribute('aria-pressed', 'true', { timeout: 6000 });

  await page.getByRole('link', { name: /Tampa/ }).click();
  await expect(page).toHaveURL(/\/\?location=TPA/);
  await expect(page.getByRole('heading', { name: /Parking Options for Tampa International Airport \(\d+ found\)/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('legal pages have 13 sections and are not indexed', async ({ page }) => {
  for (const path of ['/terms-of-service', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText('Last updated June 6, 2025')).toBeVisible();
    await expect(page.locator('article section h2')).toHaveCount(13);
  }
});

test('the header navigation and support contact work', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' });
  await nav.getByRole('link', { name: 'How it Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /How .* Works/ })).toBeVisible();
  await expect(page).toHaveTitle('How it Works | ParkPilot');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact support' })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('1-800-555-0199');
});

test('the pages with forms keep to the Content-Security-Policy and name every field', async ({ page }) => {
  // zod's JIT compiles with `new Function`, which script-src 'self' forbids; the browser reports even the probe.
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  for (const path of ['/', '/orlando-fl-mco-airport-parking', '/register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
    const unnamed = await page.$$eval('input, select, textarea', (els) => els.filter((e) => !e.id && !e.getAttribute('name')).map((e) => e.outerHTML.slice(0, 120)));
    expect(unnamed, path).toEqual([]);
  }
});
