// Flights in Chromium: a guest types a flight number at checkout (a wrong one is refused with how to write it),
// and the gate's staff see the flights on the pass when the car comes in; a traveller changes them from the
// manage page and the booking's changes list the change.
import config from '../../playwright.config';
import { bookings } from '@/server/db/schema';
import { mintBookingLink } from '@/server/modules/bookings/booking-view';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { cents } from '@/shared/money';
import { checkoutRequest } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';
import { bostonLot, staffAccount } from './support/gate';

test('a guest books with a flight number and the gate sees it at check-in', async ({ page, browser, isMobile, login }) => {
  const lot = await bostonLot(page.request);
  const arrival = lotWallClock(new Date(Date.now() + 30 * 60_000), lot.state);
  const departure = lotWallClock(new Date(Date.now() + 26 * 3_600_000), lot.state);
  const query = new URLSearchParams({ providerId: String(lot.id), providerName: lot.name, location: 'BOS', arrivalDate: arrival, departureDate: departure });
  await page.goto(`/booking?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Reservation' })).toBeVisible();
  await page.getByLabel('First name').fill('Fay');
  await page.getByLabel('Last name').fill('Flyer');
  await page.getByLabel('Email').fill(`fay-${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('555-010-0188');
  await page.getByLabel('Check-in (arrival)').fill(arrival);
  await page.getByLabel('Check-out (departure)').fill(departure);
  await page.getByLabel('Make').fill('Subaru');
  await page.getByLabel('Model').fill('Outback');
  await page.getByLabel('License plate').fill('FLY1');
  await page.getByLabel('Outbound flight').fill('flight one');
  await page.getByLabel('Return flight').fill('dl88');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('ZIP', { exact: true }).fill('02128');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  const form = page.getByRole('form', { name: 'Booking details' });
  await expect(form.getByText('Enter a flight number like UA 1234.')).toBeVisible();
  await expect(page.getByLabel('Outbound flight')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Outbound flight').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`checkout-flights-${isMobile ? 390 : 1280}.png`) });

  await page.getByLabel('Outbound flight').fill('ua 1234');
  await page.getByRole('button', { name: /Complete Booking/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?confirmation=PP-[A-Z0-9]+/);
  const confirmation = new URL(page.url()).searchParams.get('confirmation')!;

  // The staff member's phone or desk, at this project's size.
  const staff = await browser.newContext({
    baseURL: config.use?.baseURL,
    viewport: page.viewportSize(),
    isMobile,
    hasTouch: isMobile,
    extraHTTPHeaders: { 'X-Forwarded-For': '10.31.4.7' },
  });
  await staffAccount(browser, login, lot.id, staff);
  const gate = await staff.newPage();
  try {
    await gate.goto('/gate');
    await gate.getByRole('textbox', { name: 'Confirmation number' }).fill(confirmation);
    await gate.getByRole('button', { name: 'Check', exact: true }).click();
    const result = gate.getByRole('region', { name: 'Valid', exact: true });
    await expect(result.getByTestId('pass-travel')).toHaveText('Flights: UA 1234 out, DL 88 back');
    await gate.getByRole('button', { name: 'Check in' }).click();
    await expect(gate.getByRole('heading', { name: 'Checked in', exact: true })).toBeVisible();
    await expect(gate.getByTestId('pass-travel')).toHaveText('Flights: UA 1234 out, DL 88 back');
    await gate.screenshot({ path: test.info().outputPath(`gate-flights-${isMobile ? 390 : 1280}.png`), fullPage: true });
  } finally {
    await staff.close();
  }
});

test('a traveller changes the flights from the manage page and the booking lists the change', async ({ page, isMobile, login }) => {
  const { email } = await login({ name: 'Fay Flyer', email: uniqueEmail('flights') });
  const lot = await bostonLot(page.request);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await page.request.post('/api/bookings/automated', {
    data: {
      ...checkoutRequest(lot.id, { email, arrival: `${day(20)}T09:00`, departure: `${day(22)}T09:00` }),
      travelDetails: { outboundFlight: 'UA 1234', returnFlight: 'DL 88' },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const confirmation = (await res.json()).confirmationNumber as string;

  await page.goto(`/manage/${confirmation}`);
  await page.getByRole('button', { name: 'Change flights' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your flights' });
  await dialog.getByLabel('Outbound flight').fill('b6 57');
  await dialog.getByLabel('Return flight').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('listitem').last()).toContainText('Flights: UA 1234 out, DL 88 back → Flights: B6 57 out');
  await changes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`manage-flights-changed-${isMobile ? 390 : 1280}.png`) });
});

test('a car leaving 3 hours late: the gate sees what it owes, and the traveller pays it from the manage page', async ({ page, browser, isMobile, login, serverDb }) => {
  const lot = await bostonLot(page.request);
  const HOUR = 3_600_000;
  const departure = new Date(Date.now() - 3 * HOUR - 5 * 60_000);
  const arrival = new Date(departure.getTime() - 2 * 24 * HOUR);
  const day = (d: Date) => lotWallClock(d, lot.state).slice(0, 10);
  // A guest's stay, paid and checked in, that should have ended 3 hours ago ($10 a day as booked).
  const confirmationNumber = `PP-LATE${isMobile ? 'M' : 'D'}${String(Date.now()).slice(-3)}`;
  const [row] = await serverDb
    .insert(bookings)
    .values({
      providerId: lot.id,
      confirmationNumber,
      firstName: 'Lee',
      lastName: 'Late',
      email: `lee-${Date.now()}@example.com`,
      phone: '555-010-0166',
      arrivalDate: lotWallClock(arrival, lot.state),
      departureDate: lotWallClock(departure, lot.state),
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      licensePlate: 'LATE3',
      returnFlight: 'UA 1234',
      parkingFeeCents: cents(2000),
      dayPrices: [
        { date: day(arrival), cents: cents(1000) },
        { date: day(new Date(arrival.getTime() + 24 * HOUR)), cents: cents(1000) },
      ],
      serviceFeeCents: cents(199),
      totalFeeCents: cents(2199),
      status: 'confirmed',
      checkedInAt: arrival,
    })
    .returning();

  const staff = await browser.newContext({
    baseURL: config.use?.baseURL,
    viewport: page.viewportSize(),
    isMobile,
    hasTouch: isMobile,
    extraHTTPHeaders: { 'X-Forwarded-For': '10.31.4.8' },
  });
  await staffAccount(browser, login, lot.id, staff);
  const gate = await staff.newPage();
  try {
    await gate.goto('/gate');
    await gate.getByRole('textbox', { name: 'Confirmation number' }).fill(confirmationNumber);
    await gate.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(gate.getByTestId('pass-overstay')).toHaveText(/^Late by 3 h \d+ min — 1 extra day, \$10\.00, the traveller is sent a link to pay\.$/);
    await gate.getByTestId('pass-overstay').scrollIntoViewIfNeeded();
    await gate.screenshot({ path: test.info().outputPath(`gate-overstay-${isMobile ? 390 : 1280}.png`) });
    await gate.getByRole('button', { name: 'Check out' }).click();
    await expect(gate.getByRole('heading', { name: 'Checked out', exact: true })).toBeVisible();
    await expect(gate.getByTestId('pass-overstay')).toHaveText('Late check-out: $10.00 could not be charged to a card; the traveller is e-mailed a link to pay.');
  } finally {
    await staff.close();
  }

  const token = await mintBookingLink(serverDb, row!.id, new Date(Date.now() + 86_400_000), 'manage');
  await page.goto(`/manage/${confirmationNumber}?token=${token}`);
  const due = page.getByTestId('overstay-due');
  await expect(due.getByRole('heading', { name: 'Overstay due $10.00' })).toBeVisible();
  await due.getByRole('button', { name: 'Pay now' }).click();
  await due.getByLabel('Card number').fill('4242 4242 4242 4242');
  await due.getByLabel('Expiry').fill('12/34');
  await due.getByLabel('CVC', { exact: true }).fill('123');
  await due.getByLabel('ZIP', { exact: true }).fill('02128');
  await page.screenshot({ path: test.info().outputPath(`manage-overstay-due-${isMobile ? 390 : 1280}.png`) });
  await due.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByTestId('overstay-due')).toHaveCount(0);
  await expect(page.getByText('Late check-out: 1 extra day × $10.00').first()).toBeVisible();
  await expect(page.getByText(/^Late check-out: left /)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`manage-overstay-paid-${isMobile ? 390 : 1280}.png`), fullPage: true });
});
