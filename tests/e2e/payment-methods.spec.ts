// Saved cards in Chromium (sandbox): the signed-out state, adding cards in test mode, default and removal.
import { expect, test } from './fixtures';

test('signed out, the page asks to sign in', async ({ page }) => {
  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to manage your payment methods.')).toBeVisible();
});

test('add two cards, switch the default, remove one', async ({ page, login }) => {
  await login({ name: 'Card Holder' });
  await page.goto('/payment-methods');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Payment Methods');
  await expect(page.getByText('No payment methods')).toBeVisible();
  await expect(page.getByText('Add your first payment method to start booking parking.')).toBeVisible();

  async function addCard(number: string) {
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await expect(dialog.getByText('Test mode.')).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toHaveValue('Card Holder');
    await dialog.getByLabel('Address').fill('1 Main St');
    await dialog.getByLabel('City').fill('Orlando');
    await dialog.getByLabel('State').fill('FL');
    await dialog.getByLabel('ZIP code').fill('32801');
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Expiry').fill('10/32');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByRole('button', { name: 'Save Card' }).click();
    await expect(page.getByText('Payment method added successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  // The form's own checks come first.
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await addCard('4242 4242 4242 4242');
  const cards = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('•••• 4242');
  await expect(cards.first().getByText('Default', { exact: true })).toBeVisible();
  await expect(cards.first()).toContainText('Expires 10/2032');

  await addCard('5555 5555 5555 4444');
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }).click();
  await expect(page.getByText('Default payment method updated')).toBeVisible();
  await expect(cards.filter({ hasText: '•••• 4444' }).getByText('Default', { exact: true })).toBeVisible();
  await expect(cards.filter({ hasText: '•••• 4242' }).getByText('Default', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove Mastercard ending in 4444' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove Card' }).click();
  await expect(page.getByText('Payment method removed successfully')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText('Default', { exact: true })).toBeVisible();
});
