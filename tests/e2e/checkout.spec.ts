// Checkout in Chromium (sandbox payments): search → details → checkout with 4242 → thank-you with the QR
// pass → booking history → cancel; a declined card shows 'Booking Failed' and books nothing.
import { expect, test, uniqueEmail } from './fixtures';
import type { Page } from '@playwright/test';

/** A date some days ahead as YYYY-MM-DD (lot-local dates; far enough ahead to be cancellable). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function fillCheckout(page: Page, card: string) {
  await page.getByLabel('Phone').fill('555-010-0199');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill('Camry');
  await page.getByLabel('License plate').fill('PARK42');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('ZIP', { exact: true }).fill('32801');
}

test('search, details, checkout with 4242, thank-you pass, history and cancellation', async ({ page, outbox, login }) => {
  const { email } = await login({ name: 'Ada Lovelace', email: uniqueEmail('checkout') });
  const arrival = day(12);
  const departure = day(15);
  await page.goto(`/locations/orlando-international-airport?arrivalDate=${arrival}&departureDate=${departure}`);
  await expect(page.getByRole('heading', { name: /^Parking Options for Orlando International Airport/ })).toBeVisible();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/provider\//);
  const lot = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('link', { name: 'Reserve Your Spot' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  // Prefilled from the account, dates from the search; the live estimate shows the 3-day total.
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Check-in (arrival)')).toHaveValue(`${arrival}T10:00`);
  const summary = page.getByRole('region', { name: 'Booking Summary' });
  await expect(summary.getByText(/^Parking, 3 days × \$[\d.]+$/)).toBeVisible();
  const total = (await summary
    .getByText(/^\$[\d,.]+$/)
    .last()
    .textContent())!;

  // Every wrong field is marked at once, each with its own message, and the first one has the focus.
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  const form = page.getByRole('form', { name: 'Booking details' });
  for (const message of [
    'Phone is required',
    'Vehicle make is required',
    'Vehicle model is required',
    'Card number is required',
    'Expiry is required',
    'CVC is required',
    'ZIP is required',
    'Please accept the Terms of Service and Privacy Policy',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Phone')).toBeFocused();
  await fillCheckout(page, '4242 4242 4242 4242');
  await expect(form.getByText('Card number is required')).toHaveCount(0);
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(form.getByText('Please accept the Terms of Service and Privacy Policy')).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: `Complete Booking · ${total}` }).click();

  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;
  await expect(page.getByText(confirmation).first()).toBeVisible();
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${confirmation}` })).toBeVisible();
  await expect(page.getByText(lot).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Another Spot' })).toHaveAttribute('href', '/locations');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toBe(`${confirmation}.ics`);
  // The e-mail is a job that runs right after the booking commits.
  await expect.poll(async () => (await outbox()).some((m) => m.to === email && m.subject.includes(confirmation))).toBe(true);

  // History lists it; cancelling 12 days ahead refunds the parking fee.
  await page.goto('/?view=history');
  const card = page.getByRole('listitem').filter({ hasText: confirmation });
  await expect(card.getByText('confirmed')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel Booking' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/back to your card/)).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('Plans changed');
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(card.getByText('cancelled')).toBeVisible();
  await expect(card.getByText(/refunded/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'View Details' })).toHaveCount(0);
});

test('a guest books without being signed in, sees the booking by its own link, and the e-mailed link opens it in a fresh browser', async ({ page, browser, outbox }) => {
  const email = uniqueEmail('guest-checkout');
  await page.goto(`/locations/tampa-international-airport?arrivalDate=${day(18)}&departureDate=${day(20)}`);
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await page.getByRole('link', { name: 'Reserve Your Spot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.getByLabel('First name').fill('Gus');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Email').fill(email);
  await fillCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();

  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-[A-Z0-9]+&token=[a-z0-9]+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;
  await expect(page.getByText(/Open the link in your confirmation e-mail/)).toBeVisible();
  // Paying made an account for the e-mail, but this browser is not signed in to it.
  expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();

  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((m) => m.to === email && m.subject.includes(confirmation));
      link = new RegExp(`https?://[^\\s]+/manage/${confirmation}\\?token=[a-z0-9]+`).exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const url = new URL(link);
    await other.goto(link);
    await expect(other.getByText(`Booking ${confirmation}`)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Change dates' })).toBeVisible();
    // A tampered link shows nothing of the booking.
    await other.goto(`${url.origin}${url.pathname}?token=${url.searchParams.get('token')!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}`);
    await expect(other.getByRole('heading', { name: "We couldn't open this booking" })).toBeVisible();
    await expect(other.getByText(`Booking ${confirmation}`)).toHaveCount(0);
  } finally {
    await fresh.close();
  }
});

test('a declined card shows Booking Failed and books nothing', async ({ page, login }) => {
  await login({ name: 'Decline Test' });
  await page.goto('/locations/miami-international-airport');
  await page.getByRole('link', { name: 'Select' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await fillCheckout(page, '4000 0000 0000 0002');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(page.getByText('Booking Failed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Booking details' }).getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?/);
  const history = await page.request.get('/api/bookings/history');
  expect(await history.json()).toEqual([]);
});

test('checkout without a provider shows Provider Not Found', async ({ page }) => {
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Provider Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
