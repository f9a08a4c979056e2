// e2e helpers for the gate: a lot to book and staff, and an account the administrator adds to its staff.
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import config from '../../../playwright.config';
import { expect, type Login } from '../fixtures';

/** A lot in Boston (US Eastern) to book and to staff. */
export async function bostonLot(request: APIRequestContext) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const search = await (await request.get(`/api/search?location=BOS&arrivalDate=${day(1)}&departureDate=${day(2)}`)).json();
  return { id: search.providers[0].id as number, name: search.providers[0].name as string, state: 'MA' };
}

const anotherAddress = (n: number) => `10.${n}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A browser context of its own (another person at another address). */
export const newPerson = (browser: Browser, n: number) => browser.newContext({ baseURL: config.use?.baseURL, extraHTTPHeaders: { 'X-Forwarded-For': anotherAddress(n) } });

/**
 * A new account, signed in in `staff` (another person's context unless given), that an administrator (in a
 * context of its own) adds to the lot's staff through the back office. Returns the staff member's context.
 */
export async function staffAccount(browser: Browser, login: Login, lotId: number, staff?: BrowserContext) {
  staff ??= await newPerson(browser, 79);
  const { email } = await login({ name: 'Stan Staff', context: staff });
  const admin = await newPerson(browser, 78);
  try {
    await login({ role: 'admin', context: admin });
    const granted = await admin.request.post(`/api/admin/lots/${lotId}/staff`, { data: { email } });
    expect(granted.status(), await granted.text()).toBe(201);
  } finally {
    await admin.close();
  }
  return staff;
}
