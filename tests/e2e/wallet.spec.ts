// Wallet passes in Chromium (the e2e server signs with throwaway keys: playwright.config.ts): the manage page
// reached by the e-mail's link offers "Add to Apple Wallet" (a .pkpass download) and "Save to Google Wallet"
// (a pay.google.com save link, answered here by a stand-in: no network in tests), and so does the thank-you page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, uniqueEmail } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('the pass offers Apple and Google Wallet on the manage and thank-you pages', async ({ page, outbox }, info) => {
  const email = uniqueEmail('wallet');
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers.at(-1);
  const booked = await page.request.post('/api/bookings/automated', {
    data: {
      providerId: lot.id,
      customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-010-0100' },
      reservationDetails: { arrivalDate: `${day(30)}T09:00`, departureDate: `${day(33)}T09:00`, vehicleMake: 'Toyota', vehicleModel: 'Camry', licensePlate: 'WALLET1' },
      paymentInfo: { cardNumber: '4242 4242 4242 4242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
  });
  expect(booked.ok()).toBe(true);
  const { confirmationNumber } = await booked.json();
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))).toBe(true);
  const mail = (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))!;
  const link = new URL(/https?:\/\/\S+\/manage\/\S+\?token=[\w-]+/.exec(mail.text)![0]);

  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${confirmationNumber}` })).toBeVisible();
  const apple = page.getByRole('link', { name: 'Add to Apple Wallet' });
  const google = page.getByRole('button', { name: 'Save to Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  await page.getByRole('group', { name: 'Add the pass to a wallet' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('manage-wallet.png'), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).include('[aria-label="Add the pass to a wallet"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe(`${confirmationNumber}.pkpass`);

  await page.route('https://pay.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google Wallet stand-in</title><h1>Saved</h1>' }));
  await google.click();
  await expect(page).toHaveURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

  // The thank-you page of the same booking (its link).
  await page.goto(`/thank-you?confirmation=${confirmationNumber}&token=${link.searchParams.get('token')}`);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to Google Wallet' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('thank-you-wallet.png'), fullPage: true });
});
