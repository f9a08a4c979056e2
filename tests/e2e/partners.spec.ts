// Partners in Chromium: the administrator creates a partner owning a new lot in the Partners tab and invites its
// owner; the owner opens the e-mailed link in a browser of their own, creates the account, changes the lot's
// daily rate in the portal and the lot's page shows the new price; a manager the owner invites exports the
// bookings as CSV. Screenshots of the admin tab, the invitation page and the portal at the project's width.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { checkoutRequest } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';
import { newPerson } from './support/gate';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The path of the latest invitation link e-mailed to `email`. */
async function invitationPath(outbox: () => Promise<{ to: string | string[]; subject: string; text: string }[]>, email: string) {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox()).filter((m) => String(m.to).includes(email) && m.subject.includes('invited')).at(-1);
        link = mail ? (/\/partner\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '') : '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** Opens the invitation link, creates the account, and lands in the portal. */
async function acceptAsNewAccount(page: Page, path: string, name: string, shot?: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  if (shot) await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(page).toHaveURL(/\/partner\?partner=\d+/);
}

test('a partner: created by the administrator, its owner edits a rate, its manager exports bookings', async ({ browser, page, login, outbox, isMobile }) => {
  test.setTimeout(120_000);
  const width = isMobile ? 390 : 1280;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lotName = `Pilot Partner Lot ${stamp}`;
  const trading = `Pilot Parking ${stamp}`;
  const ownerEmail = uniqueEmail('owner');
  const managerEmail = uniqueEmail('manager');

  // The administrator: a new lot (no partner yet), then the partner that owns it, through the Partners tab.
  await login({ role: 'admin', name: 'Ada Admin' });
  const places = (await (await page.request.get('/api/admin/locations')).json()) as { id: number; code: string; latitude: number; longitude: number }[];
  const mco = places.find((p) => p.code === 'MCO')!;
  const created = await page.request.post('/api/admin/lots', {
    data: {
      locationId: mco.id,
      name: lotName,
      address: '7 Pilot Way, Orlando, FL 32809',
      latitude: mco.latitude + 0.01,
      longitude: mco.longitude,
      price: 11.5,
      capacity: 40,
      cancellationPolicy: 'Free cancellation up to 24 hours before arrival',
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lot = (await created.json()) as { id: number; slug: string };

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Partners' }).click();
  await page.getByRole('button', { name: 'New partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'New partner' });
  await dialog.getByLabel('Trading name').fill(trading);
  await dialog.getByLabel('Legal name').fill(`${trading} LLC`);
  await dialog.getByLabel('Contact name').fill('Olive Owner');
  await dialog.getByLabel('Contact e-mail').fill(ownerEmail);
  await dialog.getByLabel('Commission (%)').fill('12.5');
  await dialog.getByLabel('Find lots without a partner').fill(stamp);
  const found = dialog.getByRole('list', { name: 'Lots without a partner' }).getByRole('button');
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(dialog.getByRole('list', { name: 'Chosen lots' })).toContainText(lotName);
  // A tap low in this long dialog, scrolled at 390 px.
  await dialog.getByRole('button', { name: 'Create partner' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: trading });
  await expect(row).toContainText('12.5 %');
  await expect(row).toContainText('Active');

  await page.getByRole('button', { name: `Invite a member to ${trading}` }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('E-mail').fill(ownerEmail);
  await invite.getByLabel('Role').selectOption('owner');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await page.screenshot({ path: test.info().outputPath(`admin-partners-${width}.png`), fullPage: true });

  // The owner, in a browser of their own, from the e-mailed link.
  const ownerContext = await newPerson(browser, 81);
  const managerContext = await newPerson(browser, 82);
  try {
    const owner = await ownerContext.newPage();
    await owner.setViewportSize(page.viewportSize()!);
    await acceptAsNewAccount(owner, await invitationPath(outbox, ownerEmail), 'Olive Owner', `partner-invitation-${width}.png`);
    await expect(owner.getByRole('heading', { name: trading, level: 1 })).toBeVisible();
    await expect(owner.getByText(lotName)).toBeVisible();
    await expect(owner.getByText('Listed', { exact: true })).toBeVisible();
    await owner.screenshot({ path: test.info().outputPath(`partner-lots-${width}.png`), fullPage: true });

    // The daily rate, changed in the same editor as the back office's: live at once.
    await owner.getByRole('button', { name: `Edit ${lotName}` }).click();
    await owner.getByLabel('Daily price (USD)').fill('13.25');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner.getByText('Live in search now.')).toBeVisible();
    const search = await (await owner.request.get(`/api/search?location=MCO&arrivalDate=${day(30)}&departureDate=${day(32)}`)).json();
    expect(search.providers.find((p: { id: number }) => p.id === lot.id)).toMatchObject({ price: 13.25 });
    await owner.goto(`/provider/${lot.slug}`);
    await expect(owner.getByText('$13.25').filter({ visible: true }).first()).toBeVisible();

    // A traveller books the lot; the owner invites a manager from the Members tab.
    const booked = await page.request.post('/api/bookings/automated', { data: checkoutRequest(lot.id, { arrival: `${day(20)}T09:00`, departure: `${day(22)}T09:00` }) });
    expect(booked.ok(), await booked.text()).toBe(true);
    const confirmation = (await booked.json()).confirmationNumber as string;
    await owner.goto('/partner?tab=members');
    await owner.getByLabel('E-mail').fill(managerEmail);
    await owner.getByLabel('Role').selectOption('manager');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByRole('list', { name: 'Open invitations' })).toContainText(managerEmail);
    await owner.screenshot({ path: test.info().outputPath(`partner-members-${width}.png`), fullPage: true });

    // The manager exports the bookings: the file has the booking.
    const manager = await managerContext.newPage();
    await manager.setViewportSize(page.viewportSize()!);
    await acceptAsNewAccount(manager, await invitationPath(outbox, managerEmail), 'Manny Manager');
    await manager.getByRole('tab', { name: 'Bookings' }).click();
    await expect(manager).toHaveURL(/tab=bookings/);
    await expect(manager.getByText(confirmation).filter({ visible: true })).toBeVisible();
    await manager.screenshot({ path: test.info().outputPath(`partner-bookings-${width}.png`), fullPage: true });
    const [download] = await Promise.all([manager.waitForEvent('download'), manager.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings-pilot-parking-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Confirmation,Lot,Name,License plate,Arrival,Departure,Status,Checked in,Checked out,Parking fee (USD),Commission (%)');
    expect(csv).toContain(`${confirmation},${lotName},`);
    expect(csv).toContain('12.50');

    // A filter that matches nothing says so, and is kept in the address.
    await manager.getByLabel('Status').selectOption('cancelled');
    await expect(manager.getByText('No bookings match these filters.')).toBeVisible();
    await expect(manager).toHaveURL(/status=cancelled/);
  } finally {
    await ownerContext.close();
    await managerContext.close();
  }
});

test('an invitation link that is not valid says so', async ({ page }) => {
  await page.goto(`/partner/invitation?token=${'x'.repeat(43)}`);
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
});
