// e2e helpers for the gate: a lot to book and staff, and an account the administrator adds to its staff.
import type { APIRequestContext, Browser } from '@playwright/test';
import config, { ADMIN } from '../../../playwright.config';
import { expect, uniqueEmail } from '../fixtures';

/** A lot in Boston (US Eastern) to book and to staff. */
export async function bostonLot(request: APIRequestContext) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const search = await (await request.get(`/api/search?location=BOS&arrivalDate=${day(1)}&departureDate=${day(2)}`)).json();
  return { id: search.providers[0].id as number, name: search.providers[0].name as string, state: 'MA' };
}

const anotherAddress = (n: number) => `10.${n}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A browser context of its own (another person at another address). */
export const newPerson = (browser: Browser, n: number) => browser.newContext({ baseURL: config.use?.baseURL, extraHTTPHeaders: { 'X-Forwarded-For': anotherAddress(n) } });

/** A new account the administrator adds to the lot's staff; returns its signed-in request context's owner. */
export async function staffAccount(browser: Browser, lotId: number) {
  const staff = await newPerson(browser, 79);
  const email = uniqueEmail('gate-staff');
  expect((await staff.request.post('/api/auth/register', { data: { name: 'Stan Staff', email, password: 'long enough password' } })).ok()).toBe(true);
  const admin = await newPerson(browser, 78);
  expect((await admin.request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } })).ok()).toBe(true);
  const granted = await admin.request.post(`/api/admin/lots/${lotId}/staff`, { data: { email } });
  expect(granted.status(), await granted.text()).toBe(201);
  await admin.close();
  return staff;
}
