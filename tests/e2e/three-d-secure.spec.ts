// 3-D Secure in Chromium with Stripe configured: a server of its own whose Stripe API is the local fake
// (tests/support/fake-stripe.ts) and whose Stripe.js is a stand-in served at js.stripe.com (support/fake-stripe-js.ts).
// A guest pays with Stripe's 3-D Secure test card 4000 0027 6000 3184: the bank's window opens; Complete books
// and shows the pass, charged once; Fail shows the bank's words at the card and books nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startBuiltServer } from '../../scripts/built-server.mjs';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { expect, test, uniqueEmail } from './fixtures';
import { routeFakeStripeJs } from './support/fake-stripe-js';

test.describe.configure({ mode: 'serial' });

let fake: FakeStripe;
let server: { base: string; stop: () => Promise<void> };

test.beforeAll(async ({}, info) => {
  fake = await startFakeStripe();
  fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242' });
  fake.addPaymentMethod('pm_card_threeDSecure2Required', { brand: 'visa', last4: '3184' });
  // A port per worker (the desktop and phone projects may run this file at once).
  const port = Number(process.env.E2E_PORT ?? 4321) + 100 + info.parallelIndex;
  server = await startBuiltServer(port, {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-e2e-3ds-')),
    env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_URL: `http://127.0.0.1:${fake.port}` },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A guest's checkout at the first lot of Orlando, paid with `card` in the (stand-in) Payment Element. */
async function payAsGuest(page: Page, card: string) {
  await routeFakeStripeJs(page, fake);
  const lots = await (await fetch(`${server.base}/api/search?location=MCO&arrivalDate=${day(30)}&departureDate=${day(32)}`)).json();
  const lot = lots.providers[0];
  const query = new URLSearchParams({
    providerId: String(lot.id),
    providerName: lot.name,
    price: String(lot.price),
    location: 'MCO',
    arrivalDate: `${day(30)}T10:00`,
    departureDate: `${day(32)}T10:00`,
  });
  await page.goto(`${server.base}/booking?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('three-ds'));
  await page.getByLabel('Phone').fill('555-010-0142');
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Model').fill('Civic');
  await page.getByLabel('License plate').fill('SECURE2');
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();
}

const bankWindow = (page: Page) => page.getByRole('dialog', { name: '3D Secure 2 Test Page' });

test('the bank asks the cardholder; completing its check books and shows the pass, charged once', async ({ page }) => {
  const before = fake.intents.size;
  await payAsGuest(page, '4000 0027 6000 3184');
  await expect(bankWindow(page)).toBeVisible();
  await bankWindow(page).getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;
  await expect(page.getByRole('img', { name: `Parking pass QR code for ${confirmation}` })).toBeVisible();
  const made = [...fake.intents.values()].slice(before).filter((pi) => pi.metadata?.confirmationNumber === confirmation);
  expect(made.map((pi) => pi.status)).toEqual(['succeeded']);
  await page.screenshot({ path: test.info().outputPath('three-d-secure-booked.png') });
});

test('a failed check shows the bank’s words at the card and books nothing', async ({ page }) => {
  await payAsGuest(page, '4000 0027 6000 3184');
  await expect(bankWindow(page)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('three-d-secure-window.png') });
  await bankWindow(page).getByRole('button', { name: 'Fail' }).click();

  const form = page.getByRole('form', { name: 'Booking details' });
  await expect(form.getByText('We are unable to authenticate your payment method. Please choose a different payment method and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?/);
  // Another card is a new attempt, and goes through.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
});
