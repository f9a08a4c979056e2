// What a traveller trips over, at 1280 and 390 px: the search form shows what was searched, sign-out is
// immediate, the signed-in home opens at the top, the assistant's filters reach the results, prices add up,
// errors stay where the traveller looks, states in the directory, and the phone-sized finish.
import type { Page } from '@playwright/test';
import { earliestArrivalDay } from '@/shared/schemas/search';
import { US_STATES } from '@/shared/us-states';
import { LOCATIONS } from '@db/seed/locations';
import { expect, test } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The home search form's values, as the traveller sees them. */
async function form(page: Page) {
  return {
    location: await page.getByLabel('Where are you parking?').inputValue(),
    arrival: await page.getByLabel('Arrival date').inputValue(),
    departure: await page.getByLabel('Departure date').inputValue(),
  };
}

async function search(page: Page, location: string, arrival: string, departure: string) {
  await page.getByLabel('Where are you parking?').fill(location);
  await page.getByLabel('Arrival date').fill(arrival);
  await page.getByLabel('Departure date').fill(departure);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const nights = (a: string, d: string) => Math.round((Date.parse(d) - Date.parse(a)) / 86_400_000);

test('the home search form always shows what was searched: typed, recent, handed over, back and forward', async ({ page, login }) => {
  await login({ name: 'Trav Eller' });
  await page.goto('/');

  // Typed.
  const [a1, d1] = [day(20), day(27)];
  await search(page, 'LAX', a1, d1);
  await expect(page).toHaveURL(new RegExp(`location=LAX&arrivalDate=${a1}&departureDate=${d1}`));
  await expect(page.getByRole('heading', { name: /^Parking Options for Los Angeles International Airport/ })).toBeVisible();
  await expect(page.getByText(`total for ${nights(a1, d1)} days`).first()).toBeVisible();
  expect(await form(page)).toEqual({ location: 'LAX', arrival: a1, departure: d1 });

  // The assistant hands over a place and dates: the form follows.
  const [a2, d2] = [day(40), day(43)];
  const chat = page.getByLabel('Message the parking assistant');
  await chat.fill(`parking at BOS from ${a2} to ${d2}`);
  await chat.press('Enter');
  await expect(page).toHaveURL(new RegExp(`arrivalDate=${a2}&departureDate=${d2}`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: /^Parking Options for .*Boston/ })).toBeVisible();
  await expect(page.getByText('total for 3 days').first()).toBeVisible();
  const handed = await form(page);
  expect([handed.arrival, handed.departure]).toEqual([a2, d2]);

  // Back and forward.
  await page.goBack();
  await expect(page.getByRole('heading', { name: /^Parking Options for Los Angeles/ })).toBeVisible();
  expect(await form(page)).toEqual({ location: 'LAX', arrival: a1, departure: d1 });
  await page.goForward();
  await expect(page.getByRole('heading', { name: /^Parking Options for .*Boston/ })).toBeVisible();
  expect((await form(page)).arrival).toBe(a2);

  // A recent search comes back with its own dates.
  const recent = page.getByRole('button', { name: /Los Angeles International Airport/ }).first();
  await expect(recent).toContainText(/\w{3} \d{1,2} – \w{3} \d{1,2}/);
  await recent.click();
  await expect(page.getByRole('heading', { name: /^Parking Options for Los Angeles/ })).toBeVisible();
  expect(await form(page)).toEqual({ location: expect.stringMatching(/LAX|Los Angeles/), arrival: a1, departure: d1 });
  await expect(page.getByText(`total for ${nights(a1, d1)} days`).first()).toBeVisible();
});

test('a past arrival is refused in the search with a clear message; same-day parking is fine', async ({ page }) => {
  const today = earliestArrivalDay();
  await page.goto('/?location=MCO');
  await search(page, 'MCO', shift(today, -1), shift(today, 1));
  await expect(page.getByRole('alert').filter({ hasText: 'Arrival date cannot be in the past' })).toBeVisible();
  const refused = await page.request.get(`/api/search?location=MCO&arrivalDate=${shift(today, -1)}&departureDate=${shift(today, 1)}`);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('Arrival date cannot be in the past');
  await search(page, 'MCO', today, shift(today, 1));
  await expect(page.getByRole('heading', { name: /^Parking Options for Orlando International Airport/ })).toBeVisible();
});

test('a popular destination opens with the default dates in the form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Tampa/ }).first().click();
  await expect(page.getByRole('heading', { name: /^Parking Options for Tampa International Airport/ })).toBeVisible();
  expect(await form(page)).toEqual({ location: 'TPA', arrival: day(1), departure: day(2) });
  await expect(page.getByText('total for 1 day').first()).toBeVisible();
});

test('Sign Out clears the header, menu, history toggle and personal data at once', async ({ page, isMobile, login }) => {
  await login({ name: 'Signing Out' });
  await page.goto('/?view=history');
  if (!isMobile) await expect(page.getByRole('group', { name: 'Search or history' })).toBeVisible();
  // The server takes its time to answer: the page must not wait for it. The answer is held until the page has
  // shown it is signed out, so however slow the machine, nothing below can pass on the server's answer.
  let answer!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  await page.route('**/api/trpc/auth.logout**', async (route) => {
    await held;
    await route.continue();
  });
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page
      .getByRole('button', { name: /account menu|Signing Out/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
  const quick = { timeout: 1000 };
  await expect(page.getByRole('group', { name: 'Search or history' })).toHaveCount(0, quick);
  await expect(page.getByText('Signing Out')).toHaveCount(0, quick);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden(quick);
  await expect(page.getByRole('heading', { name: 'Your Booking History' })).toHaveCount(0, quick);
  const loggedOut = page.waitForResponse('**/api/trpc/auth.logout**');
  answer();
  await loggedOut;
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
});

test('the signed-in home page opens at the top, hero visible', async ({ page, login }) => {
  await login({ name: 'Trav Eller' });
  // How far down the page ever was, from its first script on: a scroll and a scroll back still count.
  await page.addInitScript(() => {
    const w = window as unknown as { __maxScrollY: number };
    w.__maxScrollY = 0;
    addEventListener('scroll', () => (w.__maxScrollY = Math.max(w.__maxScrollY, scrollY)), { passive: true });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find parking near your terminal' })).toBeInViewport();
  // What comes after the first paint has come: the assistant's greeting and the recent searches.
  await expect(page.getByRole('log', { name: 'Conversation with the parking assistant' })).toContainText('Hi! Tell me where');
  await expect(page.getByText('No recent searches yet...')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __maxScrollY: number }).__maxScrollY)).toBe(0);
  await expect(page.getByLabel('Where are you parking?')).toBeInViewport();
});

test('the assistant keeps the place and dates of a follow-up and applies the filter it understood', async ({ page }) => {
  await page.goto('/?location=BOS');
  const chat = page.getByLabel('Message the parking assistant');
  await chat.fill('BOS for a week');
  await chat.press('Enter');
  await expect(page.getByText('total for 7 days').first()).toBeVisible({ timeout: 10_000 });
  const week = new URL(page.url()).searchParams;
  await chat.fill('any with valet?');
  await chat.press('Enter');
  await expect(page).toHaveURL(/amenities=valet/, { timeout: 10_000 });
  const after = new URL(page.url()).searchParams;
  expect([after.get('arrivalDate'), after.get('departureDate')]).toEqual([week.get('arrivalDate'), week.get('departureDate')]);
  await expect(page.getByRole('button', { name: 'Valet', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('log', { name: 'Conversation with the parking assistant' })).toContainText(/valet/i);
});

test('prices add up: a weekly rate reads as weeks and days everywhere, never days × the daily price', async ({ page, login }) => {
  await login({ name: 'Trav Eller' });
  const [a, d] = [day(30), day(39)];
  await page.goto(`/?location=MCO&arrivalDate=${a}&departureDate=${d}`);
  const lines = page.getByText(/ service fee$/);
  await expect(lines.first()).toBeVisible();
  const texts = await lines.allTextContents();
  expect(texts.some((t) => /^1 week × \$[\d.]+ \+ 2 days × \$[\d.]+ \+ \$1\.99 service fee$/.test(t))).toBe(true);
  for (const t of texts) expect(t).toMatch(/^(1 week × \$[\d.]+( \+ 2 days × \$[\d.]+)?|9 days × \$[\d.]+) \+ \$1\.99 service fee$/);

  const card = page
    .getByRole('listitem')
    .filter({ hasText: /1 week × \$[\d.]+ \+ 2 days/ })
    .first();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByText(/^Parking, 1 week × \$[\d.]+$/)).toBeVisible();
  await expect(page.getByText(/^Parking, 2 days × \$[\d.]+$/)).toBeVisible();
  await expect(page.getByText(/^Weekly rate applied: \$[\d.]+ a week\.$/)).toBeVisible();
  await page.getByRole('link', { name: 'Reserve Your Spot' }).click();
  const summary = page.getByRole('region', { name: 'Booking Summary' });
  await expect(summary.getByText(/^Parking, 1 week × \$[\d.]+$/)).toBeVisible();
  await expect(summary.getByText(/^Parking, 2 days × \$[\d.]+$/)).toBeVisible();
});

test('errors stay where the traveller looks: contact checks on leaving a field, a declined card at the card field', async ({ page, login }) => {
  await login({ name: 'Card Declined' });
  await page.goto('/locations/miami-international-airport');
  await page.getByRole('link', { name: 'Select' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.getByLabel('Email').fill('ada@');
  await page.getByLabel('Phone').fill('555-0100');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Make').click();
  await expect(page.getByText('Please enter a valid US phone number, like (555) 010-0199')).toBeVisible();
  await page.getByLabel('Email').fill('card.declined@example.com');
  await page.getByLabel('Phone').fill('(555) 010-0100');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill('Camry');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('ZIP', { exact: true }).fill('33101');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  const cardNumber = page.getByLabel('Card number');
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  // Other fields do not clear it; a new card number does.
  await page.getByLabel('CVC', { exact: true }).fill('456');
  // The toast goes (its life is 5 s); the field's message stays.
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Your card was declined.')).toHaveCount(0);
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  await cardNumber.fill('4242 4242 4242 4242');
  await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
});

test('the directory finds a state by its name or its code, and nothing else', async ({ page }) => {
  const inFlorida = LOCATIONS.filter((l) => l.state === 'FL');
  for (const q of ['florida', 'FL']) {
    await page.goto('/locations');
    await page.getByLabel('Search locations').fill(q);
    await expect(page.getByRole('tab', { name: `Airports (${inFlorida.filter((l) => l.kind === 'airport').length})` })).toBeVisible();
    await expect(page.getByRole('tab', { name: `Cruise Ports (${inFlorida.filter((l) => l.kind === 'cruise_port').length})` })).toBeVisible();
  }
  expect(US_STATES.TX).toBe('Texas');
});

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout');

  test('two lots fit on one screen, the provider page keeps Reserve in reach, checkout shows the price above Pay', async ({ page, login }) => {
    await login({ name: 'Trav Eller' });
    await page.goto(`/?location=MCO&arrivalDate=${day(12)}&departureDate=${day(15)}`);
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Select' }) });
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y + second!.height - first!.y).toBeLessThanOrEqual(844);

    await cards.nth(0).getByRole('link', { name: 'View Details' }).click();
    const reserve = page.getByRole('link', { name: 'Reserve Your Spot' });
    await expect(reserve).toHaveCount(1);
    await expect(reserve).toBeInViewport();
    await page.mouse.wheel(0, 1500);
    await expect(reserve).toBeInViewport();
    await reserve.click();

    const pay = page.getByRole('button', { name: /Complete Booking/ });
    const price = page.getByRole('region', { name: 'Price summary' });
    await expect(price.getByText('Total')).toBeVisible();
    expect((await price.boundingBox())!.y).toBeLessThan((await pay.boundingBox())!.y);
  });

  test('the admin dashboard has no horizontal overflow and the user details show whole values', async ({ page, login }) => {
    const long = `a.very.long.traveller.name.${Date.now()}@an-unusually-long-domain-name.example.com`;
    // A traveller with a long name and address to show; the page is then an administrator's (the cookie replaced).
    await login({ name: 'Maximilian Alexander Wolfeschlegelsteinhausen', email: long });
    await login({ role: 'admin' });
    await page.goto('/admin');
    for (const tab of ['Overview', 'User Management', 'Website Analytics', 'SEO Dashboard', 'SEO Reports', 'Bookings', 'Blog Management']) {
      await page.getByRole('tab', { name: tab }).click();
      // Measured once the tab shows its data (no loading placeholder left), as wide as it will be.
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect(panel).toBeVisible();
      await expect(panel.locator('.animate-pulse')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(390);
    }
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.locator('#user-search').fill('Wolfeschlegel');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(long)).toBeVisible();
    const box = (await dialog.getByText(long).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});

test('toasts do not print', async ({ page }) => {
  // The page's clock stops before the toast shows, so its 5 s life cannot run out on a slow machine mid-test.
  await page.clock.install();
  await page.goto('/?location=MCO');
  await page.getByRole('link', { name: 'Select' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: /Complete Booking/ }).click(); // an empty form: 'Form Error'
  const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Form Error');
  await expect(toast).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(toast).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(toast).toBeVisible();
});

test('the floating assistant is a dialog: focus moves in, Esc closes, focus returns', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open parking assistant' });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Parking Assistant' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message the assistant')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open parking assistant' })).toBeFocused();
});
