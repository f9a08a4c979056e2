// Issue 26: the fee never traps a guest and never tolls booking. A guest pays the $0.99 detail fee, then books
// a lot there with the same e-mail (pre-filled from the fee dialog): "Credit applied" shows before paying and
// the amount charged is $0.99 below the result card's total; the e-mail can still sign up. Select goes to
// checkout while details are locked; sorting is not a search for the free allowance. A signed-in traveller
// pays the fee with a saved card. Runs at 1280 and 390 px.
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

const dollars = (text: string | null) => Number(/\$([\d,]+\.\d{2})/.exec(text ?? '')![1]!.replace(/,/g, ''));
const money = (n: number) => `$${n.toFixed(2)}`;

/** Two searches (two places): the free allowance is used up and details lock. */
async function searchTwice(page: Page) {
  await page.goto('/?location=LAX');
  await expect(page.getByRole('heading', { name: /Parking Options for Los Angeles International Airport/ })).toBeVisible();
  // The results list counts the search once its code has loaded (a person reads the list first).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('searchCount'))).toBe('1');
  await page.getByLabel('Where are you parking?').fill('MCO');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Parking Options for Orlando International Airport/ })).toBeVisible();
  await expect(page.getByText('Distance, shuttle, amenities and contact details are locked.').first()).toBeVisible();
}

const firstCard = (page: Page): Locator =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Select' }) })
    .first();

test('a guest pays the fee, then books with the same e-mail: credit applied, $0.99 below the result card', async ({ page }) => {
  await searchTwice(page);
  const card = firstCard(page);
  const name = (await card.getByRole('heading').textContent())!;
  const cardTotal = dollars(
    await card
      .locator('p')
      .filter({ hasText: /total for \d+ days?/ })
      .textContent(),
  );

  await card.getByRole('button', { name: 'Unlock details for $0.99' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access Detailed Information' });
  await expect(dialog.getByText(/no account needed/)).toBeVisible();
  const email = uniqueEmail('guest-credit');
  await dialog.getByLabel('First name').fill('Gwen');
  await dialog.getByLabel('Last name').fill('Guest');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP', { exact: true }).fill('32801');
  await dialog.getByRole('button', { name: 'Pay $0.99' }).click();
  await expect(page.getByText('Access Granted!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await card.getByRole('link', { name: 'Select' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  // The fee dialog's contact is there, so the credit of that e-mail shows before anything is paid.
  await expect(page.getByLabel('First name')).toHaveValue('Gwen');
  await expect(page.getByLabel('Last name')).toHaveValue('Guest');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const summary = page.getByRole('region', { name: 'Booking Summary' });
  await expect(summary.getByText('Credit applied')).toBeVisible();
  await expect(summary.getByText('−$0.99')).toBeVisible();
  const pay = page.getByRole('button', { name: /Complete Booking/ });
  await expect(pay).toHaveText(`Complete Booking · ${money(cardTotal - 0.99)}`);

  await page.getByLabel('Phone').fill('555-010-0199');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill('Camry');
  await page.getByLabel('License plate').fill('GST42');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expir/).fill('12/34');
  await page.getByLabel(/^(CVV|CVC)$/).fill('123');
  await page.getByLabel(/ZIP/).fill('32801');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await pay.click();

  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-/);
  await expect(page.getByText(money(cardTotal - 0.99)).first()).toBeVisible();
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;
  const token = new URL(page.url()).searchParams.get('token')!;
  const booking = await (await page.request.get(`/api/bookings/${confirmation}/view?token=${token}`)).json();
  expect(booking).toMatchObject({ creditApplied: 0.99, email });
  expect(booking.totalFee).toBeCloseTo(cardTotal - 0.99, 2);

  // Nothing blocks the e-mail from signing up now.
  const signUp = await page.request.post('/api/auth/register', { data: { name: 'Gwen Guest', email, password: 'secret password' } });
  expect(signUp.status()).toBe(201);
});

test('Select books while details are locked, and sorting is not a search', async ({ page }) => {
  await page.goto('/?location=LAX');
  await expect(page.getByRole('heading', { name: /Parking Options for Los Angeles International Airport/ })).toBeVisible();
  const searches = () => page.evaluate(() => localStorage.getItem('searchCount'));
  await expect.poll(searches).toBe('1');
  // Reordering the same search, again and again, leaves the details open (and is not counted).
  for (const sort of ['distance', 'rating', 'price']) {
    await page.goto(`/?location=LAX&sort=${sort}`);
    await expect(page.getByRole('heading', { name: /Parking Options for Los Angeles International Airport/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
    expect(await searches()).toBe('1');
  }
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  await expect(page.getByText('Distance, shuttle, amenities and contact details are locked.')).toHaveCount(0);

  // A new place is the second search: details lock, but Select still opens checkout, no dialog, no toast.
  await page.getByLabel('Where are you parking?').fill('MCO');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Distance, shuttle, amenities and contact details are locked.').first()).toBeVisible();
  await firstCard(page).getByRole('link', { name: 'Select' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a signed-in traveller pays the fee with a saved card', async ({ page, login }) => {
  const { email } = await login({ name: 'Sally Saved' });
  const pm = await (await page.request.post('/api/payments/sandbox/payment-methods', { data: { cardNumber: '4242 4242 4242 4242', expiry: '11/33', cvc: '123' } })).json();
  const billing = { name: 'Sally Saved', email, address: { line1: '1 Main St', city: 'Orlando', state: 'FL', postal_code: '32801', country: 'US' } };
  expect((await page.request.post('/api/payment-methods', { data: { payment_method_id: pm.id, billing_details: billing } })).status()).toBe(201);

  await searchTwice(page);
  await firstCard(page).getByRole('button', { name: 'Unlock details for $0.99' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access Detailed Information' });
  const saved = dialog.getByRole('radiogroup', { name: 'Saved cards' });
  await expect(saved.getByRole('radio').first()).toBeChecked();
  await expect(saved.getByText('•••• 4242')).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay $0.99 with this card' }).click();
  await expect(page.getByText('Access Granted!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
});
