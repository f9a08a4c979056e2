// Reviewing a stay in Chromium: the car leaves the lot (check-out at the gate), the e-mailed review link opens the
// form in a fresh browser, the traveller gives stars and text (with its counter), and the review shows on the lot
// page with the "Verified stay" badge, the lot's rating and its score averages; the spent link says so.
import { eq } from 'drizzle-orm';
import { bookings, locations } from '@/server/db/schema';
import { mintBookingLink } from '@/server/modules/bookings/booking-view';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { cents } from '@/shared/money';
import { createLot } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

const HOUR = 3_600_000;
const SHOTS = process.env.REVIEW_SCREENSHOTS;
const PLACE = 'DEN';

test('leave a review from the e-mail link and see it on the lot page', async ({ page, outbox, serverDb, login, browser }, info) => {
  const mobile = info.project.name === 'mobile';
  // A lot of its own at Denver, where no other journey reads ratings (search-first.spec.ts checks Orlando's have none).
  const [place] = await serverDb.select().from(locations).where(eq(locations.code, PLACE));
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lot = await createLot({ db: serverDb }, { place: PLACE, priceCents: cents(1095) });
  const email = uniqueEmail('review');
  const now = Date.now();
  const [b] = await serverDb
    .insert(bookings)
    .values({
      providerId: lot.id,
      confirmationNumber: `PP-RV${tag.slice(-6)}`,
      firstName: 'Dana',
      lastName: 'Rivers',
      email,
      phone: '555-010-0190',
      arrivalDate: lotWallClock(new Date(now - 48 * HOUR), place!.state),
      departureDate: lotWallClock(new Date(now + HOUR), place!.state),
      vehicleMake: 'Volvo',
      vehicleModel: 'V60',
      licensePlate: 'REV1',
      parkingFeeCents: cents(2190),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(2389),
      checkedInAt: new Date(now - 47 * HOUR),
    })
    .returning();

  // The car leaves: the administrator checks it out at the gate, and the review invitation goes out.
  await login({ role: 'admin' });
  const out = await page.request.post(`/api/gate/bookings/${b!.confirmationNumber}/check-out?lotId=${lot.id}`, { data: {} });
  expect(out.ok()).toBe(true);
  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && m.subject.startsWith('Review your stay'))).toBe(true);
  const mail = (await outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Review your stay'))!;
  const link = new URL(/https?:\/\/\S+\/review\?token=[\w-]+/.exec(mail.text)![0]);

  // A fresh browser: only the link.
  const context = await browser.newContext({ ...(info.project.use as object), extraHTTPHeaders: { 'X-Forwarded-For': `10.9.${tag.slice(-2)}.7` } });
  const fresh = await context.newPage();
  await fresh.goto(`${link.pathname}${link.search}`);
  await fresh.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(fresh.getByRole('heading', { level: 1, name: `How was ${lot.name}?` })).toBeVisible();
  await expect(fresh.getByText('Shown as Dana R.')).toBeVisible();

  // Submitting without stars says what is missing.
  await fresh.getByRole('button', { name: 'Submit review' }).click();
  await expect(fresh.getByText('Please rate the stay overall from 1 to 5 stars')).toBeVisible();

  await fresh.getByRole('radiogroup', { name: 'Your stay overall' }).getByRole('radio', { name: '5 stars' }).click();
  await fresh.getByRole('radiogroup', { name: 'Shuttle or access wait' }).getByRole('radio', { name: '4 stars' }).click();
  await fresh.getByRole('radiogroup', { name: 'Lot as described' }).getByRole('radio', { name: '5 stars' }).click();
  await fresh.getByRole('radiogroup', { name: 'Staff' }).getByRole('radio', { name: '5 stars' }).click();
  const text = 'The shuttle was waiting when we landed and the car was exactly where we left it.';
  await fresh.getByLabel(/Tell other travellers about it/).fill(text);
  await expect(fresh.getByText(`${text.length} / 2,000`)).toBeVisible();
  if (SHOTS) await fresh.screenshot({ path: `${SHOTS}/review-page-${mobile ? 390 : 1280}.png`, fullPage: true });
  await fresh.getByRole('button', { name: 'Submit review' }).click();
  await expect(fresh.getByRole('heading', { name: 'Thanks for your review' })).toBeVisible();

  await fresh.getByRole('link', { name: 'See the lot page' }).click();
  const reviews = fresh.locator('#reviews');
  await expect(reviews.getByRole('article', { name: 'Review by Dana R.' })).toContainText(text);
  await expect(reviews.getByText('Verified stay')).toBeVisible();
  await expect(reviews.getByText('1 verified review')).toBeVisible();
  await expect(fresh.getByText('(1 review)').first()).toBeVisible();
  if (SHOTS) await reviews.screenshot({ path: `${SHOTS}/lot-reviews-${mobile ? 390 : 1280}.png` });

  // The link worked once.
  await fresh.goto(`${link.pathname}${link.search}`);
  await fresh.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(fresh.getByRole('alert')).toHaveText('This review link has already been used. To change your review within 7 days, open your booking.');
  await context.close();
});

test('the administrator rejects a held review with a reason the author reads on the booking', async ({ page, serverDb, login, browser }, info) => {
  const mobile = info.project.name === 'mobile';
  const lot = await createLot({ db: serverDb }, { place: PLACE });
  const [place] = await serverDb.select().from(locations).where(eq(locations.code, PLACE));
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const now = Date.now();
  const [b] = await serverDb
    .insert(bookings)
    .values({
      providerId: lot.id,
      confirmationNumber: `PP-RH${tag.slice(-6)}`,
      firstName: 'Hugo',
      lastName: 'Held',
      email: uniqueEmail('held'),
      phone: '555-010-0191',
      arrivalDate: lotWallClock(new Date(now - 72 * HOUR), place!.state),
      departureDate: lotWallClock(new Date(now - 24 * HOUR), place!.state),
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      licensePlate: 'HELD1',
      parkingFeeCents: cents(3000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(3199),
      status: 'completed',
    })
    .returning();
  const manageToken = await mintBookingLink(serverDb, b!.id, new Date(now + 24 * HOUR), 'manage');

  // The traveller reviews from the manage page's prompt; the text holds an e-mail address, so it waits.
  const traveller = await browser.newContext({ ...(info.project.use as object), extraHTTPHeaders: { 'X-Forwarded-For': `10.8.${tag.slice(-2)}.9` } });
  const t = await traveller.newPage();
  await t.goto(`/manage/${b!.confirmationNumber}?token=${manageToken}`);
  await t.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await t.getByRole('link', { name: 'Review your stay' }).click();
  await t.getByRole('radiogroup', { name: 'Your stay overall' }).getByRole('radio', { name: '2 stars' }).click();
  for (const name of ['Shuttle or access wait', 'Lot as described', 'Staff']) await t.getByRole('radiogroup', { name }).getByRole('radio', { name: '3 stars' }).click();
  await t.getByLabel(/Tell other travellers about it/).fill('Slow shuttle. Write to me at hugo@example.com for photos.');
  await t.getByRole('button', { name: 'Submit review' }).click();
  await expect(t.getByText('It contains an e-mail address, so it will appear once our team has checked it.', { exact: false })).toBeVisible();

  await login({ role: 'admin' });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const card = page.getByRole('listitem').filter({ hasText: b!.confirmationNumber });
  await expect(card.getByText('Holds an e-mail address')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-reviews-${mobile ? 390 : 1280}.png`, fullPage: true });
  await card.getByRole('button', { name: 'Reject' }).click();
  await page.getByLabel('Reason').fill('Reviews cannot carry contact details. Please remove the e-mail address.');
  await page.getByRole('button', { name: 'Reject review' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Review rejected')).toBeVisible();

  await t.goto(`/manage/${b!.confirmationNumber}?token=${manageToken}`);
  await t.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(t.getByText('Your review was not published: Reviews cannot carry contact details. Please remove the e-mail address.')).toBeVisible();
  if (SHOTS) await t.screenshot({ path: `${SHOTS}/manage-rejected-${mobile ? 390 : 1280}.png` });
  await traveller.close();
});
