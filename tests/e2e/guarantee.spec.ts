// The parking guarantee in Chromium: a guest whose arrival is an hour away opens the booking from the e-mail's
// link, taps "The lot turned me away" under the pass, sees the nearby lots with what they pay there (no
// extra cost), moves to one with one tap, and lands on the new booking with its pass; the e-mail follows.
// Screenshots of the claim screen at each project's width (390 px mobile, 1280 px desktop).
import { cents } from '@/shared/money';
import { createLot } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

/** The lot's wall-clock time ('YYYY-MM-DDTHH:mm') `hours` from now, at an MCO lot (America/New_York). */
function orlandoIn(hours: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + hours * 3_600_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('a turned-away traveller moves to a nearby lot at no extra cost and gets the new pass', async ({ page, outbox, serverDb, login }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const from = await createLot({ db: serverDb }, { name: `Full Lot ${tag}`, priceCents: cents(1500), shuttleInfo: 'Every 10 minutes' });
  const to = await createLot({ db: serverDb }, { name: `Roomy Lot ${tag}`, priceCents: cents(1200), shuttleInfo: 'Every 15 minutes, 24/7', latitude: from.latitude + 0.004 });
  const email = uniqueEmail('guarantee');
  // The server's catalogue follows the content version within a moment.
  await expect.poll(async () => (await page.request.get(`/api/providers/${to.id}`)).status()).toBe(200);
  const booked = await page.request.post('/api/bookings/automated', {
    data: {
      providerId: from.id,
      customerInfo: { firstName: 'Grace', lastName: 'Hopper', email, phone: '555-010-0100' },
      reservationDetails: { arrivalDate: orlandoIn(1), departureDate: orlandoIn(49), vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'COBOL1' },
      paymentInfo: { cardNumber: '4242 4242 4242 4242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const { confirmationNumber } = await booked.json();
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))).toBe(true);
  const mail = (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))!;
  const link = new URL(/https?:\/\/\S+\/manage\/\S+\?token=[\w-]+/.exec(mail.text)![0]);

  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: from.name })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`guarantee-manage-${testInfo.project.name}.png`) });
  await page.getByRole('link', { name: 'The lot turned me away' }).first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'The lot turned you away?' })).toBeVisible();
  const option = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: to.name }) });
  await expect(option).toBeVisible();
  await expect(option.getByText('No extra cost')).toBeVisible();
  // Two days at $12 plus the fee, less than the $31.99 paid: the difference comes back.
  await expect(option.getByText('$25.99', { exact: true })).toBeVisible();
  await expect(option.getByText('$6.00 back to you')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`guarantee-claim-${testInfo.project.name}.png`), fullPage: true });

  await option.getByRole('button', { name: `Move here: ${to.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: to.name })).toBeVisible();
  const moved = /Booking (PP-[A-Z0-9]+)/.exec(
    (await page
      .getByText(/^Booking PP-/)
      .first()
      .textContent())!,
  )![1]!;
  expect(moved).not.toBe(confirmationNumber);
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${moved}` })).toBeVisible();
  // One claim per trip: the new booking offers no second one.
  await expect(page.getByRole('link', { name: 'The lot turned me away' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`guarantee-new-pass-${testInfo.project.name}.png`), fullPage: true });
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.text.includes(moved) && m.text.includes('parking guarantee'))).toBe(true);

  // The old booking says it was claimed.
  await page.goto(`${link.pathname}/guarantee${link.search}`);
  await expect(page.getByText('You were moved under the guarantee')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`guarantee-claimed-${testInfo.project.name}.png`), fullPage: true });

  // The administrator sees the claim in the Bookings tab.
  await login({ role: 'admin' });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const claims = page.getByRole('list', { name: 'Parking guarantee claims' });
  await expect(claims.getByText(confirmationNumber)).toBeVisible();
  await expect(claims.getByText(`Moved to ${to.name} as ${moved}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`guarantee-admin-${testInfo.project.name}.png`) });
});

test('the guarantee page states it, linked from the footer', async ({ page }, testInfo) => {
  await page.goto('/how-it-works');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Parking guarantee' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /parking guarantee/i })).toBeVisible();
  await expect(page.getByText('If a lot turns you away with a valid booking, we move you to a nearby lot with space at no extra cost, or refund you in full.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`guarantee-page-${testInfo.project.name}.png`), fullPage: true });
});
