// Oversell protection through HTTP: a lot's online buffer (set by the administrator or the partner, 0 to the
// capacity) stops online sales at capacity − buffer (checkout, search availability, a change of dates); a day
// passing 90 % of what is sold online alerts the administrators and the partner's owners once; a capacity cut
// that would strand bookings is refused, naming them.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { occupancyAlerts } from '@/server/db/schema';
import { cents } from '@/shared/money';
import { checkout, checkoutRequest, createBooking, createLot, createUser, stayAt } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Oversell Admin', role: 'admin' });
const patchLot = (id: number, body: object, cookie = admin.cookie) => call(t.request, `/api/admin/lots/${id}`, body, { cookie, method: 'PATCH' });
const search = async (arrival: string, departure: string) =>
  (await call(t.request, `/api/search?location=MCO&arrivalDate=${arrival}&departureDate=${departure}`)).json.providers as { id: number; availableSpaces: number }[];

let seq = 0;
async function partnerWithOwner(lots: { id: number }[]) {
  const n = ++seq;
  const created = await call(
    t.request,
    '/api/admin/partners',
    {
      tradingName: `Oversell Partner ${n}`,
      legalName: `OP ${n} LLC`,
      contactName: 'O',
      contactEmail: `op-${n}@partner.example`,
      commissionPercent: 15,
      lotIds: lots.map((l) => l.id),
    },
    { cookie: admin.cookie },
  );
  const email = `oversell-owner-${n}@partner.example`;
  await call(t.request, `/api/admin/partners/${created.json.id}/invitations`, { email, role: 'owner' }, { cookie: admin.cookie });
  const mail = (await t.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: 'Oversell Owner', password: 'long enough password' });
  return { id: created.json.id as number, email, cookie: sessionCookieFrom(accepted.headers)! };
}

describe('the online buffer', () => {
  it('is set by the administrator and the partner, from 0 to the capacity', async () => {
    const lot = await createLot(t, { capacity: 10 });
    const partner = await partnerWithOwner([lot]);
    expect((await patchLot(lot.id, { onlineBuffer: 2 })).status).toBe(200);
    const over = await patchLot(lot.id, { onlineBuffer: 11 });
    expect(over.status).toBe(400);
    expect(over.json.error ?? over.json.message).toMatch(/online buffer/i);
    expect((await patchLot(lot.id, { onlineBuffer: -1 })).status).toBe(400);
    const mine = await call(t.request, `/api/partner/lots/${lot.id}`, { onlineBuffer: 3 }, { cookie: partner.cookie, method: 'PATCH' });
    expect(mine.status).toBe(200);
    expect((await call(t.request, `/api/admin/lots/${lot.id}`, undefined, { cookie: admin.cookie })).json).toMatchObject({ onlineBuffer: 3, capacity: 10 });
    // Cutting the capacity below the buffer is refused too.
    expect((await patchLot(lot.id, { capacity: 2 })).status).toBe(400);
  });

  it('stops online sales at capacity − buffer: checkout, search and changes of dates', async () => {
    const lot = await createLot(t, { capacity: 3, priceCents: cents(1000) });
    expect((await patchLot(lot.id, { onlineBuffer: 1 })).status).toBe(200);
    const arrival = stayAt(30);
    const departure = stayAt(32);
    expect((await search(arrival, departure)).find((p) => p.id === lot.id)?.availableSpaces).toBe(2);
    await createBooking(t, { lot, arrival, departure });
    const second = await createBooking(t, { lot, arrival, departure });
    expect((await search(arrival, departure)).find((p) => p.id === lot.id)?.availableSpaces).toBe(0);
    const third = await checkout(t, checkoutRequest(lot.id, { arrival, departure }));
    expect(third.status).toBe(409);
    expect(third.json.error ?? third.json.message).toMatch(/sold out/);
    // A change of dates into the full days is refused the same way.
    const other = await createBooking(t, { lot, arrival: stayAt(40), departure: stayAt(42) });
    const mail = (await t.outbox()).find((m) => m.to.includes(other.email) && m.subject.startsWith('Booking confirmed'))!;
    const token = new RegExp(`/manage/${other.confirmationNumber}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
    const moved = await call(
      t.request,
      `/api/bookings/${other.confirmationNumber}/change`,
      { token, arrivalDate: arrival, departureDate: departure },
      { headers: { 'Idempotency-Key': `oversell-change-${Date.now()}` } },
    );
    expect(moved.status).toBe(409);
    // Lowering the buffer opens the space again.
    expect((await patchLot(lot.id, { onlineBuffer: 0 })).status).toBe(200);
    expect((await checkout(t, checkoutRequest(lot.id, { arrival, departure }))).status).toBe(200);
    expect(second.confirmationNumber).toMatch(/^PP-/);
  });
});

describe('occupancy alerts', () => {
  it('alerts the administrators and the partner once when a day passes 90 % of its online spaces', async () => {
    const lot = await createLot(t, { capacity: 11 });
    const partner = await partnerWithOwner([lot]);
    expect((await patchLot(lot.id, { onlineBuffer: 1 })).status).toBe(200);
    const arrival = stayAt(50, '09:00');
    const departure = stayAt(50, '18:00');
    const day = arrival.slice(0, 10);
    const alertsOf = () =>
      t.db
        .select()
        .from(occupancyAlerts)
        .where(and(eq(occupancyAlerts.providerId, lot.id), eq(occupancyAlerts.kind, 'threshold')));
    // 10 sold online: the alert comes with the 9th.
    for (let i = 0; i < 8; i++) await createBooking(t, { lot, arrival, departure });
    expect(await alertsOf()).toEqual([]);
    await createBooking(t, { lot, arrival, departure });
    expect(await alertsOf()).toMatchObject([{ day, taken: 9, capacity: 10 }]);
    await createBooking(t, { lot, arrival, departure });
    expect(await alertsOf()).toHaveLength(1);
    const mails = (await t.outbox()).filter((m) => m.subject.includes(lot.name) && m.subject.includes(day));
    expect(mails.map((m) => m.to).sort()).toEqual(expect.arrayContaining([admin.user.email, partner.email]));
    expect(mails.filter((m) => m.to.includes(partner.email))).toHaveLength(1);
    expect(mails[0]!.text).toContain('9 of the 10 spaces');
  });
});

describe('a capacity cut that would strand bookings', () => {
  it('is refused, naming every day over and its bookings', async () => {
    const lot = await createLot(t, { capacity: 5 });
    const a = await createBooking(t, { lot, arrival: stayAt(60), departure: stayAt(61) });
    const b = await createBooking(t, { lot, arrival: stayAt(60), departure: stayAt(61) });
    const c = await createBooking(t, { lot, arrival: stayAt(70), departure: stayAt(70, '18:00') });
    const d = await createBooking(t, { lot, arrival: stayAt(70), departure: stayAt(70, '18:00') });
    const cut = await patchLot(lot.id, { capacity: 1 });
    expect(cut.status).toBe(409);
    const message = cut.json.error ?? cut.json.message;
    expect(message).toContain(`${stayAt(60).slice(0, 10)} already has 2 spaces sold, more than 1. Bookings: ${a.confirmationNumber}, ${b.confirmationNumber}.`);
    expect(message).toContain(`${stayAt(61).slice(0, 10)} (2 sold: ${a.confirmationNumber}, ${b.confirmationNumber})`);
    expect(message).toContain(`${stayAt(70).slice(0, 10)} (2 sold: ${c.confirmationNumber}, ${d.confirmationNumber})`);
    expect(message).toMatch(/keep the capacity at 2 or more\.$/);
  });
});
