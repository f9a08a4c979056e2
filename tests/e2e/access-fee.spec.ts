// The $0.99 detail-access fee end to end in sandbox mode: gating after two searches, the dialog, the
// test-mode card form, declines, and the unlocked details, for a guest and for a signed-in traveller. (The
// guest's credit at checkout, and paying with a saved card: guest-credit.spec.ts.)
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

async function searchTwice(page: Page) {
  await page.goto('/?location=LAX');
  await expect(page.getByRole('heading', { name: /Parking Options for Los Angeles International Airport/ })).toBeVisible();
  // The results list counts the search once its code has loaded (a person reads the list first).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('searchCount'))).toBe('1');
  await page.getByLabel('Where are you parking?').fill('MCO');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Parking Options for Orlando International Airport/ })).toBeVisible();
  await expect(page.getByText('Distance, shuttle, amenities and contact details are locked.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(0);
}

async function payWith(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Test mode.')).toBeVisible();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC', { exact: true }).fill('123');
  await dialog.getByLabel('ZIP', { exact: true }).fill('32801');
  await dialog.getByRole('button', { name: 'Pay $0.99' }).click();
}

test('a guest unlocks details with contact details and a test card, and gets no account', async ({ page, outbox }) => {
  await searchTwice(page);
  await page.getByRole('button', { name: 'Unlock details for $0.99' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Access Detailed Information' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Required Information Missing')).toBeVisible();
  await expect(page.getByText('Please fill in your contact information to proceed')).toBeVisible();
  await expect(dialog.getByText('This field is required')).toHaveCount(3);

  const email = uniqueEmail('guest');
  await dialog.getByLabel('First name').fill('Gina');
  await dialog.getByLabel('Last name').fill('Guest');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWith(page, '4242 4242 4242 4242');

  await expect(page.getByText('Access Granted!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  // No account was made for the guest: signing up with the e-mail later works.
  expect((await outbox()).some((m) => m.to.includes(email))).toBe(false);
  expect((await page.request.post('/api/auth/register', { data: { name: 'Gina Guest', email, password: 'secret password' } })).status()).toBe(201);
});

test('a signed-in traveller is declined, pays, and the fee is credited on the total of a lot there', async ({ page, login }) => {
  await login({ name: 'Sid Signed' });
  await searchTwice(page);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Select' }) })
    .first();
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: 'Unlock details for $0.99' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access Detailed Information' });
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  // The bank's answer stays at the card number, not only in the toast.
  await expect(dialog.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();

  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByRole('button', { name: 'Pay $0.99' }).click();
  await expect(page.getByText('Access Granted!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Checkout for a lot there, with the fee credited back on the total.
  await card.getByRole('link', { name: 'Select' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Booking Summary' });
  await expect(summary.getByText(name)).toBeVisible();
  await expect(summary.getByText('Credit applied')).toBeVisible();
  await expect(summary.getByText('−$0.99')).toBeVisible();

  // The credit shows in billing.
  await page.goto('/account-settings?tab=billing');
  await expect(page.getByText('$0.99').first()).toBeVisible();
});
