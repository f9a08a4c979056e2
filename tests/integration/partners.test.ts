// Partners through HTTP: the administrator creates a partner that owns lots and invites its owner; the e-mailed
// link is single-use and expires; the owner runs its lots (a new lot is a draft until approved, an edit is live
// at once) and invites a manager scoped to one lot; every role of another partner gets 404; a suspended partner's
// lots stop selling; each booking keeps the commission in force when it was made; members work their lots' gate.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, locations, partnerInvitations, partnerLedger } from '@/server/db/schema';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createLot, createUser } from '../support/factories';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Partner Admin', role: 'admin' });
const as = (cookie?: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
  patch: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie, method: 'PATCH' }),
  del: (path: string) => call(t.request, path, undefined, { cookie, method: 'DELETE' }),
});
const api = as(admin.cookie);
const [mco] = await t.db.select().from(locations).where(eq(locations.code, 'MCO'));
const stay = { arrivalDate: dayFromToday(30), departureDate: dayFromToday(32) };
const searchNames = async () =>
  (await call(t.request, `/api/search?location=MCO&arrivalDate=${stay.arrivalDate}&departureDate=${stay.departureDate}`)).json.providers as { name: string; price: number }[];

let seq = 0;
/** A partner owning two new lots of its own, at `percent` commission. */
async function newPartner(percent = 15) {
  const lots = [await createLot(t), await createLot(t)];
  const name = `Partner ${++seq}`;
  const res = await api.post('/api/admin/partners', {
    tradingName: name,
    legalName: `${name} LLC`,
    contactName: 'Pat Owner',
    contactEmail: `contact-${seq}@partner.example`,
    payoutDetails: 'Chase, account ending 1234',
    commissionPercent: percent,
    lotIds: lots.map((l) => l.id),
  });
  expect(res.status).toBe(201);
  return { id: res.json.id as number, name, lots };
}

/** The link of the latest invitation e-mailed to `email`. */
async function invitationLink(email: string) {
  const mail = (await t.outbox()).filter((m) => m.to.includes(email) && m.subject.includes('invited')).at(-1);
  expect(mail, `an invitation e-mail to ${email}`).toBeTruthy();
  return /\/partner\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

/** Invites `email` (by the administrator, or by an owner's cookie) and accepts as a new account; returns its cookie. */
async function join(partnerId: number, email: string, role: 'owner' | 'manager' | 'gate', opts: { by?: string; lotIds?: number[] } = {}) {
  const invited = opts.by
    ? await as(opts.by).post(`/api/partner/members?partnerId=${partnerId}`, { email, role, lotIds: opts.lotIds ?? [] })
    : await api.post(`/api/admin/partners/${partnerId}/invitations`, { email, role, lotIds: opts.lotIds ?? [] });
  expect(invited.status).toBe(201);
  const token = await invitationLink(email);
  const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: 'New Member', password: 'long enough password' });
  expect(accepted.status).toBe(200);
  return { cookie: sessionCookieFrom(accepted.headers)!, token, memberId: accepted.json.member.id as number };
}

describe('partners and invitations', () => {
  it('the administrator creates a partner and invites its owner; the link works once and expires', async () => {
    const p = await newPartner();
    expect((await api.get('/api/admin/partners')).json.find((r: { id: number }) => r.id === p.id)).toMatchObject({
      tradingName: p.name,
      commissionBps: 1500,
      lots: 2,
      status: 'active',
    });
    const email = `owner-${seq}@partner.example`;
    expect((await api.post(`/api/admin/partners/${p.id}/invitations`, { email, role: 'owner' })).status).toBe(201);
    const token = await invitationLink(email);

    // The page before accepting: who invites, as what; no account yet.
    expect((await call(t.request, `/api/partner/invitation?token=${token}`)).json).toMatchObject({ partner: p.name, email, role: 'owner', accountExists: false });
    // A new account needs its name and password; then it is created, verified by the link, and signed in.
    expect((await call(t.request, '/api/partner/invitation/accept', { token })).json.error).toBe('Full name is required');
    const accepted = await call(t.request, '/api/partner/invitation/accept', { token, name: 'Olive Owner', password: 'long enough password' });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ member: { partnerId: p.id, role: 'owner' }, user: { email, emailVerified: 1 } });
    const cookie = sessionCookieFrom(accepted.headers)!;
    expect((await as(cookie).get('/api/partner/lots')).json.map((l: { id: number }) => l.id).sort()).toEqual(p.lots.map((l) => l.id).sort());

    // Single use: a second use is refused with a clear message.
    const again = await call(t.request, '/api/partner/invitation/accept', { token, name: 'Someone Else', password: 'long enough password' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This invitation has already been used.');

    // Expired: refused, and nothing joins.
    const late = `late-${seq}@partner.example`;
    await api.post(`/api/admin/partners/${p.id}/invitations`, { email: late, role: 'manager' });
    const lateToken = await invitationLink(late);
    await t.db
      .update(partnerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerInvitations.email, late));
    const expired = await call(t.request, '/api/partner/invitation/accept', { token: lateToken, name: 'Late', password: 'long enough password' });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toBe('This invitation has expired. Ask for a new one.');
    expect((await call(t.request, '/api/partner/invitation/accept', { token: 'x'.repeat(43) })).json.error).toBe('This invitation link is not valid.');

    // The grant and the join are in the audit log.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'partner_member'));
    expect(entries.some((e) => e.actorEmail === email && e.action === 'join')).toBe(true);
  });

  it('an existing account must sign in as the invited e-mail to accept', async () => {
    const p = await newPartner();
    const existing = await createUser(t, { email: `existing-${seq}@partner.example` });
    const other = await createUser(t);
    await api.post(`/api/admin/partners/${p.id}/invitations`, { email: existing.user.email, role: 'manager' });
    const token = await invitationLink(existing.user.email);
    const anonymous = await call(t.request, '/api/partner/invitation/accept', { token, name: 'X', password: 'long enough password' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe(`Sign in as ${existing.user.email} to accept this invitation.`);
    expect((await as(other.cookie).post('/api/partner/invitation/accept', { token })).status).toBe(403);
    const accepted = await as(existing.cookie).post('/api/partner/invitation/accept', { token });
    expect(accepted.json.member).toMatchObject({ partnerId: p.id, role: 'manager' });
    expect((await as(existing.cookie).get('/api/partner/lots')).json).toHaveLength(2);
  });
});

describe('a partner runs its lots', () => {
  it('a new lot is a draft until the administrator approves it; a rate edit is live at once', async () => {
    const p = await newPartner();
    const owner = await join(p.id, `runner-${seq}@partner.example`, 'owner');
    const created = await as(owner.cookie).post('/api/partner/lots', {
      locationId: mco!.id,
      name: `Partner Draft ${seq}`,
      address: '9 Draft Rd, Orlando, FL 32809',
      latitude: mco!.latitude + 0.01,
      longitude: mco!.longitude,
      price: 7.5,
      capacity: 25,
      cancellationPolicy: 'Free cancellation up to 24 hours before arrival',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'draft', published: false });
    expect((await searchNames()).map((l) => l.name)).not.toContain(`Partner Draft ${seq}`);
    expect((await api.get('/api/admin/partners')).status).toBe(200);

    // Only the administrator approves.
    expect((await as(owner.cookie).post(`/api/admin/lots/${created.json.id}/approve`)).status).toBe(403);
    const approved = await api.post(`/api/admin/lots/${created.json.id}/approve`);
    expect(approved.json).toMatchObject({ published: true });
    expect((await searchNames()).find((l) => l.name === `Partner Draft ${seq}`)).toMatchObject({ price: 7.5 });
    expect((await api.post(`/api/admin/lots/${created.json.id}/approve`)).status).toBe(409);

    // A later edit needs no approval.
    const edited = await as(owner.cookie).patch(`/api/partner/lots/${created.json.id}`, { price: 8.25 });
    expect(edited.json).toMatchObject({ status: 'listed', changed: ['price'] });
    expect((await searchNames()).find((l) => l.name === `Partner Draft ${seq}`)).toMatchObject({ price: 8.25 });
  });

  it('members of another partner, gate staff and strangers get 404 on its lots, bookings and members', async () => {
    const a = await newPartner();
    const b = await newPartner();
    const ownerA = await join(a.id, `owner-a-${seq}@partner.example`, 'owner');
    const managerA = await join(a.id, `manager-a-${seq}@partner.example`, 'manager', { by: ownerA.cookie, lotIds: [a.lots[0]!.id] });
    const managerB = await join(b.id, `manager-b-${seq}@partner.example`, 'manager');
    const gateA = await join(a.id, `gate-a-${seq}@partner.example`, 'gate', { by: ownerA.cookie });
    const stranger = await createUser(t);
    const lotA = a.lots[0]!.id;
    // The portal's page itself: 404 to an account that belongs to no partner, 200 to a member.
    expect((await t.request('/partner', { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    expect((await t.request('/partner', { headers: { Cookie: ownerA.cookie } })).status).toBe(200);

    for (const cookie of [managerB.cookie, gateA.cookie, stranger.cookie]) {
      const who = as(cookie);
      expect((await who.get(`/api/partner/lots/${lotA}?partnerId=${a.id}`)).status).toBe(404);
      expect((await who.patch(`/api/partner/lots/${lotA}?partnerId=${a.id}`, { price: 1 })).status).toBe(404);
      expect((await who.get(`/api/partner/bookings?partnerId=${a.id}`)).status).toBe(404);
      expect((await who.get(`/api/partner/members?partnerId=${a.id}`)).status).toBe(404);
    }
    // The lot's days and photos: A's owner edits them as the back office does; B's manager gets 404.
    const range = `from=${dayFromToday(40)}&to=${dayFromToday(41)}`;
    expect((await as(ownerA.cookie).get(`/api/partner/lots/${lotA}/days?${range}`)).status).toBe(200);
    const closed = await as(ownerA.cookie).patch(`/api/partner/lots/${lotA}/days`, { from: dayFromToday(40), to: dayFromToday(41), closed: true });
    expect(closed.status, closed.text).toBe(200);
    expect((await as(ownerA.cookie).get(`/api/partner/lots/${lotA}/photos`)).json).toMatchObject({ photos: [] });
    expect((await as(managerB.cookie).get(`/api/partner/lots/${lotA}/days?${range}`)).status).toBe(404);
    expect((await as(managerB.cookie).patch(`/api/partner/lots/${lotA}/days`, { from: dayFromToday(40), to: dayFromToday(41), closed: false })).status).toBe(404);
    expect((await as(managerB.cookie).get(`/api/partner/lots/${lotA}/photos`)).status).toBe(404);
    expect((await as(gateA.cookie).get(`/api/partner/lots/${lotA}/photos`)).status).toBe(404);

    // B's manager reaching A's lot through B's own partner: not B's lot.
    expect((await as(managerB.cookie).get(`/api/partner/lots/${lotA}`)).status).toBe(404);
    expect((await as(managerB.cookie).get(`/api/partner/bookings?lotId=${lotA}`)).status).toBe(404);
    // A's manager sees the one lot in scope; the other is 404; managers do not manage members.
    expect((await as(managerA.cookie).get('/api/partner/lots')).json.map((l: { id: number }) => l.id)).toEqual([lotA]);
    expect((await as(managerA.cookie).get(`/api/partner/lots/${a.lots[1]!.id}`)).status).toBe(404);
    expect((await as(managerA.cookie).post('/api/partner/members', { email: 'x@partner.example', role: 'gate' })).status).toBe(404);
    // Gate staff work the partner's gates.
    const gateLots = await as(gateA.cookie).get('/api/gate/lots');
    expect(gateLots.status).toBe(200);
    expect(gateLots.json.map((l: { id: number }) => l.id).sort()).toEqual(a.lots.map((l) => l.id).sort());

    // The owner removes the manager (audited); the last owner stays.
    expect((await as(ownerA.cookie).del(`/api/partner/members/${managerA.memberId}`)).status).toBe(200);
    expect((await as(managerA.cookie).get('/api/partner/lots')).status).toBe(404);
    expect((await as(ownerA.cookie).del(`/api/partner/members/${ownerA.memberId}`)).json.error).toBe('A partner keeps at least one owner. Invite another owner first.');
  });

  it('a suspended partner stops selling; its bookings stay; reinstated, it sells again', async () => {
    const p = await newPartner();
    const lot = p.lots[0]!;
    const booked = await checkout(t, checkoutRequest(lot.id, { arrival: `${stay.arrivalDate}T09:00`, departure: `${stay.departureDate}T09:00` }));
    expect(booked.status).toBe(200);
    expect((await api.post(`/api/admin/partners/${p.id}/status`, { status: 'suspended' })).json.status).toBe('suspended');
    expect((await searchNames()).map((l) => l.name)).not.toContain(lot.name);
    expect((await checkout(t, checkoutRequest(lot.id))).status).toBe(404);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booked.json.booking.id)))[0]!.status).toBe('confirmed');
    await api.post(`/api/admin/partners/${p.id}/status`, { status: 'active' });
    expect((await searchNames()).map((l) => l.name)).toContain(lot.name);
  });

  it('each booking keeps the commission in force when it was made', async () => {
    const p = await newPartner(15);
    const lot = p.lots[0]!;
    const first = await checkout(t, checkoutRequest(lot.id));
    expect((await api.post(`/api/admin/partners/${p.id}/commission`, { commissionPercent: 12.5 })).status).toBe(200);
    const second = await checkout(t, checkoutRequest(lot.id, { arrival: `${dayFromToday(40)}T09:00`, departure: `${dayFromToday(41)}T09:00` }));
    const rate = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.commissionBps;
    expect(await rate(first.json.booking.id)).toBe(1500);
    expect(await rate(second.json.booking.id)).toBe(1250);
    const seen = await api.get('/api/admin/partners');
    expect(seen.json.find((r: { id: number }) => r.id === p.id).commissionBps).toBe(1250);
    // The partner's bookings list shows both, with their rates.
    const owner = await join(p.id, `money-${seq}@partner.example`, 'owner');
    const list = await as(owner.cookie).get(`/api/partner/bookings?lotId=${lot.id}`);
    expect(list.json.bookings.map((b: { commissionBps: number }) => b.commissionBps).sort()).toEqual([1250, 1500]);
  });

  it('a listed lot a new partner takes over books as the partner’s at once', async () => {
    const lot = await createLot(t);
    // Search has read the lot as the platform's own...
    expect((await searchNames()).map((r) => r.name)).toContain(lot.name);
    const res = await api.post('/api/admin/partners', {
      tradingName: 'Takeover Parking',
      legalName: 'Takeover Parking LLC',
      contactName: 'Pat Owner',
      contactEmail: 'takeover@partner.example',
      commissionPercent: 10,
      lotIds: [lot.id],
    });
    expect(res.status).toBe(201);
    // ...and the next booking is the partner's, at its commission, with its line in the partner's ledger.
    const booked = await checkout(t, checkoutRequest(lot.id));
    expect(booked.status, booked.text).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.json.booking.id));
    expect({ partnerId: row!.partnerId, commissionBps: row!.commissionBps }).toEqual({ partnerId: res.json.id, commissionBps: 1000 });
    const lines = await t.db.select().from(partnerLedger).where(eq(partnerLedger.bookingId, row!.id));
    expect(lines.map((l) => l.kind)).toEqual(['booking']);
  });

  it('refuses bad partner input with clear messages and writes nothing', async () => {
    const before = (await api.get('/api/admin/partners')).json.length;
    const bad = await api.post('/api/admin/partners', { tradingName: '', legalName: 'X', contactName: 'Y', contactEmail: 'not-an-email', commissionPercent: 80 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Trading name is required');
    expect((await api.post('/api/admin/partners', { tradingName: 'T', legalName: 'X', contactName: 'Y', contactEmail: 'a@b.example', commissionPercent: 80 })).json.error).toBe(
      'Commission must be between 0 and 50 %',
    );
    const taken = await api.post('/api/admin/partners', {
      tradingName: 'T',
      legalName: 'X',
      contactName: 'Y',
      contactEmail: 'a@b.example',
      commissionPercent: 10,
      lotIds: [999999],
    });
    expect(taken.json.error).toBe('A lot listed does not exist or already belongs to a partner');
    expect((await api.get('/api/admin/partners')).json.length).toBe(before);
    const user = await createUser(t);
    expect((await as(user.cookie).post('/api/admin/partners', { tradingName: 'T' })).status).toBe(403);
  });
});
