// One rule for every door, in Chromium at 390 px: once the car is checked in at the gate, no Cancel is offered
// anywhere (booking history, the manage page, the support chat), and the API refuses it.
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { checkoutRequest } from '../support/factories';
import { expect, test } from './fixtures';
import { bostonLot, staffAccount } from './support/gate';

test('a checked-in booking shows no Cancel anywhere', async ({ page, browser, isMobile, login }) => {
  test.skip(!isMobile, 'a phone-width journey');
  const lot = await bostonLot(page.request);
  const { email } = await login({ name: 'Cass Checkedin' });
  // Arrives in 90 minutes: the gate's early window is open, and before the fix history still offered Cancel.
  const booked = await page.request.post('/api/bookings/automated', {
    data: checkoutRequest(lot.id, {
      email,
      arrival: lotWallClock(new Date(Date.now() + 90 * 60_000), lot.state),
      departure: lotWallClock(new Date(Date.now() + 50 * 3_600_000), lot.state),
      customer: { firstName: 'Cass', lastName: 'Checkedin' },
    }),
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const { confirmationNumber: confirmation, booking } = await booked.json();

  // Before check-in history offers Cancel (the rule's other side).
  await page.goto('/?view=history');
  const card = page.getByRole('listitem').filter({ hasText: confirmation });
  await expect(card.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();

  const staff = await staffAccount(browser, login, lot.id);
  expect((await staff.request.post(`/api/gate/bookings/${confirmation}/check-in`, { data: { lotId: lot.id } })).ok()).toBe(true);
  await staff.close();

  await page.reload();
  await expect(card.getByText('confirmed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);

  await page.goto(`/manage/${confirmation}`);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('manage-checked-in-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Support' }).click();
  const support = page.getByRole('dialog', { name: 'Support' });
  const input = support.getByLabel('Message support');
  await input.fill(`Can I cancel ${confirmation}?`);
  await input.press('Enter');
  await expect(support.getByText(/checked in at the lot/).first()).toBeVisible();
  await expect(support.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(support.getByRole('button', { name: 'E-mail receipt' })).toBeVisible();

  const refused = await page.request.patch(`/api/bookings/${booking.id}/status`, { data: { status: 'cancelled' } });
  expect(refused.status()).toBe(409);
});
