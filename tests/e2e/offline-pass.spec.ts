// The pass that opens offline, in Chromium: the e-mailed link opens the booking, the page's service worker saves
// its pass on the device, and with the network cut the pass page (and the booking's own link) opens from the
// device with the QR and the plate. Cancelling the booking deletes the copy; so does the worker when, back
// online, the server says the booking is gone (cancelled from another device).
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PLATE = 'PASS 42';

/** A guest booking made through the API; its e-mailed manage link (path and query). */
async function book(page: Page, outbox: () => Promise<{ to: string; subject: string; text: string }[]>) {
  const email = uniqueEmail('offline');
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers.at(-1);
  const booked = await page.request.post('/api/bookings/automated', {
    data: {
      providerId: lot.id,
      customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-010-0100' },
      reservationDetails: { arrivalDate: `${day(40)}T09:00`, departureDate: `${day(42)}T09:00`, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: PLATE },
      paymentInfo: { cardNumber: '4242 4242 4242 4242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
  });
  expect(booked.ok()).toBe(true);
  const { confirmationNumber } = (await booked.json()) as { confirmationNumber: string };
  const confirmed = async () => (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'));
  await expect.poll(async () => Boolean(await confirmed())).toBe(true);
  const link = new URL(/https?:\/\/\S+\/manage\/\S+\?token=[\w-]+/.exec((await confirmed())!.text)![0]);
  return { n: confirmationNumber, manage: `${link.pathname}${link.search}`, token: link.searchParams.get('token')!, lot: lot as { name: string } };
}

/** Whether this device's Cache Storage holds the booking's pass. */
const stored = (page: Page, n: string) => page.evaluate(async (c) => Boolean(await caches.match(`/pass/${encodeURIComponent(c)}/data`)), n);

/** A plain navigation: the fixture's page.goto waits for the app to hydrate, and the worker's page is not the app. */
const open = (page: Page, path: string) => page.mainFrame().goto(new URL(path, page.url()).href);

test('with the network cut, the saved pass opens from the device with its QR and plate; cancelling deletes it', async ({ page, context, outbox }, testInfo) => {
  const b = await book(page, outbox);
  await context.clearCookies();
  await page.goto(b.manage);
  await expect(page.getByRole('heading', { level: 1, name: b.lot.name })).toBeVisible();
  const note = page.getByTestId('offline-pass-note');
  await expect(note).toContainText('Saved on this device for offline use.', { timeout: 30_000 });
  expect(await stored(page, b.n)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('manage.png'), fullPage: true });

  await context.setOffline(true);
  await note.getByRole('link', { name: 'Open offline' }).click();
  await expect(page).toHaveURL(new RegExp(`/pass/${b.n}`));
  await expect(page.getByText('Offline copy — saved on this device')).toBeVisible();
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${b.n}` })).toBeVisible();
  await expect(page.getByTestId('offline-plate')).toHaveText(PLATE);
  await expect(page.getByRole('heading', { level: 1, name: b.lot.name })).toBeVisible();
  await expect(page.getByText('Check-in', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-pass.png'), fullPage: true });

  // The e-mail's link itself, reloaded with no network, shows the same saved pass.
  await open(page, b.manage);
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${b.n}` })).toBeVisible();
  await expect(page.getByTestId('offline-plate')).toHaveText(PLATE);

  // Back online: cancelling on the manage page deletes the device's copy.
  await context.setOffline(false);
  await page.goto(b.manage);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect.poll(() => stored(page, b.n)).toBe(false);
  await expect(note).toHaveCount(0);
  // /pass/{n} now has nothing to open: the server sends the device to the booking's page.
  await open(page, `/pass/${b.n}`);
  await expect(page).toHaveURL(new RegExp(`/manage/${b.n}`));
});

test('the thank-you page saves the pass; back online, the worker deletes the copy of a booking cancelled from another device', async ({
  page,
  context,
  outbox,
  playwright,
  baseURL,
}, testInfo) => {
  const b = await book(page, outbox);
  await context.clearCookies();
  // The thank-you page (the booking's link) saves the pass too.
  await page.goto(`/thank-you?confirmation=${b.n}&token=${b.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByTestId('offline-pass-note')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('thank-you.png'), fullPage: true });

  // Another device (its own request context, no shared storage) cancels through the link.
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await other.post(`/api/bookings/${b.n}/cancel`, { data: { token: b.token, reason: 'plans changed' } })).ok()).toBe(true);
  await other.dispose();
  expect(await stored(page, b.n)).toBe(true);

  // Opening the saved pass checks with the server first: the booking is gone, so is the copy.
  await open(page, `/pass/${b.n}`);
  await expect(page).toHaveURL(new RegExp(`/manage/${b.n}$`));
  await expect.poll(() => stored(page, b.n)).toBe(false);
});
