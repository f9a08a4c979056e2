// A partner's money through HTTP: each booking, change up, change down and cancellation writes the partner's
// line at the booking's commission (one rounding rule); the month's statement totals equal the platform's own
// ledger (card charges less refunds, less the service fee) to the cent, as JSON and CSV; another partner's
// manager gets 404; weekly payouts pay ended stays once however often they run, resume after a crash with the
// same key, and carry a refund made after a payout into the next one.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingPayments, bookings, partnerLedger, partnerPayouts } from '@/server/db/schema';
import { recordPartnerLine } from '@/server/modules/partners/ledger';
import { runPayouts } from '@/server/modules/partners/payouts';
import { cents } from '@/shared/money';
import { createBooking, createLot, createUser, stayAt } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

/** The app's clock, moved by hand (stays end without waiting). */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Money Admin', role: 'admin' });
const as = (cookie: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
});
const api = as(admin.cookie);
const month = () => clock.now().toISOString().slice(0, 7);

let seq = 0;
async function partnerWithOwner(percent: number, lotPrices: number[]) {
  const lots = [];
  for (const price of lotPrices) lots.push(await createLot(t, { priceCents: cents(price) }));
  const n = ++seq;
  const created = await api.post('/api/admin/partners', {
    tradingName: `Money Partner ${n}`,
    legalName: `Money Partner ${n} LLC`,
    contactName: 'M',
    contactEmail: `money-${n}@partner.example`,
    commissionPercent: percent,
    lotIds: lots.map((l) => l.id),
  });
  const email = `money-owner-${n}@partner.example`;
  await api.post(`/api/admin/partners/${created.json.id}/invitations`, { email, role: 'owner' });
  const mail = (await t.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: 'Money Owner', password: 'long enough password' });
  return { id: created.json.id as number, lots, owner: as(sessionCookieFrom(accepted.headers)!) };
}

/** What the platform's own ledger says a booking's parking money is: card charges less refunds, less the service fee. */
async function parkingMoney(bookingIds: number[]) {
  const paid = await t.db.select().from(bookingPayments).where(inArray(bookingPayments.bookingId, bookingIds));
  const rows = await t.db.select().from(bookings).where(inArray(bookings.id, bookingIds));
  return paid.reduce((s, p) => s + p.amountCents - p.refundedCents, 0) - rows.reduce((s, b) => s + b.serviceFeeCents, 0);
}

describe('statements', () => {
  it('lists each booking, change and refund with gross, commission and net; totals reconcile with the ledger to the cent', async () => {
    const p = await partnerWithOwner(15, [1000, 1095]);
    const traveller = await createUser(t);
    const [lotA, lotB] = p.lots as [(typeof p.lots)[0], (typeof p.lots)[0]];
    const change = (n: string, arrival: string, departure: string) =>
      call(
        t.request,
        `/api/bookings/${n}/change`,
        { arrivalDate: arrival, departureDate: departure, paymentInfo: { cardNumber: '4242 4242 4242 4242', expirationDate: '12/34', cvv: '123', billingZip: '32801' } },
        { cookie: traveller.cookie, headers: { 'Idempotency-Key': `money-change-${n}-${departure}` } },
      );

    // A 3-day stay ($30), extended by 2 days (+$20).
    const up = await createBooking(t, { user: traveller, lot: lotA.id, arrival: stayAt(20), departure: stayAt(23) });
    expect((await change(up.confirmationNumber, stayAt(20), stayAt(25))).status).toBe(200);
    // A 4-day stay ($40), shortened to 2 days well ahead: $20 back.
    const down = await createBooking(t, { user: traveller, lot: lotA.id, arrival: stayAt(30), departure: stayAt(34) });
    expect((await change(down.confirmationNumber, stayAt(30), stayAt(32))).json.change).toMatchObject({ refundToCard: 20 });
    // A 2-day stay ($20), cancelled well ahead: $20 back, the service fee kept.
    const gone = await createBooking(t, { user: traveller, lot: lotA.id, arrival: stayAt(40), departure: stayAt(42) });
    expect((await call(t.request, `/api/bookings/${gone.confirmationNumber}/cancel`, { reason: 'plans changed' }, { cookie: traveller.cookie })).status).toBe(200);
    // $10.95 a day for 3 days: $32.85, whose 15 % is 492.75 cents, 493 by the rounding rule.
    const odd = await createBooking(t, { user: traveller, lot: lotB.id, arrival: stayAt(21), departure: stayAt(24) });

    const s = await p.owner.get(`/api/partner/statements/${month()}`);
    expect(s.status).toBe(200);
    const lines = s.json.lines as { kind: string; confirmationNumber: string; cents: { gross: number; commission: number; net: number } }[];
    const of = (n: string) => lines.filter((l) => l.confirmationNumber === n).map((l) => [l.kind, l.cents.gross, l.cents.commission, l.cents.net]);
    expect(of(up.confirmationNumber)).toEqual([
      ['booking', 3000, 450, 2550],
      ['change', 2000, 300, 1700],
    ]);
    expect(of(down.confirmationNumber)).toEqual([
      ['booking', 4000, 600, 3400],
      ['change', -2000, -300, -1700],
    ]);
    expect(of(gone.confirmationNumber)).toEqual([
      ['booking', 2000, 300, 1700],
      ['refund', -2000, -300, -1700],
    ]);
    expect(of(odd.confirmationNumber)).toEqual([['booking', 3285, 493, 2792]]);

    // The totals are the lines' sums, and the platform's ledger agrees to the cent.
    const totals = s.json.totals.cents;
    expect(totals).toEqual({ gross: 10285, commission: 1543, net: 8742 });
    expect(totals.gross).toBe(await parkingMoney([up.id, down.id, gone.id, odd.id]));
    expect(s.json.totals).toMatchObject({ gross: 102.85, commission: 15.43, net: 87.42 });
  });

  it('downloads as CSV, and another partner’s manager gets 404 on its statement and payouts', async () => {
    const a = await partnerWithOwner(20, [1000]);
    const b = await partnerWithOwner(10, [1000]);
    await createBooking(t, { lot: a.lots[0]!.id, arrival: stayAt(22), departure: stayAt(24) });
    const ownerA = (await t.db.select().from(partnerLedger).where(eq(partnerLedger.partnerId, a.id))).length;
    expect(ownerA).toBe(1);
    const res = await a.owner.get(`/api/partner/statements/${month()}.csv`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${month()}.csv"`);
    const rows = res.text.trim().split('\r\n');
    expect(rows[0]).toBe('Date,Type,Confirmation,Lot,Commission rate %,Gross,Commission,Net');
    expect(rows.at(-1)).toBe('Total,,,,,20.00,4.00,16.00');

    for (const path of [
      `/api/partner/statements/${month()}?partnerId=${a.id}`,
      `/api/partner/statements/${month()}.csv?partnerId=${a.id}`,
      `/api/partner/payouts?partnerId=${a.id}`,
    ]) {
      expect((await b.owner.get(path)).status, path).toBe(404);
    }
    // A month that cannot be one names nothing.
    expect((await a.owner.get('/api/partner/statements/2026-13')).status).toBe(404);
  });
});

describe('payouts', () => {
  it('pay ended stays once however often they run, resume after a crash, and carry a later refund', async () => {
    const p = await partnerWithOwner(10, [1000]);
    const lot = p.lots[0]!;
    const first = await createBooking(t, { lot: lot.id, arrival: stayAt(3), departure: stayAt(5) }); // $20, net $18
    const later = await createBooking(t, { lot: lot.id, arrival: stayAt(50), departure: stayAt(52) }); // not ended in the first run
    const mine = async () => (await t.db.select().from(partnerPayouts).where(eq(partnerPayouts.partnerId, p.id))).sort((x, y) => x.id - y.id);

    // Nothing has ended yet: nothing to pay.
    await api.post('/api/admin/payouts/run');
    expect(await mine()).toEqual([]);

    // Ten days on, the first stay has ended: paid once, however often the run goes.
    offset = 10 * 86_400_000;
    const run = await api.post('/api/admin/payouts/run');
    expect(run.status).toBe(200);
    await api.post('/api/admin/payouts/run');
    expect((await mine()).map((x) => [x.status, x.amountCents])).toEqual([['paid', 1800]]);
    const history = await p.owner.get('/api/partner/payouts');
    expect(history.json).toEqual([expect.objectContaining({ status: 'paid', amount: 18, transferId: expect.stringMatching(/^tr_sandbox_/) })]);
    expect((await api.get('/api/admin/payouts/balances')).json.find((r: { partnerId: number }) => r.partnerId === p.id)).toMatchObject({ paid: 18, owed: 18 });

    // A refund after the payout (written as any money given back is): the next week nets it first.
    await recordPartnerLine(
      t.db,
      { id: first.id, partnerId: p.id, commissionBps: 1000 },
      { kind: 'refund', sourceKey: `test-refund:${first.id}`, gross: cents(-2000), at: clock.now() },
    );
    offset = 17 * 86_400_000;
    await api.post('/api/admin/payouts/run');
    expect((await mine()).map((x) => x.status)).toEqual(['paid']); // -$18 is carried: nothing paid

    // The later stay ends; the week after, its $18 less the carried $18: still nothing; then a new stay pays in full.
    offset = 60 * 86_400_000;
    await api.post('/api/admin/payouts/run');
    expect((await mine()).map((x) => x.status)).toEqual(['paid']);
    void later;

    // A crash mid-run: the transfer's answer is lost; the next run pays the same payout with the same key, once.
    offset = 0;
    const third = await createBooking(t, { lot: lot.id, arrival: stayAt(6), departure: stayAt(8) });
    offset = 80 * 86_400_000;
    const keys: string[] = [];
    let fail = true;
    const flaky = {
      ...t.payments,
      transfer: async (input: Parameters<typeof t.payments.transfer>[0]) => {
        if (!input.idempotencyKey.startsWith(`payout-${p.id}-`)) return t.payments.transfer(input);
        keys.push(input.idempotencyKey);
        if (fail) {
          fail = false;
          throw new Error('socket hang up');
        }
        return t.payments.transfer(input);
      },
    };
    await expect(runPayouts({ db: t.db, payments: flaky, clock })).rejects.toThrow('socket hang up');
    expect((await mine()).at(-1)).toMatchObject({ status: 'pending', amountCents: 1800 });
    await runPayouts({ db: t.db, payments: flaky, clock });
    expect((await mine()).map((x) => [x.status, x.amountCents])).toEqual([
      ['paid', 1800],
      ['paid', 1800],
    ]);
    expect(new Set(keys).size).toBe(1);
    void third;
    offset = 0;
  });
});
