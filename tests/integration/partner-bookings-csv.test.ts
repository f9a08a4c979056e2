// The partner portal's reads beyond the list: its bookings as a CSV file (the same filter and scope as the list,
// 404 outside the membership), today's arrivals and departures at its lots, the administrator's picker of lots
// no partner owns, and `auth.me`'s partner role (the account menu's portal link).
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings } from '@/server/db/schema';
import { lotDate, lotWallClock } from '@/server/modules/catalogue/lot-time';
import { dayFromToday } from '@/shared/pricing';
import { parseCsv } from '@/server/modules/catalogue-admin/csv-format';
import { createBooking, createLot, createUser } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Csv Admin', role: 'admin' });
const as = (cookie?: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
});
const api = as(admin.cookie);

let seq = 0;
async function newPartner() {
  const lots = [await createLot(t, { name: `Csv Lot A${++seq}` }), await createLot(t, { name: `Csv Lot B${seq}` })];
  const res = await api.post('/api/admin/partners', {
    tradingName: `Csv Partner ${seq}`,
    legalName: `Csv Partner ${seq} LLC`,
    contactName: 'Pat Owner',
    contactEmail: `csv-${seq}@partner.example`,
    commissionPercent: 15,
    lotIds: lots.map((l) => l.id),
  });
  expect(res.status).toBe(201);
  return { id: res.json.id as number, lots };
}

async function join(partnerId: number, email: string, role: 'owner' | 'manager' | 'gate', lotIds: number[] = []) {
  expect((await api.post(`/api/admin/partners/${partnerId}/invitations`, { email, role, lotIds })).status).toBe(201);
  const mail = (await t.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
  const token = /\/partner\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: 'Member Person', password: 'long enough password' });
  expect(accepted.status).toBe(200);
  return sessionCookieFrom(accepted.headers)!;
}

describe('partner bookings as CSV', () => {
  it('gives the same rows as the list, filtered, as a text/csv download; 404 outside the membership', async () => {
    const p = await newPartner();
    const other = await newPartner();
    const owner = await join(p.id, `csv-owner-${seq}@partner.example`, 'owner');
    const [lotA, lotB] = p.lots;
    await createBooking(t, { lot: lotA!.id, startIn: 20 });
    await createBooking(t, { lot: lotA!.id, startIn: 25 });
    await createBooking(t, { lot: lotB!.id, startIn: 22 });
    await createBooking(t, { lot: other.lots[0]!.id, startIn: 21 });

    const all = await as(owner).get('/api/partner/bookings.csv');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="bookings-csv-partner-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(all.text).map((r) => r.fields);
    expect(records[0]).toEqual([
      'Confirmation',
      'Lot',
      'Name',
      'License plate',
      'Arrival',
      'Departure',
      'Status',
      'Checked in',
      'Checked out',
      'Parking fee (USD)',
      'Commission (%)',
    ]);
    const list = (await as(owner).get('/api/partner/bookings')).json.bookings as { confirmationNumber: string; lot: string }[];
    expect(records.slice(1).map((r) => r[0])).toEqual(list.map((b) => b.confirmationNumber));
    expect(list).toHaveLength(3);
    expect(records.slice(1).every((r) => r[10] === '15.00')).toBe(true);

    // Check-in and check-out are the lot's own wall-clock times, like the arrival and departure beside them.
    const inAt = new Date(Date.UTC(2026, 6, 4, 14, 5));
    const outAt = new Date(Date.UTC(2026, 6, 6, 1, 30));
    const first = list[0]!.confirmationNumber;
    await t.db.update(bookings).set({ checkedInAt: inAt, checkedOutAt: outAt }).where(eq(bookings.confirmationNumber, first));
    const timed = parseCsv((await as(owner).get('/api/partner/bookings.csv')).text).find((r) => r.fields[0] === first)!.fields;
    const lotOf = p.lots.find((l) => l.name === timed[1])!;
    expect([timed[7], timed[8]]).toEqual([lotWallClock(inAt, lotOf.state), lotWallClock(outAt, lotOf.state)]);
    expect(timed[7]).toMatch(/^2026-07-04T\d{2}:05$/);

    // The list's filter applies (lot, arrival dates, status).
    const one = parseCsv((await as(owner).get(`/api/partner/bookings.csv?lotId=${lotB!.id}`)).text);
    expect(one.slice(1).map((r) => r.fields[1])).toEqual([lotB!.name]);
    // The bookings' arrival dates count from today's UTC date (stayAt), so the filter's date does too.
    const from = dayFromToday(23);
    const later = parseCsv((await as(owner).get(`/api/partner/bookings.csv?from=${from}`)).text);
    expect(later).toHaveLength(2);
    expect(parseCsv((await as(owner).get('/api/partner/bookings.csv?status=cancelled')).text)).toHaveLength(1);
    // A filter the list refuses, the file refuses too.
    expect((await as(owner).get('/api/partner/bookings.csv?status=nope')).status).toBe(400);

    // Outside the membership: 404, like the list.
    const stranger = await createUser(t);
    const gate = await join(p.id, `csv-gate-${seq}@partner.example`, 'gate');
    const otherOwner = await join(other.id, `csv-other-${seq}@partner.example`, 'owner');
    for (const cookie of [stranger.cookie, gate, otherOwner]) {
      expect((await as(cookie).get(`/api/partner/bookings.csv?partnerId=${p.id}`)).status).toBe(404);
    }
    expect((await as(otherOwner).get(`/api/partner/bookings.csv?lotId=${lotA!.id}`)).status).toBe(404);
    expect((await call(t.request, '/api/partner/bookings.csv')).status).toBe(401);

    // A manager scoped to one lot exports that lot's bookings only.
    const manager = await join(p.id, `csv-manager-${seq}@partner.example`, 'manager', [lotB!.id]);
    expect(
      parseCsv((await as(manager).get('/api/partner/bookings.csv')).text)
        .slice(1)
        .map((r) => r.fields[1]),
    ).toEqual([lotB!.name]);
  });
});

describe("today's arrivals and departures", () => {
  it("lists each lot's bookings arriving or leaving on the lot's today, in the member's scope", async () => {
    const p = await newPartner();
    const owner = await join(p.id, `today-owner-${seq}@partner.example`, 'owner');
    const [lotA, lotB] = p.lots;
    const arriving = await createBooking(t, { lot: lotA!.id, startIn: 20 });
    const leaving = await createBooking(t, { lot: lotB!.id, startIn: 20 });
    const later = await createBooking(t, { lot: lotA!.id, startIn: 30 });
    const today = lotDate(new Date(), lotA!.state);
    await t.db
      .update(bookings)
      .set({ arrivalDate: `${today}T10:00` })
      .where(eq(bookings.id, arriving.id));
    await t.db
      .update(bookings)
      .set({ arrivalDate: `${lotDate(new Date(Date.now() - 3 * 86_400_000), lotB!.state)}T10:00`, departureDate: `${today}T18:00` })
      .where(eq(bookings.id, leaving.id));

    const res = await as(owner).get('/api/partner/today');
    expect(res.status).toBe(200);
    const lots = res.json.lots as { id: number; date: string; arrivals: { confirmationNumber: string }[]; departures: { confirmationNumber: string }[] }[];
    const a = lots.find((l) => l.id === lotA!.id)!;
    const b = lots.find((l) => l.id === lotB!.id)!;
    expect(a.date).toBe(today);
    expect(a.arrivals.map((x) => x.confirmationNumber)).toEqual([arriving.confirmationNumber]);
    expect(a.departures).toEqual([]);
    expect(b.departures.map((x) => x.confirmationNumber)).toEqual([leaving.confirmationNumber]);
    expect(JSON.stringify(res.json)).not.toContain(later.confirmationNumber);

    // A manager of lot B sees lot B only; strangers get 404.
    const manager = await join(p.id, `today-manager-${seq}@partner.example`, 'manager', [lotB!.id]);
    expect((await as(manager).get('/api/partner/today')).json.lots.map((l: { id: number }) => l.id)).toEqual([lotB!.id]);
    expect((await as((await createUser(t)).cookie).get(`/api/partner/today?partnerId=${p.id}`)).status).toBe(404);
  });
});

describe('the account menu and the lot picker', () => {
  it("auth.me names the user's highest partner role; null for anyone else", async () => {
    const p = await newPartner();
    const owner = await join(p.id, `me-owner-${seq}@partner.example`, 'owner');
    const gate = await join(p.id, `me-gate-${seq}@partner.example`, 'gate');
    const me = async (cookie: string) => (await call(t.request, '/api/auth/me', undefined, { cookie })).json.user;
    expect(await me(owner)).toMatchObject({ partnerRole: 'owner' });
    expect(await me(gate)).toMatchObject({ partnerRole: 'gate', isStaff: true });
    expect(await me((await createUser(t)).cookie)).toMatchObject({ partnerRole: null });
  });

  it('the administrator picks from lots no partner owns', async () => {
    const free = await createLot(t, { name: `Unowned Picker Lot ${++seq}` });
    const p = await newPartner();
    const found = (await api.get(`/api/admin/partners/free-lots?q=${encodeURIComponent('Unowned Picker')}`)).json as { id: number }[];
    expect(found.map((l) => l.id)).toContain(free.id);
    const taken = (await api.get(`/api/admin/partners/free-lots?q=${encodeURIComponent(p.lots[0]!.name)}`)).json as { id: number }[];
    expect(taken).toEqual([]);
    expect((await as((await createUser(t)).cookie).get('/api/admin/partners/free-lots')).status).toBe(403);
  });
});
