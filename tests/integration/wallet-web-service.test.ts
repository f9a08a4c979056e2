// Apple Wallet's web service through HTTP (the pass's webServiceURL, APP_URL/api/wallet): a device registers
// for a pass with its token (201, then 200; a wrong token 401), lists the passes changed since its tag, and
// pulls the latest pass with Last-Modified / If-Modified-Since; after a change of vehicle or dates the latest
// pass carries the new plate or dates under a newer Last-Modified, and a cancelled booking's pass is voided.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingChanges, bookings, walletRegistrations } from '@/server/db/schema';
import { passAuthToken } from '@/server/modules/wallet/config';
import { dayFromToday } from '@/shared/pricing';
import { CARD_FIELDS, createBooking, createLot } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';
import { openPkpass, TEST_PASS_TYPE_ID, walletTestKeys } from '../support/wallet-keys';

const keys = walletTestKeys();
const t = await createTestApp(keys.appleEnv);
afterAll(async () => {
  await t.close();
  fs.rmSync(keys.dir, { recursive: true, force: true });
});

const token = (serial: string) => passAuthToken({ authSecret: keys.appleEnv.APPLE_WALLET_AUTH_SECRET, passTypeId: TEST_PASS_TYPE_ID }, serial);
const auth = (serial: string, value = token(serial)) => ({ Authorization: `ApplePass ${value}` });
const V1 = '/api/wallet/v1';
const registration = (device: string, serial: string) => `${V1}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`;

/** What a device does: no Origin, no cookie. */
async function device(path: string, init: { method?: string; headers?: Record<string, string>; body?: object } = {}) {
  const res = await t.request(path, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const latest = (serial: string, headers: Record<string, string> = {}) => device(`${V1}/passes/${TEST_PASS_TYPE_ID}/${serial}`, { headers: { ...auth(serial), ...headers } });
const fieldsOf = (pass: any) =>
  Object.fromEntries(['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields'].flatMap((k) => (pass.generic[k] ?? []).map((f: any) => [f.key, f.value])));

/** A guest's booking made an hour ago (so a change now is a newer Last-Modified by the second). */
async function bookedAnHourAgo() {
  const lot = await createLot(t);
  const b = await createBooking(t, { lot, startIn: 15, days: 2 });
  await t.db
    .update(bookings)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(bookings.id, b.id));
  return b;
}

describe('the PassKit web service', () => {
  it('registers a device for a pass with the pass token only, and forgets it on request', async () => {
    const b = await bookedAnHourAgo();
    const serial = b.confirmationNumber;
    expect((await device(registration('device-a', serial), { body: { pushToken: 'push-a' }, headers: auth(serial, 'x'.repeat(43)) })).status).toBe(401);
    expect((await device(registration('device-a', serial), { body: { pushToken: 'push-a' } })).status).toBe(401);
    // Another pass's token is not this one's.
    const other = await createBooking(t);
    expect((await device(registration('device-a', serial), { body: { pushToken: 'push-a' }, headers: auth(other.confirmationNumber) })).status).toBe(401);
    expect((await device(registration('device-a', serial), { body: { pushToken: 'push-a' }, headers: auth(serial) })).status).toBe(201);
    expect((await device(registration('device-a', serial), { body: { pushToken: 'push-a2' }, headers: auth(serial) })).status).toBe(200);
    const rows = await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.bookingId, b.id));
    expect(rows.map((r) => [r.deviceId, r.pushToken])).toEqual([['device-a', 'push-a2']]);
    expect((await device(`${V1}/devices/device-a/registrations/pass.other.type/${serial}`, { body: { pushToken: 'p' }, headers: auth(serial) })).status).toBe(404);

    expect((await device(registration('device-a', serial), { method: 'DELETE', headers: auth(serial) })).status).toBe(200);
    expect(await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.bookingId, b.id))).toEqual([]);
    expect((await device(`${V1}/devices/device-a/registrations/${TEST_PASS_TYPE_ID}`)).status).toBe(204);
  });

  it('after a change of vehicle and of dates, the device learns of it and pulls the new pass', async () => {
    const b = await bookedAnHourAgo();
    const serial = b.confirmationNumber;
    expect((await device(registration('device-b', serial), { body: { pushToken: 'push-b' }, headers: auth(serial) })).status).toBe(201);

    const first = await latest(serial);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const firstModified = first.headers.get('last-modified')!;
    expect(fieldsOf(openPkpass(first.body).pass)).toMatchObject({ plate: 'ABC123' });
    expect((await latest(serial, { 'If-Modified-Since': firstModified })).status).toBe(304);
    expect((await latest(serial, { Authorization: 'ApplePass wrong-token-wrong-token' })).status).toBe(401);

    const listed = await device(`${V1}/devices/device-b/registrations/${TEST_PASS_TYPE_ID}`);
    expect(listed.status).toBe(200);
    const tag = JSON.parse(listed.body.toString()) as { serialNumbers: string[]; lastUpdated: string };
    expect(tag.serialNumbers).toEqual([serial]);
    expect((await device(`${V1}/devices/device-b/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${tag.lastUpdated}`)).status).toBe(204);

    // A new plate through the manage link.
    const vehicle = await call(
      t.request,
      `/api/bookings/${serial}/vehicle`,
      { token: b.viewToken, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'new 777' },
      { method: 'PATCH' },
    );
    expect(vehicle.status).toBe(200);
    const changed = await device(`${V1}/devices/device-b/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${tag.lastUpdated}`);
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString()).serialNumbers).toEqual([serial]);
    const second = await latest(serial, { 'If-Modified-Since': firstModified });
    expect(second.status).toBe(200);
    expect(Date.parse(second.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(firstModified));
    expect(fieldsOf(openPkpass(second.body).pass)).toMatchObject({ plate: 'NEW 777', vehicle: 'Honda Civic' });

    // New dates (a day shorter: a refund), the vehicle's change half an hour old by then.
    await t.db
      .update(bookingChanges)
      .set({ createdAt: new Date(Date.now() - 1_800_000) })
      .where(eq(bookingChanges.bookingId, b.id));
    const secondModified = (await latest(serial)).headers.get('last-modified')!;
    const arrival = `${dayFromToday(15)}T10:30`;
    const departure = `${dayFromToday(16)}T10:30`;
    const moved = await call(
      t.request,
      `/api/bookings/${serial}/change`,
      { token: b.viewToken, arrivalDate: arrival, departureDate: departure, paymentInfo: CARD_FIELDS },
      { headers: { 'Idempotency-Key': `wallet-dates-${serial}` } },
    );
    expect(moved.status, moved.text).toBe(200);
    const third = await latest(serial, { 'If-Modified-Since': secondModified });
    expect(third.status).toBe(200);
    expect(Date.parse(third.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(secondModified));
    const pass = openPkpass(third.body).pass;
    expect(fieldsOf(pass)).toMatchObject({ arrival: expect.stringMatching(/ at 10:30 AM$/), departure: expect.stringMatching(/ at 10:30 AM$/) });
    expect(pass.relevantDate).not.toBe(openPkpass(second.body).pass.relevantDate);
  });

  it("a cancelled booking's latest pass is voided", async () => {
    const b = await bookedAnHourAgo();
    const before = (await latest(b.confirmationNumber)).headers.get('last-modified')!;
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken, reason: 'plans changed' })).status).toBe(200);
    const res = await latest(b.confirmationNumber, { 'If-Modified-Since': before });
    expect(res.status).toBe(200);
    expect(Date.parse(res.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(before));
    expect(openPkpass(res.body).pass.voided).toBe(true);
  });

  it('accepts Wallet log reports and knows no other pass type', async () => {
    expect((await device(`${V1}/log`, { body: { logs: ['a message'] } })).status).toBe(200);
    expect((await device(`${V1}/passes/pass.other.type/PP-ABCDEFGH`, { headers: auth('PP-ABCDEFGH') })).status).toBe(404);
    expect((await device(`${V1}/passes/${TEST_PASS_TYPE_ID}/PP-NOSUCH23`, { headers: auth('PP-NOSUCH23') })).status).toBe(404);
  });
});
