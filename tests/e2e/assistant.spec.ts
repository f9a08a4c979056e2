// The assistants and support in Chromium: the floating assistant and the Parking Assistant panel search
// from a sentence and hand the results on; the location-page chat answers; support finds a booking by its
// confirmation number and e-mails its receipt.
import type { Page } from '@playwright/test';
import { checkoutRequest } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('the floating assistant searches "parking at MCO next Friday for 3 days" and a lot opens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open parking assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Parking assistant' });
  await expect(panel.getByText('Where are you flying or sailing from')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Suggestions' }).getByRole('button')).toHaveCount(4);
  await panel.getByLabel('Message the assistant').fill('parking at MCO next Friday for 3 days');
  await panel.getByLabel('Message the assistant').press('Enter');
  await expect(panel.getByText(/I found \d+ parking options near Orlando International Airport \(MCO\)/)).toBeVisible();

  // Handed to the results list: Orlando, a 3-day stay starting on a Friday.
  await expect(page).toHaveURL(/\/\?location=Orlando\+International\+Airport&arrivalDate=\d{4}-\d{2}-\d{2}&departureDate=/);
  const url = new URL(page.url());
  const arrival = url.searchParams.get('arrivalDate')!;
  expect(new Date(`${arrival}T12:00:00Z`).getUTCDay()).toBe(5);
  expect((Date.parse(url.searchParams.get('departureDate')!) - Date.parse(arrival)) / 86_400_000).toBe(3);
  await expect(page.getByRole('heading', { name: /^Parking Options for Orlando International Airport \(\d+ found\)$/ })).toBeVisible();
  await expect(page.getByText('total for 3 days').first()).toBeVisible();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByRole('link', { name: 'Reserve Your Spot' })).toBeVisible();
});

test('the Parking Assistant panel: Enter sends, Shift+Enter does not, results follow the answer', async ({ page, login }) => {
  await login({ name: 'Pat Panel' });
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Parking Assistant' });
  await expect(panel.getByText('Online')).toBeVisible();
  const input = panel.getByLabel('Message the parking assistant');
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.fill('hello there');
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('hello there');
  await input.press('Enter');
  await expect(panel.getByText("Hi! I'm the ParkPilot parking assistant.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await input.fill('cheap parking near the Miami cruise port');
  await input.press('Enter');
  await expect(panel.getByText(/I found \d+ parking options near PortMiami/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Parking Options for PortMiami \(\d+ found\)$/ })).toBeVisible();
});

test('the location page chat answers about that place; Shift+Enter adds a line', async ({ page }) => {
  await page.goto('/locations/port-canaveral-cruise-port');
  const box = page.getByLabel('Ask about parking at Port Canaveral');
  await box.fill('Is there a shuttle?');
  await box.press('Shift+Enter');
  await box.pressSequentially('And how far?');
  await expect(box).toHaveValue('Is there a shuttle?\nAnd how far?');
  await box.press('Enter');
  const answer = page.getByRole('log', { name: 'Answers about Port Canaveral' });
  await expect(answer.getByText(/parking options near Port Canaveral/)).toBeVisible();
  await expect(answer).toContainText(/The closest to the terminal is .+ miles? from the terminal/);
  await expect(answer).toContainText(/Shuttle times: .+ free shuttle/);
  await expect(answer).not.toContainText('sorted the list');
  await expect(box).toHaveValue('');
});

/** Holds the location chat's code until the test releases it (no timer): what the visitor does before it arrives. */
async function holdChatCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false, release };
  await page.route(/\/assets\/location-chat-live-[\w-]{8}\.js$/, async (route) => {
    state.requested = true;
    await held;
    await route.continue();
  });
  return state;
}

test('the location page chat is usable before its code arrives: a question sent meanwhile is asked once it has', async ({ page }) => {
  const code = await holdChatCode(page);
  await page.goto('/locations/port-canaveral-cruise-port');
  await page.waitForLoadState('networkidle');
  // Not part of the first visit: only the first focus on the question box asks for it.
  expect(code.requested).toBe(false);
  const box = page.getByLabel('Ask about parking at Port Canaveral');
  await box.fill('Is there');
  await expect.poll(() => code.requested).toBe(true);
  await box.pressSequentially(' a shuttle?');
  await box.press('Enter');
  code.release();
  const answer = page.getByRole('log', { name: 'Answers about Port Canaveral' });
  await expect(answer.getByText('Is there a shuttle?')).toBeVisible();
  await expect(answer).toContainText(/Shuttle times: .+ free shuttle/);
  await expect(box).toHaveValue('');
});

test('the location page chat keeps the focus and what was typed when its code arrives', async ({ page }) => {
  const code = await holdChatCode(page);
  await page.goto('/locations/port-canaveral-cruise-port');
  await page.waitForLoadState('networkidle');
  const box = page.getByLabel('Ask about parking at Port Canaveral');
  await box.fill('Is there');
  await expect.poll(() => code.requested).toBe(true);
  const arrived = page.waitForResponse(/\/assets\/location-chat-live-[\w-]{8}\.js$/);
  code.release();
  await arrived;
  await box.pressSequentially(' a shuttle?');
  await expect(box).toHaveValue('Is there a shuttle?');
  await expect(box).toBeFocused();
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Answers about Port Canaveral' })).toContainText(/Shuttle times: .+ free shuttle/);
});

async function bookViaApi(page: Page, email: string) {
  const search = await (await page.request.get(`/api/search?location=TPA&arrivalDate=${day(18)}&departureDate=${day(20)}`)).json();
  const res = await page.request.post('/api/bookings/automated', {
    data: checkoutRequest(search.providers[0].id, { email, arrival: `${day(18)}T09:00`, departure: `${day(20)}T09:00`, customer: { firstName: 'Sue', lastName: 'Port' } }),
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).confirmationNumber as string;
}

test('support finds a booking by confirmation number and e-mails its receipt', async ({ page, outbox, isMobile, login }) => {
  const { email } = await login({ name: 'Sue Port', email: uniqueEmail('support') });
  const confirmation = await bookViaApi(page, email);
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
    .getByRole('button', { name: 'Support' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await expect(dialog.getByRole('button', { name: new RegExp(confirmation) })).toBeVisible(); // recent bookings
  const input = dialog.getByLabel('Message support');
  await input.fill(`Hi, what's the status of ${confirmation}?`);
  await input.press('Enter');
  await expect(dialog.getByText(`Booking ${confirmation} is confirmed`)).toBeVisible();
  await dialog.getByRole('button', { name: 'E-mail receipt' }).click();
  const action = page.getByRole('dialog', { name: `E-mail receipt: ${confirmation}` });
  await action.getByRole('button', { name: 'E-mail receipt' }).click();
  await expect(page.getByText('Receipt Sent')).toBeVisible();
  await expect(dialog.getByText(`We e-mailed an itemised receipt for ${confirmation} to ${email}.`).first()).toBeVisible();
  await expect.poll(async () => (await outbox()).some((m) => m.to === email && m.subject === `Your receipt: ${confirmation}`)).toBe(true);
});
