// Managing a booking in Chromium: the confirmation e-mail's link opens the booking in a fresh browser (no
// session), the traveller extends the stay and pays the difference by card, and the page shows the new dates,
// total and change; a tampered link is refused with a way to get a fresh one.
import { priceStay } from '@/shared/pricing';
import { expect, test, uniqueEmail } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('the e-mailed link opens the booking in a fresh browser, and a date change is paid by card', async ({ page, outbox }) => {
  const email = uniqueEmail('manage');
  const lot = (await (await page.request.get('/api/search?location=MCO')).json()).providers.at(-1);
  const booked = await page.request.post('/api/bookings/automated', {
    data: {
      providerId: lot.id,
      customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-010-0100' },
      reservationDetails: { arrivalDate: `${day(30)}T09:00`, departureDate: `${day(33)}T09:00`, vehicleMake: 'Toyota', vehicleModel: 'Camry', licensePlate: 'PARK42' },
      paymentInfo: { cardNumber: '4242 4242 4242 4242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
  });
  expect(booked.ok()).toBe(true);
  const { confirmationNumber, booking } = await booked.json();
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))).toBe(true);
  const mail = (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))!;
  const link = new URL(/https?:\/\/\S+\/manage\/\S+\?token=[\w-]+/.exec(mail.text)![0]);

  // A fresh browser: no session, only the link.
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: lot.name })).toBeVisible();
  await expect(page.getByText(`Booking ${confirmationNumber}`)).toBeVisible();
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${confirmationNumber}` })).toBeVisible();

  await page.getByRole('button', { name: 'Change dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your dates' });
  await dialog.getByLabel('Check-out (departure)').fill(`${day(35)}T09:00`);
  const difference = dialog.getByTestId('change-difference');
  await expect(difference).toHaveText(/^You pay \$[\d.]+ more$/);
  const amount = /\$([\d.]+)/.exec((await difference.textContent())!)![1]!;
  // The difference is exactly the repriced stay's: 5 days at the lot's rate minus what the 3 days cost.
  // (Kept days cost what they cost, added days today's rate: here the same rate, so the same as repricing.)
  const fiveDays = priceStay({ dailyPrice: lot.priceCents, weeklyRate: lot.weeklyRateCents, days: 5 }).subtotal / 100;
  expect(Number(amount)).toBeCloseTo(fiveDays - booking.parkingFee, 2);
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC', { exact: true }).fill('123');
  await dialog.getByLabel('ZIP', { exact: true }).fill('32801');
  await dialog.getByRole('button', { name: `Pay $${amount} and change dates` }).click();

  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Booking Changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  const newTotal = (Math.round(booking.totalFee * 100) + Math.round(Number(amount) * 100)) / 100;
  await expect(page.getByText(`$${newTotal.toFixed(2)}`, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`Charged \\$${amount.replace('.', '\\.')} to Visa ending in 4242`))).toBeVisible();
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.subject.startsWith('Booking changed'))).toBe(true);

  // A tampered link is refused, with a way to get a fresh one by e-mail.
  await page.goto(`${link.pathname}?token=${link.searchParams.get('token')!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}`);
  await expect(page.getByRole('heading', { name: "We couldn't open this booking" })).toBeVisible();
  await page.getByLabel('E-mail used to book').fill(email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
});
