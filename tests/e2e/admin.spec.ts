// The back office in Chromium: admin sign-in, overview figures that follow a booking, user search and
// details, an expandable booking row, an HTML report download, and page views reaching Website Analytics.
import { ADMIN } from '../../playwright.config';
import { checkoutRequest } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

// A regular desktop browser: headless Chromium's own user agent is (rightly) treated as a bot by analytics.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('an administrator follows bookings, users, reports and analytics', async ({ page, browser, login }) => {
  test.setTimeout(90_000);
  // Anonymous visitors are sent to the admin sign-in.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  const figure = async (label: string) =>
    Number((await page.getByText(label, { exact: true }).locator('xpath=../..').locator('div.text-2xl').textContent())!.replace(/[^\d.]/g, ''));
  await expect(page.getByText('Total Bookings', { exact: true })).toBeVisible();
  await expect.poll(() => figure('Total Bookings')).toBeGreaterThanOrEqual(0);
  const bookingsBefore = await figure('Total Bookings');
  const revenueBefore = await figure('Total Revenue');

  // A traveller books in another browser, and browses a few pages (analytics).
  const traveller = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    viewport: { width: 390, height: 800 },
  });
  const t = await traveller.newPage();
  const email = uniqueEmail('admin-seen');
  const name = `Vera Visitor ${Date.now()}`;
  await login({ name, email, context: traveller });
  // Events are batched and sent a few seconds later with navigator.sendBeacon.
  const beacon = t.waitForResponse((r) => r.url().endsWith('/api/analytics/events'), { timeout: 15_000 });
  // Arrive from a (unique) other site, so this visit is recognisable among the other tests' page views.
  const referrerHost = `news-${Date.now()}-${Math.floor(Math.random() * 1e6)}.example`;
  await t.goto('/blog', { referer: `https://${referrerHost}/travel` });
  await beacon;
  const search = await (await t.request.get(`/api/search?location=BOS&arrivalDate=${day(9)}&departureDate=${day(10)}`)).json();
  const booked = await (
    await t.request.post('/api/bookings/automated', {
      data: checkoutRequest(search.providers[0].id, {
        email,
        arrival: `${day(9)}T08:00`,
        departure: `${day(10)}T20:00`,
        customer: { firstName: 'Vera', lastName: 'Visitor', phone: '555-010-0142' },
        reservation: { vehicleMake: 'Volvo', vehicleModel: 'XC40', licensePlate: 'VV42' },
      }),
    })
  ).json();
  await t.close();
  await traveller.close();

  await page.reload();
  // (The desktop and mobile runs share one server, so the other run may book too.)
  await expect.poll(() => figure('Total Bookings')).toBeGreaterThanOrEqual(bookingsBefore + 1);
  expect(await figure('Total Revenue')).toBeGreaterThanOrEqual(revenueBefore + booked.booking.totalFee - 0.001);

  // Users: search needs more than 2 characters; the details open from a result.
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByLabel('Search users').fill('Ve');
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
  await page.getByLabel('Search users').fill(name);
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText('Activity Summary')).toBeVisible();
  await expect(detail.getByText(booked.confirmationNumber)).toBeVisible();
  await page.keyboard.press('Escape');

  // Bookings: a row expands to the contact, vehicle and location.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const row = page.getByRole('list', { name: 'All bookings' }).getByRole('button', { name: new RegExp(booked.confirmationNumber) });
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('555-010-0142')).toBeVisible();
  await expect(page.getByText('VV42')).toBeVisible();

  // Reports: an HTML report downloads as seo-report-{date}.html.
  await page.getByRole('tab', { name: 'SEO Reports' }).click();
  await page.getByLabel('Format').selectOption('html');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  expect((await download).suggestedFilename()).toMatch(/^seo-report-\d{4}-\d{2}-\d{2}\.html$/);
  await expect(page.getByText('Report Downloaded')).toBeVisible();

  // Analytics: the traveller's page views are counted.
  await page.getByRole('tab', { name: 'Website Analytics' }).click();
  await expect
    .poll(async () => {
      const a = await (await page.request.get('/api/admin/analytics')).json();
      return a.topReferrers.some((r: { source: string }) => r.source === referrerHost) && a.deviceTypes.mobile > 0 && a.pageViews > 0;
    })
    .toBe(true);
  await expect(page.getByText('Top Pages')).toBeVisible();
});
