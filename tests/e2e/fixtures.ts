// Shared Playwright fixtures: every test is a different client address, and can read the server's outbox.
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { readOutbox } from '@/server/integrations/mailer';

export { expect };

let counter = 0;
const randomIp = () => `10.${(process.pid % 250) + 1}.${(++counter % 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

export const test = base.extend<{ outbox: () => ReturnType<typeof readOutbox> }>({
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
