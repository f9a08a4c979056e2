// Partner payouts with Stripe Connect in Chromium: a server of its own whose Stripe API is the local fake
// (tests/support/fake-stripe.ts, which also plays Stripe's hosted onboarding: it finishes it and sends the
// browser back to the link's return_url). The owner clicks "Set up payouts with Stripe" in the Money tab, comes
// back with payouts enabled; an owner who left Stripe half way is offered to resume, their manager only sees
// the state. On the suite's own server (sandbox payments) there is no button: payouts are recorded by the
// sandbox. Screenshots of each state at the project's width.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { closeDatabase, openDatabase, type DB } from '@/server/db/client';
import { partnerMembers, partners } from '@/server/db/schema';
import { SESSION_COOKIE } from '@/server/modules/auth/session';
import { startBuiltServer } from '../../scripts/built-server.mjs';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { insertUser } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

test.describe.configure({ mode: 'serial' });

let fake: FakeStripe;
let server: { base: string; dir: string; stop: () => Promise<void> };
let db: DB;

test.beforeAll(async ({}, info) => {
  fake = await startFakeStripe();
  // A port per worker (the desktop and phone projects may run this file at once).
  const port = Number(process.env.E2E_PORT ?? 4321) + 110 + info.parallelIndex;
  server = await startBuiltServer(port, {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-e2e-connect-')),
    env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_URL: `http://127.0.0.1:${fake.port}` },
  });
  db = openDatabase(path.join(server.dir, 'app.db'));
});
test.afterAll(async () => {
  if (db) await closeDatabase(db);
  await server?.stop();
  await fake?.close();
});

/** A partner of the given database, as the administrator would create it. */
async function newPartner(target: DB, name: string) {
  const [p] = await target
    .insert(partners)
    .values({ tradingName: name, legalName: `${name} LLC`, contactName: 'Olive Owner', contactEmail: uniqueEmail('contact') })
    .returning();
  return p!;
}

/** A member of `partnerId` in `target`, signed in in `context` at `base`. */
async function member(target: DB, context: BrowserContext, base: string, partnerId: number, role: 'owner' | 'manager') {
  const { user, token, expiresAt } = await insertUser(target, { email: uniqueEmail(role), name: role === 'owner' ? 'Olive Owner' : 'Max Manager' });
  await target.insert(partnerMembers).values({ partnerId, userId: user.id, role });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: 'Lax', expires: Math.floor(expiresAt.getTime() / 1000) }]);
  return user;
}

test('an owner sets up payouts with Stripe from the Money tab and comes back with payouts enabled', async ({ page, browser, isMobile }) => {
  const width = isMobile ? 390 : 1280;
  const p = await newPartner(db, `Harbor Parking ${Date.now()}`);
  await member(db, page.context(), server.base, p.id, 'owner');

  await page.goto(`${server.base}/partner?tab=money`);
  const panel = page.getByTestId('payout-account');
  await expect(panel).toContainText('Not set up');
  await expect(panel).toContainText('Set up a Stripe account to receive your weekly payouts');
  await page.screenshot({ path: test.info().outputPath(`connect-not-started-${width}.png`), fullPage: true });

  await panel.getByRole('button', { name: 'Set up payouts with Stripe' }).click();
  // Stripe's onboarding (the fake's stand-in) finishes and sends the owner back to the Money tab.
  await expect(panel).toContainText('Payouts enabled');
  await expect(page).toHaveURL(`${server.base}/partner?partner=${p.id}&tab=money`);
  await expect(page.getByText('Payouts are set up')).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expect(panel).toContainText(/Stripe account acct_fake_\d+/);
  await page.screenshot({ path: test.info().outputPath(`connect-enabled-${width}.png`), fullPage: true });
  expect([...fake.accounts.values()].filter((a) => a.business_profile?.name === p.tradingName)).toHaveLength(1);

  // The back office's Partners tab shows each partner's payout account beside its balances (laid out for 1280 px).
  if (isMobile) return;
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const admin = await context.newPage();
  const { token, expiresAt } = await insertUser(db, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.base, httpOnly: true, sameSite: 'Lax', expires: Math.floor(expiresAt.getTime() / 1000) }]);
  await admin.goto(`${server.base}/admin`);
  await admin.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await admin.getByRole('tab', { name: 'Partners' }).click();
  const row = admin.getByRole('row').filter({ hasText: p.tradingName });
  await expect(row).toContainText('Stripe enabled');
  await expect(row).toContainText('Owed $0.00 · paid $0.00');
  await admin.screenshot({ path: test.info().outputPath(`connect-admin-partners-${width}.png`), fullPage: true });
  await context.close();
});

test('an owner who left Stripe half way resumes it; their manager sees the state only', async ({ page, browser, isMobile }) => {
  const width = isMobile ? 390 : 1280;
  const p = await newPartner(db, `Pier Parking ${Date.now()}`);
  await member(db, page.context(), server.base, p.id, 'owner');
  // The owner opened Stripe once and closed the tab.
  const started = await page.request.post(`${server.base}/api/partner/payouts/onboarding`, { headers: { Origin: server.base } });
  expect(started.status(), await started.text()).toBe(200);

  await page.goto(`${server.base}/partner?tab=money`);
  const panel = page.getByTestId('payout-account');
  await expect(panel).toContainText('Details needed');
  await expect(panel).toContainText('Your Stripe setup is not finished');
  await expect(panel.getByRole('button', { name: 'Resume setup with Stripe' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`connect-details-needed-owner-${width}.png`), fullPage: true });

  const context = await browser.newContext({ viewport: page.viewportSize()!, isMobile });
  const managerPage = await context.newPage();
  await member(db, context, server.base, p.id, 'manager');
  await managerPage.goto(`${server.base}/partner?tab=money`);
  await managerPage.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const seen = managerPage.getByTestId('payout-account');
  await expect(seen).toContainText('Details needed');
  await expect(seen).toContainText(`An owner of ${p.tradingName} continues it with Stripe.`);
  await expect(seen.getByRole('button')).toHaveCount(0);
  await managerPage.screenshot({ path: test.info().outputPath(`connect-details-needed-manager-${width}.png`), fullPage: true });
  await context.close();

  // Stripe's link expired before the owner finished: back with ?payouts=refresh, told so, and the button is there.
  await page.goto(`${server.base}/partner?partner=${p.id}&tab=money&payouts=refresh`);
  await expect(page.getByText('The Stripe link expired')).toBeVisible();
  await expect(page).toHaveURL(`${server.base}/partner?partner=${p.id}&tab=money`);
  await expect(panel.getByRole('button', { name: 'Resume setup with Stripe' })).toBeEnabled();
});

test('in sandbox mode the Money tab says payouts are recorded by the sandbox, with no Stripe button', async ({ page, login, serverDb, isMobile }) => {
  const width = isMobile ? 390 : 1280;
  const p = await newPartner(serverDb, `Sandbox Parking ${Date.now()}`);
  const owner = await login({ name: 'Sandy Owner' });
  await serverDb.insert(partnerMembers).values({ partnerId: p.id, userId: owner.id, role: 'owner' });

  await page.goto('/partner?tab=money');
  const panel = page.getByTestId('payout-account');
  await expect(panel).toContainText('Test payouts');
  await expect(panel).toContainText('payouts are recorded by the sandbox');
  await expect(page.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`connect-sandbox-${width}.png`), fullPage: true });
});
