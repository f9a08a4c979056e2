// Account journeys in Chromium: sign up, verify from the outbox, sign out and in, profile, password.
import type { Page } from '@playwright/test';
import { ADMIN } from '../../playwright.config';
import { expect, test, uniqueEmail } from './fixtures';

/** Opens the sign-in dialog from the header (through the menu on small screens). */
async function openSignIn(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs out through the account menu (desktop) or the mobile menu. */
async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
}

async function expectSignedInAs(page: Page, initials: string, name: string) {
  const toggle = page.locator('button[aria-controls="mobile-menu"]');
  if (await toggle.isVisible()) {
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByText(name, { exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await toggle.click();
  } else {
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText(initials);
  }
}

test('sign up, verify the e-mail, sign out and in, edit the profile and change the password', async ({ page, outbox }) => {
  test.setTimeout(90_000); // a long journey: five argon2 hashes and a dozen round trips
  const email = uniqueEmail('journey');
  await page.goto('/');

  // Sign In in the header opens the sign-in window; switch to Create Account.
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();

  // The spec's validation messages, before anything is sent.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();

  await dialog.getByLabel('Full Name').fill('Rosa Parker');
  await dialog.getByLabel('Email').fill(email);
  const password = dialog.getByLabel('Password', { exact: true });
  await password.fill('first password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectSignedInAs(page, 'RP', 'Rosa Parker');

  // Follow the verification link from the outbox.
  await expect.poll(async () => (await outbox()).filter((m) => m.to.includes(email) && /verify/i.test(m.subject)).length).toBe(1);
  const mail = (await outbox()).find((m) => m.to.includes(email) && /verify/i.test(m.subject))!;
  const link = /https?:\/\/\S+\/verify-email\?token=[a-z0-9]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'first password');
  await expect(page.getByText('Logged in successfully!')).toBeVisible();

  // Edit the profile: the new name shows in the menu.
  await page.goto('/account-settings');
  await page.getByLabel('Full Name').fill('Rosa Quinn');
  await page.getByLabel('City').fill('Tampa');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile information has been successfully updated.')).toBeVisible();
  await expectSignedInAs(page, 'RQ', 'Rosa Quinn');

  // Change the password, then sign in with the new one only.
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current Password').fill('first password');
  await page.getByLabel('New Password').fill('second password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  await signOut(page);
  await signIn(page, email, 'first password');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill('second password');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expectSignedInAs(page, 'RQ', 'Rosa Quinn');
});

test('closing the sign-in window returns focus to the control that opened it', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the Sign In button is in the desktop header');
  await page.goto('/');
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  await signIn.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(signIn).toBeFocused();
});

test('account settings asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/account-settings');
  await expect(page.getByText('Please log in to access account settings.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
});

test('the administrator sees Admin Panel in the account menu', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the account menu is the desktop header; the mobile menu lists the same links');
  await page.goto('/');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Search Parking/ })).toContainText('Current');
});

test('a forgotten password is reset with the mailed link', async ({ page, outbox, request }) => {
  const email = uniqueEmail('reset');
  const created = await request.post('/api/auth/register', { data: { name: 'Sam Reset', email, password: 'old password 1' } });
  expect(created.status()).toBe(201);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await expect.poll(async () => (await outbox()).some((m) => m.to.includes(email) && /reset/i.test(m.subject))).toBe(true);
  const mail = (await outbox()).find((m) => m.to.includes(email) && /reset/i.test(m.subject))!;
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[a-z0-9]+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('new password 2');
  await page.getByLabel('Confirm new password').fill('new password 2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('new password 2');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
});

test('without Google configured there is no Google button, and an old link to it explains itself', async ({ page }) => {
  await page.goto('/');
  await openSignIn(page);
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveCount(0);
  await page.goto('/auth/google');
  await expect(page.getByText('Google sign-in unavailable')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
