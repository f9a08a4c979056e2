// Search journeys in Chromium: directory → location page, filters, provider details, home search,
// the signed-out selection prompt and recent searches.
import { expect, test } from './fixtures';

test('from the directory, Orlando International lists its parking options and a lot opens its details', async ({ page }) => {
  await page.goto('/locations');
  await page
    .getByRole('link', { name: /Orlando International Airport/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orlando-fl-mco-airport-parking$/);
  const heading = page.getByRole('heading', { name: /^Parking Options for Orlando International Airport \((\d+) found\)$/ });
  await expect(heading).toBeVisible();
  const count = Number(/\((\d+) found\)/.exec((await heading.textContent())!)![1]);
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('link', { name: 'Select' })).toHaveCount(count);

  // Amenity filter narrows the list, and every card shows at most 4 amenities.
  await page.getByRole('button', { name: 'Covered' }).click();
  await expect(page).toHaveURL(/amenities=covered/);
  await expect(page.getByRole('heading', { name: /Parking Options for/ })).not.toHaveText(`Parking Options for Orlando International Airport (${count} found)`);
  for (const list of await page.getByRole('list', { name: 'Amenities' }).all()) {
    expect(await list.getByRole('listitem').filter({ hasNotText: /more$/ }).count()).toBeLessThanOrEqual(4);
  }

  // The lot's details: the parking total is the daily price times the days (1 by default).
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/provider\/[a-z0-9-]+\?/);
  await expect(page.getByRole('heading', { name: 'Booking summary' })).toBeVisible();
  const perDay = await page.getByText(/^Parking, 1 day × \$[\d.]+$/).textContent();
  const price = Number(/\$([\d.]+)/.exec(perDay!)![1]);
  await expect(page.getByTestId('parking-line')).toHaveText(`$${price.toFixed(2)}`);
  await expect(page.getByRole('img', { name: /^Map: / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reserve Your Spot' })).toHaveAttribute(
    'href',
    /\/booking\?providerId=\d+&providerName=.+&price=.+&location=.+&arrivalDate=.+&departureDate=.+/,
  );

  // New dates are a second search: totals follow the dates, and the details lock until the fee is paid.
  await page.goBack();
  await page.getByLabel('Arrival date').fill('2027-03-03');
  await page.getByLabel('Departure date').fill('2027-03-06');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('total for 3 days').first()).toBeVisible();
  await expect(page.getByText('Distance, shuttle, amenities and contact details are locked.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(0);
});

test('an unknown provider slug shows Provider not found', async ({ page }) => {
  const res = await page.goto('/provider/no-such-lot');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Provider not found' })).toBeVisible();
  await page.goto('/property/no-such-lot');
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
});

test('a signed-out traveller selects a lot and checkout opens with it, as a guest: no sign-in asked', async ({ page }) => {
  await page.goto('/?location=Miami%20Cruise%20Port');
  await expect(page.getByRole('heading', { name: /Parking Options for PortMiami \(\d+ found\)/ })).toBeVisible();
  await expect(page.getByText('Sign in to keep your recent searches')).toBeVisible();
  const name = await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Select' }) })
    .first()
    .getByRole('heading')
    .textContent();
  await page.getByRole('link', { name: 'Select' }).first().click();
  await expect(page).toHaveURL(/\/booking\?providerId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Sign in to continue')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Booking Summary' })).toBeVisible();
  await expect(page.getByText(name!).first()).toBeVisible();
  await expect(page.getByText(/Book as a guest, no account needed/)).toBeVisible();
});
test('signed-in searches appear in recent searches, typos included', async ({ page, login }) => {
  await login({ name: 'Re Cent' });
  await page.goto('/');
  await expect(page.getByText('No recent searches yet...')).toBeVisible();
  await page.getByLabel('Where are you parking?').fill('orlndo airport');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: /Parking Options for Orlando International Airport/ })).toBeVisible();
  const recent = page.getByRole('complementary').getByRole('button', { name: /Orlando International Airport.*\d+ results.*just now/ });
  await expect(recent).toBeVisible();
});

test('an unknown place says so', async ({ page }) => {
  await page.goto('/?location=Nowhereville');
  await expect(page.getByText('No parking providers found for "Nowhereville". Please try a different location.')).toBeVisible();
});

test('the home results sort and filter like the location pages, and the address keeps both', async ({ page }) => {
  await page.goto('/?location=MCO');
  await expect(page.getByRole('heading', { name: /^Parking Options for Orlando International Airport/ })).toBeVisible();
  await page.getByLabel('Sort by').selectOption('distance');
  await expect(page).toHaveURL(/sort=distance/);
  await page.getByRole('button', { name: 'Shuttle', exact: true }).click();
  await expect(page).toHaveURL(/amenities=shuttle/);
  // The cards are the server's answer for that sort and filter, in its order (nearest first).
  const expected = (await (await page.request.get('/api/search?location=MCO&sort=distance&amenities=shuttle')).json()).providers.map((p: { name: string }) => p.name);
  expect(expected.length).toBeGreaterThan(1);
  await expect(page.getByRole('heading', { name: `Parking Options for Orlando International Airport (${expected.length} found)` })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3 }).filter({ hasText: new RegExp(`^(${expected.map((n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`) }),
  ).toHaveText(expected);
  // A link to this address (a reload, a shared URL) shows the same choices.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('distance');
  await expect(page.getByRole('button', { name: 'Shuttle', exact: true })).toHaveAttribute('aria-pressed', 'true');
});
