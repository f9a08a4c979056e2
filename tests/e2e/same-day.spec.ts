// Same-day parking at 390 px: a search for today at mid-afternoon at the lot goes to checkout with check-in at
// the next bookable half hour (not 10:00 AM, already gone) and books without touching the time; a time already
// past is flagged at the date field, with the focus there, before any card is typed; a reload keeps what was
// typed but never the card. The browser's clock is set (Playwright's clock) to a time at the lot that is never
// behind the server's real one, so the test holds whenever the suite runs.
import type { Page } from '@playwright/test';
import { defaultArrival, nextBookableTime } from '@/shared/stay-times';
import { instantToWallClock, wallClockToInstant } from '@/shared/time-zones';
import { expect, test } from './fixtures';

const ZONE = 'America/New_York'; // MCO, Orlando
const SLOT = 30 * 60_000;

test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'a phone journey: runs at 390 px');

/** 'YYYY-MM-DDTHH:mm' at the lot, `ms` later (wall-clock arithmetic). */
const plus = (wall: string, ms: number) => new Date(Date.parse(`${wall}:00Z`) + ms).toISOString().slice(0, 16);

/**
 * A browser time at the lot of at least 15:10 today and never before the real time, 10 minutes into a half
 * hour so the next bookable time is 20 minutes away whatever the test's own pace.
 */
function afternoonAtTheLot(now = Date.now()): number {
  const local = instantToWallClock(new Date(now), ZONE);
  const slotStart = new Date(Math.floor(Date.parse(`${local}:00Z`) / SLOT) * SLOT).toISOString().slice(0, 16);
  let target = plus(slotStart, 10 * 60_000);
  if (wallClockToInstant(target, ZONE)!.getTime() < now) target = plus(target, SLOT);
  // The afternoon of the day the target falls on (past 23:40 at the lot, that is tomorrow).
  const afternoon = `${target.slice(0, 10)}T15:10`;
  return wallClockToInstant(target > afternoon ? target : afternoon, ZONE)!.getTime();
}

async function fillTheRest(page: Page) {
  await page.getByLabel('Phone').fill('(555) 010-0199');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill('Camry');
  await page.getByLabel('License plate').fill('SAME1');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('ZIP', { exact: true }).fill('32801');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

test('a search for today at mid-afternoon checks in at the next half hour at the lot and books as is', async ({ page, login }) => {
  await login({ name: 'Sam Sameday' });
  const browserNow = afternoonAtTheLot();
  await page.clock.install({ time: browserNow });
  const today = instantToWallClock(new Date(browserNow), ZONE).slice(0, 10);
  const tomorrow = plus(`${today}T00:00`, 86_400_000).slice(0, 10);
  const expected = defaultArrival(today, ZONE, browserNow)!;
  expect(expected).toBe(nextBookableTime(ZONE, browserNow));
  expect(expected > `${today}T15:00`).toBe(true);

  await page.goto(`/?location=MCO&arrivalDate=${today}&departureDate=${tomorrow}`);
  await expect(page.getByRole('heading', { name: /Parking Options for Orlando International Airport/ })).toBeVisible();
  await page.getByRole('link', { name: 'Select' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();

  const arrival = page.getByLabel('Check-in (arrival)');
  await expect(arrival).toHaveValue(expected);
  await expect(page.getByLabel('Check-out (departure)')).toHaveValue(`${tomorrow}T10:00`);
  await expect(page.getByText('Time at the lot (Eastern Time)')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Price summary' });
  await expect(summary.getByText(/^Parking, 1 day × \$[\d.]+$/)).toBeVisible();
  await expect(page.getByText('Arrival date cannot be in the past')).toHaveCount(0);

  await fillTheRest(page);
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  const history = await (await page.request.get('/api/bookings/history')).json();
  expect(history[0]).toMatchObject({ arrivalDate: expected, departureDate: `${tomorrow}T10:00`, status: 'confirmed' });
});

test('a time already past is flagged at the date field, with the focus there, before any card is typed', async ({ page }) => {
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers[0];
  const now = instantToWallClock(new Date(), ZONE);
  const yesterday = plus(now, -86_400_000).slice(0, 10);
  const tomorrow = plus(now, 86_400_000).slice(0, 10);
  const checkout = (arrivalDate: string) =>
    `/booking?${new URLSearchParams({ providerId: String(lot.id), providerName: lot.name, price: String(lot.price), location: lot.location, arrivalDate, departureDate: tomorrow })}`;

  // A stale link: yesterday is flagged as soon as the page opens, and the focus is taken there.
  await page.goto(checkout(yesterday));
  const arrival = page.getByLabel('Check-in (arrival)');
  const form = page.getByRole('form', { name: 'Booking details' });
  await expect(form.getByText('Arrival date cannot be in the past')).toBeVisible();
  await expect(arrival).toHaveAttribute('aria-invalid', 'true');
  await expect(arrival).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveValue('');

  // Today, but three hours ago at the lot: flagged the moment it is chosen; a later time clears it.
  await page.goto(checkout(now.slice(0, 10)));
  await expect(arrival).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Pat');
  await arrival.fill(plus(now, -3 * 3_600_000));
  await expect(form.getByText('Arrival date cannot be in the past')).toBeVisible();
  await expect(arrival).toBeFocused();
  await arrival.fill(plus(now, 2 * 3_600_000));
  await expect(form.getByText('Arrival date cannot be in the past')).toHaveCount(0);
  await expect(arrival).not.toHaveAttribute('aria-invalid', 'true');
});

test('a reload keeps what was typed, never the card', async ({ page }) => {
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers[1];
  const day = (n: number) => plus(instantToWallClock(new Date(), ZONE), n * 86_400_000).slice(0, 10);
  await page.goto(
    `/booking?${new URLSearchParams({ providerId: String(lot.id), providerName: lot.name, price: String(lot.price), location: lot.location, arrivalDate: day(9), departureDate: day(12) })}`,
  );
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Reload');
  await page.getByLabel('Email').fill('rita.reload@example.com');
  await page.getByLabel('Check-out (departure)').fill(`${day(13)}T16:30`);
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC', { exact: true }).fill('123');

  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('First name')).toHaveValue('Rita');
  await expect(page.getByLabel('Last name')).toHaveValue('Reload');
  await expect(page.getByLabel('Email')).toHaveValue('rita.reload@example.com');
  await expect(page.getByLabel('Check-out (departure)')).toHaveValue(`${day(13)}T16:30`);
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('CVC', { exact: true })).toHaveValue('');
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(stored).toContain('Rita');
  expect(stored).not.toMatch(/4242|"123"/);
});
