// The portal's Insights through HTTP: the spaces taken on each of the next 90 days equal the bookings holding
// each day (held, confirmed or completed; a cancelled one frees its days), with each day's capacity and closures
// as the lot's days say, summed over the member's lots or for one of them, and only the lots a scoped manager
// works; each of the last 12 months' gross, commission and net equals that month's statement to the cent; another
// partner's member, gate staff and strangers get 404.
import { and, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings } from '@/server/db/schema';
import { OCCUPANCY_DAYS, REVENUE_MONTHS } from '@/server/modules/partners/insights';
import { recordPartnerLine } from '@/server/modules/partners/ledger';
import { cents } from '@/shared/money';
import { createBooking, createLot, createUser, type TestLot } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Insights Admin', role: 'admin' });
const as = (cookie?: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
  patch: (path: string, body: unknown) => call(t.request, path, body, { cookie, method: 'PATCH' }),
});
const api = as(admin.cookie);

let seq = 0;
async function newPartner(capacities: number[]) {
  const n = ++seq;
  const lots: TestLot[] = [];
  for (const capacity of capacities) lots.push(await createLot(t, { name: `Insights Lot ${n}-${lots.length + 1}`, capacity }));
  const res = await api.post('/api/admin/partners', {
    tradingName: `Insights Partner ${n}`,
    legalName: `Insights Partner ${n} LLC`,
    contactName: 'Ina Owner',
    contactEmail: `insights-${n}@partner.example`,
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

type Day = { date: string; taken: number; capacity: number; free: number; closedSpaces: number; closedLots: number; percent: number };
type Month = { month: string; gross: number; commission: number; net: number; cents: { gross: number; commission: number; net: number } };

/** The day after a 'YYYY-MM-DD' date. */
const next = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** For each date, how many of the lots' bookings hold a space that day, read from the bookings themselves. */
async function heldPerDay(lotIds: number[], dates: string[]) {
  const rows = await t.db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.providerId, lotIds), inArray(bookings.status, ['pending', 'confirmed', 'completed'])));
  return dates.map((date) => rows.filter((b) => b.arrivalDate < `${next(date)}T00:00` && b.departureDate > `${date}T00:00`).length);
}

describe('occupancy of the next 90 days', () => {
  it('counts the bookings holding each day against its capacity and closures, for every lot, one lot, and a scoped manager', async () => {
    const p = await newPartner([5, 3]);
    const other = await newPartner([4]);
    const [lotA, lotB] = p.lots as [TestLot, TestLot];
    const owner = await join(p.id, `insights-owner-${seq}@partner.example`, 'owner');

    await createBooking(t, { lot: lotA.id, startIn: 3, days: 3 });
    await createBooking(t, { lot: lotA.id, startIn: 4, days: 1 });
    await createBooking(t, { lot: lotB.id, startIn: 5, days: 2 });
    await createBooking(t, { lot: lotB.id, startIn: 60, days: 4 });
    const traveller = await createUser(t);
    const cancelled = await createBooking(t, { user: traveller, lot: lotA.id, startIn: 8, days: 2 });
    expect((await call(t.request, `/api/bookings/${cancelled.confirmationNumber}/cancel`, { reason: 'plans changed' }, { cookie: traveller.cookie })).status).toBe(200);
    await createBooking(t, { lot: lotA.id, startIn: 120, days: 2 }); // beyond the 90 days
    await createBooking(t, { lot: other.lots[0]!.id, startIn: 3, days: 3 }); // another partner's

    const all = await as(owner).get('/api/partner/insights');
    expect(all.status).toBe(200);
    const days = all.json.occupancy.days as Day[];
    expect(days).toHaveLength(OCCUPANCY_DAYS);
    expect(all.json.lots).toBe(2);
    const dates = days.map((d) => d.date);
    expect(dates.slice(1).every((d, i) => d === next(dates[i]!))).toBe(true);

    // A closed day and a day with its own capacity, through the portal's day editor.
    const closedDay = dates[10]!;
    const smallDay = dates[12]!;
    expect((await as(owner).patch(`/api/partner/lots/${lotB.id}/days`, { from: closedDay, to: closedDay, closed: true })).status).toBe(200);
    expect((await as(owner).patch(`/api/partner/lots/${lotA.id}/days`, { from: smallDay, to: smallDay, capacity: 2 })).status).toBe(200);

    const res = (await as(owner).get('/api/partner/insights')).json;
    const held = await heldPerDay([lotA.id, lotB.id], dates);
    expect(held.some((n) => n >= 2)).toBe(true);
    expect((res.occupancy.days as Day[]).map((d) => d.taken)).toEqual(held);
    expect((res.occupancy.days as Day[]).map((d) => d.capacity)).toEqual(dates.map((d) => (d === smallDay ? 2 + 3 : 5 + 3)));
    expect((res.occupancy.days as Day[]).map((d) => d.closedLots)).toEqual(dates.map((d) => (d === closedDay ? 1 : 0)));
    // Lot B's unsold spaces on its closed day are closed, not free.
    const closed = (res.occupancy.days as Day[]).find((d) => d.date === closedDay)!;
    const [onA] = await heldPerDay([lotA.id], [closedDay]);
    const [onB] = await heldPerDay([lotB.id], [closedDay]);
    expect(closed).toMatchObject({ closedSpaces: 3 - onB!, free: 5 - onA! });
    expect((res.occupancy.days as Day[]).every((d) => d.free + d.closedSpaces === d.capacity - d.taken)).toBe(true);
    const busiest = (res.occupancy.days as Day[]).find((d) => d.taken === Math.max(...held))!;
    expect(busiest.percent).toBe(Math.round((busiest.taken / busiest.capacity) * 100));
    expect(res.occupancy.summary.closedDays).toBe(1);

    // One lot: its own numbers.
    const one = (await as(owner).get(`/api/partner/insights?lotId=${lotB.id}`)).json;
    expect(one.lot).toEqual({ id: lotB.id, name: lotB.name });
    expect((one.occupancy.days as Day[]).map((d) => d.taken)).toEqual(await heldPerDay([lotB.id], dates));
    expect((one.occupancy.days as Day[]).every((d) => d.capacity === 3)).toBe(true);

    // A manager of lot B sees lot B only, and lot A is not theirs to ask for.
    const manager = await join(p.id, `insights-manager-${seq}@partner.example`, 'manager', [lotB.id]);
    const scoped = (await as(manager).get('/api/partner/insights')).json;
    expect(scoped.lots).toBe(1);
    expect(scoped.occupancy.days).toEqual(one.occupancy.days);
    expect((await as(manager).get(`/api/partner/insights?lotId=${lotA.id}`)).status).toBe(404);
  });

  it('has no days for a member with no lots, and says nothing about another partner: 404 for its members, gate staff and strangers', async () => {
    const p = await newPartner([5]);
    const other = await newPartner([5]);
    const owner = await join(p.id, `insights-owner-${seq}@partner.example`, 'owner');
    const otherOwner = await join(other.id, `insights-other-${seq}@partner.example`, 'owner');
    const gate = await join(p.id, `insights-gate-${seq}@partner.example`, 'gate');
    const stranger = (await createUser(t)).cookie;

    for (const cookie of [otherOwner, gate, stranger]) {
      expect((await as(cookie).get(`/api/partner/insights?partnerId=${p.id}`)).status).toBe(404);
    }
    expect((await as(gate).get('/api/partner/insights')).status).toBe(404);
    expect((await as(otherOwner).get(`/api/partner/insights?lotId=${p.lots[0]!.id}`)).status).toBe(404);
    expect((await as(owner).get(`/api/partner/insights?lotId=${other.lots[0]!.id}`)).status).toBe(404);
    expect((await call(t.request, '/api/partner/insights')).status).toBe(401);
    // The tRPC procedure the portal calls is the same door.
    const viaTrpc = await t.request(`/api/trpc/partner.insights?input=${encodeURIComponent(JSON.stringify({ json: { partnerId: p.id } }))}`, {
      headers: { Cookie: gate },
    });
    expect(viaTrpc.status).toBe(404);

    // A partner with no lots yet has no days to chart, and twelve empty months.
    const lone = await newPartner([]);
    const loneOwner = await join(lone.id, `insights-lone-${seq}@partner.example`, 'owner');
    const empty = (await as(loneOwner).get('/api/partner/insights')).json;
    expect(empty).toMatchObject({ lots: 0, occupancy: { days: [], summary: null }, revenue: { lines: 0 } });
    expect(empty.revenue.months).toHaveLength(REVENUE_MONTHS);
  });
});

describe('revenue of the last 12 months', () => {
  it("equals each month's statement to the cent, for every lot and for one", async () => {
    const p = await newPartner([5, 5]);
    const [lotA, lotB] = p.lots as [TestLot, TestLot];
    const owner = await join(p.id, `insights-money-${seq}@partner.example`, 'owner');
    // This month, through the real checkout: $10 a day at 15 %.
    const a = await createBooking(t, { lot: lotA.id, startIn: 10, days: 3 });
    const b = await createBooking(t, { lot: lotB.id, startIn: 12, days: 2 });
    // Earlier months, written as the ledger writes any line (odd amounts: the rounding rule shows).
    const monthsAgo = (n: number, day = 15) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 12));
    };
    const line = (booking: { id: number }, key: string, gross: number, at: Date, kind: 'booking' | 'change' | 'refund' = 'booking') =>
      recordPartnerLine(t.db, { id: booking.id, partnerId: p.id, commissionBps: 1500 }, { kind, sourceKey: `insights-${p.id}-${key}`, gross: cents(gross), at });
    await line(a, 'm2', 3285, monthsAgo(2));
    await line(b, 'm2b', 1095, monthsAgo(2, 28));
    await line(a, 'm5-refund', -1999, monthsAgo(5), 'refund');
    await line(b, 'm11-first', 4567, monthsAgo(11, 1));
    await line(a, 'm12', 99_999, monthsAgo(12)); // thirteen months back: not in the twelve

    const res = await as(owner).get('/api/partner/insights');
    expect(res.status).toBe(200);
    const months = res.json.revenue.months as Month[];
    expect(months).toHaveLength(REVENUE_MONTHS);
    expect(months.at(-1)!.month).toBe(new Date().toISOString().slice(0, 7));
    expect(months[0]!.month).toBe(monthsAgo(11).toISOString().slice(0, 7));
    for (const m of months) {
      const s = await as(owner).get(`/api/partner/statements/${m.month}`);
      expect(s.status).toBe(200);
      expect(m.cents, m.month).toEqual(s.json.totals.cents);
      expect({ gross: m.gross, commission: m.commission, net: m.net }).toEqual({
        gross: s.json.totals.gross,
        commission: s.json.totals.commission,
        net: s.json.totals.net,
      });
    }
    // The figures themselves: 15 % of $32.85 is 492.75 cents, 493 by the rounding rule.
    const of = (n: number) => months.find((m) => m.month === monthsAgo(n).toISOString().slice(0, 7))!.cents;
    expect(of(2)).toEqual({ gross: 4380, commission: 493 + 164, net: 4380 - 657 });
    expect(of(5)).toEqual({ gross: -1999, commission: -300, net: -1699 });
    expect(of(11)).toEqual({ gross: 4567, commission: 685, net: 3882 });
    expect(of(0)).toEqual({ gross: 5000, commission: 750, net: 4250 });
    expect(res.json.revenue.total.cents).toEqual({ gross: 4380 - 1999 + 4567 + 5000, commission: 657 - 300 + 685 + 750, net: 3723 - 1699 + 3882 + 4250 });

    // One lot: that lot's lines only.
    const one = (await as(owner).get(`/api/partner/insights?lotId=${lotB.id}`)).json.revenue.months as Month[];
    expect(one.find((m) => m.month === monthsAgo(2).toISOString().slice(0, 7))!.cents).toEqual({ gross: 1095, commission: 164, net: 931 });
    expect(one.at(-1)!.cents).toEqual({ gross: 2000, commission: 300, net: 1700 });
  });
});
