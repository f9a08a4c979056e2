// The lots map of the results (issue 20, item 4): price pins around the terminal, drawn without map tiles;
// pins and result cards highlight each other; phones switch between List and Map; pins work by keyboard.
import type { Page } from '@playwright/test';
import { dayFromToday } from '@/shared/pricing';
import { expect, test } from './fixtures';

const RESULTS = `/?location=LAX&arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(4)}`;
const MAP_NAME = 'Map of parking near Los Angeles International Airport';

/** The card of a lot (the element that carries data-active) and its pin. */
const card = (page: Page, id: string) => page.locator(`[data-lot-card="${id}"] > div`);
const pin = (page: Page, id: string) => page.locator(`[data-lot-pin="${id}"]`);

test.describe('desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'beside the list from 1024 px on');

  test('pins and cards highlight each other, and a picked pin brings its card into view', async ({ page }) => {
    const external: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('http://localhost')) external.push(req.url());
    });
    await page.goto(RESULTS);
    const map = page.getByRole('group', { name: MAP_NAME });
    await expect(map).toBeVisible();
    // No List / Map switch beside the list; one pin per card, each naming its lot and total.
    await expect(page.getByRole('group', { name: 'Show results as' })).toBeHidden();
    const cards = page.locator('[data-lot-card]');
    await expect(cards.first()).toBeVisible();
    await expect(map.getByRole('button')).toHaveCount(await cards.count());
    const name = await cards.nth(5).getByRole('heading').textContent();
    const id = (await cards.nth(5).getAttribute('data-lot-card'))!;
    await expect(pin(page, id)).toHaveAccessibleName(new RegExp(`^${name}: \\$[\\d,]+\\.\\d\\d total for 3 days, [\\d.]+ miles? from terminal$`));
    // The pin shows the card's total to the cent.
    const total = /\$[\d,]+\.\d\d/.exec(
      (await cards
        .nth(5)
        .locator('p', { hasText: /total for 3 days/ })
        .first()
        .textContent())!,
    )![0];
    await expect(pin(page, id)).toHaveText(total);

    // Hovering a pin highlights its card (and names the lot over the pin).
    await pin(page, id).hover();
    await expect(card(page, id)).toHaveAttribute('data-active', 'true');
    await expect(pin(page, id)).toHaveAttribute('data-active', 'true');
    await expect(page.locator('[data-lot-card] > div[data-active]')).toHaveCount(1);
    await expect(map.getByText(name!, { exact: true })).toBeVisible();

    // Clicking it picks the lot and scrolls its card into view.
    await pin(page, id).click();
    await expect(pin(page, id)).toHaveAttribute('aria-current', 'true');
    await expect(card(page, id)).toBeInViewport();

    // Hovering or focusing a card highlights its pin instead.
    const first = (await cards.first().getAttribute('data-lot-card'))!;
    await page.mouse.move(0, 0);
    await cards.first().scrollIntoViewIfNeeded();
    await cards.first().hover();
    await expect(pin(page, first)).toHaveAttribute('data-active', 'true');
    await expect(pin(page, id)).not.toHaveAttribute('data-active', 'true');
    await page.mouse.move(0, 0);
    // Back to the picked lot once the pointer leaves.
    await expect(pin(page, id)).toHaveAttribute('data-active', 'true');
    const second = (await cards.nth(1).getAttribute('data-lot-card'))!;
    await cards.nth(1).getByRole('link', { name: 'View Details' }).focus();
    await expect(pin(page, second)).toHaveAttribute('data-active', 'true');
    await expect(card(page, second)).toHaveAttribute('data-active', 'true');
    // Drawn here, not fetched: no request left the site.
    expect(external).toEqual([]);
  });

  test('the pins are one Tab stop; arrow keys move between them and Enter picks one', async ({ page }) => {
    await page.goto(RESULTS);
    const map = page.getByRole('group', { name: MAP_NAME });
    const pins = map.locator('[data-lot-pin]');
    await expect(pins.first()).toBeVisible();
    // The map comes after the list: Tab on from the last card. (Asked in one step: the stand-in's pin that Tab
    // lands on is replaced by the map's own as its code arrives, so a pin found first may be gone when asked.)
    await page.locator('[data-lot-card]').last().getByRole('link', { name: 'View Details' }).focus();
    for (let i = 0; i < 3 && !(await page.evaluate(() => document.activeElement?.hasAttribute('data-lot-pin'))); i++) await page.keyboard.press('Tab');
    await expect(pins.first()).toBeFocused();
    const firstId = (await pins.first().getAttribute('data-lot-pin'))!;
    await expect(card(page, firstId)).toHaveAttribute('data-active', 'true');

    await page.keyboard.press('ArrowRight');
    await expect(pins.nth(1)).toBeFocused();
    const id = (await pins.nth(1).getAttribute('data-lot-pin'))!;
    await expect(card(page, id)).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('Enter');
    await expect(pins.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(card(page, id)).toBeInViewport();
    // Only the current pin is in the Tab order.
    await expect(map.locator('[data-lot-pin][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(pins.nth(1)).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(pins.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(pins.last()).toBeFocused();
  });

  test('beside the list a stand-in drawn with the page shows the pins; the map itself loads on the first pointer or focus on it', async ({ page }) => {
    const mapCode: string[] = [];
    page.on('request', (req) => /\/assets\/results-map-[\w-]{8}\.js$/.test(req.url()) && mapCode.push(req.url()));
    await page.goto('/locations/los-angeles-international-airport');
    await page.waitForLoadState('networkidle');
    const preview = page.getByTestId('results-map-preview');
    await expect(preview).toHaveAccessibleName(MAP_NAME);
    const cards = page.locator('[data-lot-card]');
    await expect(preview.locator('[data-lot-pin]')).toHaveCount(await cards.count());
    const id = (await cards.nth(2).getAttribute('data-lot-card'))!;
    const name = await cards.nth(2).getByRole('heading').textContent();
    await expect(pin(page, id)).toHaveAccessibleName(new RegExp(`^${name}: \\$[\\d,]+\\.\\d\\d total for \\d+ days?, `));
    // Hovering a card marks its pin on the stand-in too; nothing has loaded the map's code yet.
    await cards.nth(2).hover();
    await expect(pin(page, id)).toHaveAttribute('data-active', 'true');
    expect(mapCode).toEqual([]);
    const before = await preview.boundingBox();

    // The pointer on it brings the map, in the same box.
    await page.mouse.move(0, 0);
    await preview.hover({ position: { x: 10, y: 100 } });
    const map = page.getByTestId('results-map');
    await expect(map).toBeVisible();
    await expect(preview).toHaveCount(0);
    expect(mapCode).toHaveLength(1);
    expect(await map.boundingBox()).toEqual(before);
    await expect(map.locator('[data-lot-pin]')).toHaveCount(await cards.count());
  });

  test('Tab onto the stand-in goes on into the map, whose pins then answer the arrow keys', async ({ page }) => {
    await page.goto('/locations/los-angeles-international-airport');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('results-map-preview')).toBeVisible();
    await page.locator('[data-lot-card]').last().getByRole('link', { name: 'View Details' }).focus();
    const pins = page.getByTestId('results-map').locator('[data-lot-pin]');
    for (let i = 0; i < 3 && !(await page.evaluate(() => document.activeElement?.hasAttribute('data-lot-pin'))); i++) await page.keyboard.press('Tab');
    // The focus lands on the map's first pin once it is drawn, not on the page.
    await expect(pins.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(pins.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pins.nth(1)).toHaveAttribute('aria-current', 'true');
  });

  test('a location page keeps its map beside the list while the list scrolls', async ({ page }) => {
    await page.goto('/locations/los-angeles-international-airport');
    const map = page.getByRole('group', { name: MAP_NAME });
    await expect(map.locator('[data-lot-pin]').first()).toBeVisible();
    await page.locator('[data-lot-card]').last().scrollIntoViewIfNeeded();
    await expect(map).toBeInViewport();
  });
});

test.describe('phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the List / Map switch is for narrow screens');

  test('the list shows first; Map shows the pins, a tapped pin sums up its lot and leads back to its card', async ({ page }) => {
    await page.goto(RESULTS);
    const cards = page.locator('[data-lot-card]');
    await expect(cards.first()).toBeVisible();
    const list = page.getByRole('button', { name: 'List', exact: true });
    const mapButton = page.getByRole('button', { name: 'Map', exact: true });
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('group', { name: MAP_NAME })).toHaveCount(0);

    const id = (await cards.nth(2).getAttribute('data-lot-card'))!;
    const name = await cards.nth(2).getByRole('heading').textContent();

    await mapButton.tap();
    await expect(mapButton).toHaveAttribute('aria-pressed', 'true');
    const map = page.getByRole('group', { name: MAP_NAME });
    await expect(map).toBeVisible();
    await expect(cards.first()).toBeHidden();
    await expect(map.getByRole('button')).toHaveCount(await cards.count());
    await pin(page, id).tap();
    await expect(pin(page, id)).toHaveAttribute('aria-current', 'true');
    await expect(card(page, id)).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('map-lot-summary').getByText(name!, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Show in list' }).tap();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, id)).toBeInViewport();
    await expect(card(page, id)).toHaveAttribute('data-active', 'true');
    // Focus moved to the card, so a keyboard or screen reader user continues from it.
    await expect(cards.nth(2).getByRole('link').first()).toBeFocused();

    // Back on the map, the picked lot is still the current pin.
    await mapButton.tap();
    await expect(pin(page, id)).toHaveAttribute('aria-current', 'true');
  });
});
