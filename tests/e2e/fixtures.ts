// Shared Playwright fixtures: every test is a different client address, can read the server's outbox, and can
// sign a browser in without the form (`login`: the account and its session row written straight into the e2e
// server's database, the session cookie set in the browser context).
import path from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { closeDatabase, openDatabase, type DB } from '@/server/db/client';
import { readOutbox } from '@/server/integrations/mailer';
import { SESSION_COOKIE } from '@/server/modules/auth/session';
import { insertUser, type TestUser, type UserOptions } from '../support/factories';

export { expect };
export type { TestUser };

/** Signs `context` (the test's own unless told) in as a new account; returns the account. */
export type Login = (opts?: UserOptions & { context?: BrowserContext }) => Promise<TestUser>;

let counter = 0;
const randomIp = () => `10.${(process.pid % 250) + 1}.${(++counter % 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

export const test = base.extend<{ outbox: () => ReturnType<typeof readOutbox>; login: Login }, { serverDb: DB }>({
  // The e2e server's SQLite file (playwright.config.ts: DATABASE_PATH in E2E_DATA_DIR), one handle per worker.
  // SQLite's locks and the busy timeout let this process write beside the server.
  serverDb: [
    async ({}, use) => {
      const db = openDatabase(path.join(process.env.E2E_DATA_DIR!, 'app.db'));
      await use(db);
      await closeDatabase(db);
    },
    { scope: 'worker' },
  ],
  // Sign-in itself is tested through the form (accounts.spec.ts, admin.spec.ts); everywhere else a session
  // only opens the door, so it is written directly, as the server would write it on sign-in.
  login: async ({ context, serverDb, baseURL }, use) => {
    await use(async ({ context: target = context, ...opts } = {}) => {
      const { user, token, expiresAt } = await insertUser(serverDb, { email: uniqueEmail('login'), ...opts });
      await target.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax', expires: Math.floor(expiresAt.getTime() / 1000) }]);
      return user;
    });
  },
  // Every navigation waits until React has hydrated the page, as a person would before clicking.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof page.goto>) => {
      const res = await goto(...args);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return res;
    };
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': randomIp() });
  },
  outbox: async ({}, use) => {
    await use(() => readOutbox(path.join(process.env.E2E_DATA_DIR!, 'outbox')));
  },
});

/** A unique e-mail per call: desktop and mobile projects share one server. */
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
