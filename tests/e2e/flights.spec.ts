// Flights in Chromium: a guest types a flight number at checkout (a wrong one is refused with how to write it),
// and the gate's staff see the flights on the pass when the car comes in.
import config from '../../playwright.config';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { expect, test } from './fixtures';
import { bostonLot, staffAccount } from './support/gate';

test('a guest books with a flight number and the gate sees it at check-in', async ({ page, browser, isMobile, login }) => {
  const lot = await bostonLot(page.request);
  const arrival = lotWallClock(new Date(Date.now() + 30 * 60_000), lot.state);
  const departure = lotWallClock(new Date(Date.now() + 26 * 3_600_000), lot.state);
  const query = new URLSearchParams({ providerId: String(lot.id), providerName: lot.name, location: 'BOS', arrivalDate: arrival, departureDate: departure });
  await page.goto(`/booking?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.getByLabel('First name').fill('Fay');
  await page.getByLabel('Last name').fill('Flyer');
  await page.getByLabel('Email').fill(`fay-${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('555-010-0188');
  await page.getByLabel('Check-in (arrival)').fill(arrival);
  await page.getByLabel('Check-out (departure)').fill(departure);
  await page.getByLabel('Make').fill('Subaru');
  await page.getByLabel('Model').fill('Outback');
  await page.getByLabel('License plate').fill('FLY1');
  await page.getByLabel('Outbound flight').fill('flight one');
  await page.getByLabel('Return flight').fill('dl88');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('ZIP', { exact: true }).fill('02128');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  const form = page.getByRole('form', { name: 'Booking details' });
  await expect(form.getByText('Enter a flight number like UA 1234.')).toBeVisible();
  await expect(page.getByLabel('Outbound flight')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Outbound flight').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`checkout-flights-${isMobile ? 390 : 1280}.png`) });

  await page.getByLabel('Outbound flight').fill('ua 1234');
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-[A-Z0-9]+/);
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;

  // The staff member's phone or desk, at this project's size.
  const staff = await browser.newContext({ baseURL: config.use?.baseURL, viewport: page.viewportSize(), isMobile, hasTouch: isMobile, extraHTTPHeaders: { 'X-Forwarded-For': '10.31.4.7' } });
  await staffAccount(browser, login, lot.id, staff);
  const gate = await staff.newPage();
  try {
    await gate.goto('/gate');
    await gate.getByRole('textbox', { name: 'Confirmation number' }).fill(confirmation);
    await gate.getByRole('button', { name: 'Check', exact: true }).click();
    const result = gate.getByRole('region', { name: 'Valid', exact: true });
    await expect(result.getByTestId('pass-travel')).toHaveText('Flights: UA 1234 out, DL 88 back');
    await gate.getByRole('button', { name: 'Check in' }).click();
    await expect(gate.getByRole('heading', { name: 'Checked in', exact: true })).toBeVisible();
    await expect(gate.getByTestId('pass-travel')).toHaveText('Flights: UA 1234 out, DL 88 back');
    await gate.screenshot({ path: test.info().outputPath(`gate-flights-${isMobile ? 390 : 1280}.png`), fullPage: true });
  } finally {
    await staff.close();
  }
});
