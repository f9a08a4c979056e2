// Issue 26 in Chromium at 1280 and 390 px: the search form first on the home page, the place field's typeahead
// (keyboard and pointer), a state or region answered with a choice, "No reviews yet" instead of made-up scores,
// the rating order, and the small things: the assistant's button, the amenity chips and the sticky map.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const field = (page: Page) => page.getByRole('combobox', { name: 'Where are you parking?' });
const totals = async (page: Page) =>
  (
    await page
      .locator('[data-lot-card]')
      .locator('p', { hasText: /total for \d+ days?/ })
      .allTextContents()
  ).map((t) => Number(/\$([\d,]+\.\d\d)/.exec(t)![1]!.replace(/,/g, '')));

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a signed-out visitor starts with the search form and picks a place from the suggestions with the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Airport and cruise parking, with the total price up front.');
  // The form is on the first screen, at 390 px as at 1280 px, before anything else to do.
  await expect(field(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeInViewport();
  await expect(page.getByLabel('Arrival date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Searching' })).toHaveCount(0);

  await field(page).click();
  await field(page).pressSequentially('orl');
  const list = page.getByRole('listbox', { name: 'Suggested places' });
  await expect(list.getByRole('option', { name: /Orlando International Airport/ })).toBeVisible();
  await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(field(page)).not.toHaveAttribute('aria-activedescendant');

  // Down highlights the first suggestion: the field points at it, and Enter picks it.
  await field(page).press('ArrowDown');
  const active = list.getByRole('option', { selected: true });
  await expect(active).toHaveCount(1);
  await expect(field(page)).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await expect(active).toContainText('Orlando International Airport');
  await field(page).press('Enter');
  await expect(field(page)).toHaveValue('Orlando International Airport');
  await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]location=MCO(&|$)/);
  await expect(page.getByRole('heading', { name: /^Parking Options for Orlando International Airport \(\d+ found\)$/ })).toBeVisible();
});

test('Escape closes the suggestions and keeps the text; Up from the top wraps to the last suggestion', async ({ page }) => {
  await page.goto('/');
  await field(page).click();
  await field(page).pressSequentially('port');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const last = options.last();
  await field(page).press('ArrowUp');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await field(page).press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(field(page)).toHaveValue('port');
  await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
  // Editing the text opens them again.
  await field(page).press('Backspace');
  await expect(options.first()).toBeVisible();
});

test('a state is answered with a choice of its airports and cruise ports, and the place picked keeps the dates', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Arrival date').fill('2027-04-10');
  await page.getByLabel('Departure date').fill('2027-04-14');
  await field(page).fill('florida');
  await field(page).press('Enter'); // nothing highlighted: the search is made as typed

  await expect(page.getByRole('heading', { name: 'Which place in Florida?' })).toBeVisible();
  await expect(page.getByText('“florida” takes in 6 airports and 5 cruise ports. Choose one to compare its lots.')).toBeVisible();
  const choices = page.getByRole('region', { name: 'Which place in Florida?' }).getByRole('link');
  await expect(choices).toHaveCount(11);
  await expect(choices.first()).toContainText('Orlando International Airport');
  // No lot was picked for the traveller: no results list yet.
  await expect(page.getByRole('heading', { name: /Parking Options for/ })).toHaveCount(0);

  await choices.filter({ hasText: 'Port Canaveral' }).click();
  await expect(page).toHaveURL(/location=PCV-PORT&arrivalDate=2027-04-10&departureDate=2027-04-14/);
  await expect(page.getByRole('heading', { name: /^Parking Options for Port Canaveral \(\d+ found\)$/ })).toBeVisible();
  await expect(page.getByText('total for 4 days').first()).toBeVisible();
});

test('a region picked from the suggestions offers its places', async ({ page }) => {
  await page.goto('/');
  await field(page).click();
  await field(page).pressSequentially('southern cal');
  await page.getByRole('option', { name: /Southern California.*3 airports and 3 cruise ports: choose one/ }).click();
  await expect(field(page)).toHaveValue('Southern California');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Which place in Southern California?' })).toBeVisible();
  const choices = page.getByRole('region', { name: 'Which place in Southern California?' }).getByRole('link');
  await expect(choices).toHaveCount(6);
  await expect(choices.filter({ hasText: 'Los Angeles International Airport' })).toBeVisible();
  await expect(choices.filter({ hasText: 'Long Beach Cruise Terminal' })).toBeVisible();
});

test('a lot without reviews says "No reviews yet" on its card and its page, never a score', async ({ page }) => {
  await page.goto('/?location=MCO');
  const cards = page.locator('[data-lot-card]');
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  await expect(cards.filter({ hasText: 'No reviews yet' })).toHaveCount(n);
  await expect(page.getByText(/\(\d[\d,]* reviews?\)/)).toHaveCount(0);

  const name = (await cards.first().getByRole('heading').textContent())!;
  await cards.first().getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Under the name, and in the page's Reviews section.
  await expect(page.getByText('No reviews yet')).toHaveCount(2);
  await expect(page.locator('#reviews').getByText('No reviews yet')).toBeVisible();
  await expect(page.getByText(/\(\d[\d,]* reviews?\)/)).toHaveCount(0);
});

test('sorting by rating keeps the lots without reviews in total order, the same as the server', async ({ page, request }) => {
  await page.goto('/?location=MCO&arrivalDate=2027-03-03&departureDate=2027-03-06&sort=rating');
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.locator('[data-lot-card]').first()).toBeVisible();
  const shown = await totals(page);
  const api = (await (await request.get('/api/search?location=MCO&arrivalDate=2027-03-03&departureDate=2027-03-06&sort=rating')).json()).providers as {
    total: number;
    rating: number | null;
  }[];
  expect(api.every((p) => p.rating === null)).toBe(true);
  expect(shown).toEqual(api.map((p) => p.total));
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});

test('the assistant’s button covers no price and no part of the footer', async ({ page, isMobile }) => {
  await page.goto('/?location=MCO');
  await expect(page.locator('[data-lot-card]').first()).toBeVisible();
  const button = page.getByRole('button', { name: 'Open parking assistant' });
  await expect(button).toBeVisible();
  const position = await button.evaluate((el) => getComputedStyle(el).position);
  // Phones: a button in the page, not over it. Wider screens: floating in the page's margin.
  expect(position).toBe(isMobile ? 'static' : 'fixed');
  for (const y of [0, 900, 1e6]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const b = await box(button);
    for (const price of await page.locator('[data-lot-card] p', { hasText: /total for/ }).all()) {
      if (await price.isVisible()) expect(overlap(b, await box(price))).toBe(false);
    }
    for (const link of await page.getByRole('contentinfo').getByRole('link').all()) expect(overlap(b, await box(link))).toBe(false);
  }
  // It still opens the assistant.
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Parking Assistant' })).toBeVisible();
});

test('the amenity chips stay on the screen at any width', async ({ page }) => {
  await page.goto('/?location=MCO');
  const chips = page.getByRole('group', { name: 'Must have' }).getByRole('button');
  await expect(chips).toHaveCount(5);
  const width = page.viewportSize()!.width;
  for (const chip of await chips.all()) {
    const b = await box(chip);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
  }
});

test('the home results’ map stays in view beside the list while it scrolls', async ({ page, isMobile }) => {
  test.skip(isMobile, 'below 1024 px the map is behind the List / Map switch');
  await page.goto('/?location=MCO');
  const pins = page.locator('[data-lot-pin]');
  await expect(pins.first()).toBeVisible();
  // Down at the last lot, far below where the map started, its pins are still on the screen.
  await page.locator('[data-lot-card]').last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  for (const pin of await pins.all()) await expect(pin).toBeInViewport();
});
