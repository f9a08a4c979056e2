// Trip reminders in Chromium: the account's notifications tab saves the e-mail trip reminders setting (on the
// server: it is still off after a reload), and a booking made a few hours before arrival gets its arrival
// reminder at once, whose manage link opens the booking.
import { nextBookableTime } from '@/shared/stay-times';
import { expect, test, uniqueEmail } from './fixtures';

const LA = 'America/Los_Angeles';
const DESCRIPTION = 'The day before you arrive and on your departure day. Booking confirmations, changes and receipts are always sent.';

test('the notifications tab saves the e-mail trip reminders setting', async ({ page, login, isMobile }) => {
  await login();
  await page.goto('/account-settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const toggle = page.getByRole('checkbox', { name: /Email trip reminders/ });
  await expect(toggle).toBeChecked();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`notifications-${isMobile ? 390 : 1280}.png`), fullPage: true });

  await toggle.uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences Saved', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('checkbox', { name: /Email trip reminders/ })).not.toBeChecked();
});

test('a booking a few hours ahead gets its arrival reminder at once, and its manage link opens the booking', async ({ page, outbox, isMobile }) => {
  const arrival = nextBookableTime(LA, Date.now() + 3 * 3_600_000);
  const departure = `${new Date(Date.parse(`${arrival.slice(0, 10)}T00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10)}T10:00`;
  const search = await (await page.request.get(`/api/search?location=LAX&arrivalDate=${arrival.slice(0, 10)}&departureDate=${departure.slice(0, 10)}`)).json();
  const lot = search.providers.find((p: { availableSpaces: number }) => p.availableSpaces > 0);
  const email = uniqueEmail('reminder');
  const booked = await page.request.post('/api/bookings/automated', {
    headers: { 'Idempotency-Key': `e2e-reminder-${email}` },
    data: {
      providerId: lot.id,
      customerInfo: { firstName: 'Remy', lastName: 'Minder', email, phone: '555-010-0199' },
      reservationDetails: { arrivalDate: arrival, departureDate: departure, vehicleMake: 'Kia', vehicleModel: 'Rio', licensePlate: '7REM123' },
      paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
  });
  expect(booked.status()).toBe(200);

  const reminder = async () => (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith(`Your parking at ${lot.name}`));
  await expect.poll(async () => (await reminder())?.subject).toMatch(/ (today|tomorrow)$/);
  const mail = (await reminder())!;
  expect(mail.text).toContain('Directions: https://www.google.com/maps/dir/');
  expect(mail.attachments).toEqual(['parking-pass.png']);

  // How it looks (the inline pass image is an attachment, shown here as its alt text).
  await page.setContent(mail.html);
  await page.screenshot({ path: test.info().outputPath(`arrival-reminder-${isMobile ? 390 : 1280}.png`), fullPage: true });

  const manage = /Manage your booking: (\S+)/.exec(mail.text)![1]!;
  await page.goto(new URL(manage).pathname + new URL(manage).search);
  await expect(page.getByText('7REM123').first()).toBeVisible();
});
