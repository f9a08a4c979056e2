// Lot staff and the gate through HTTP: an administrator grants and revokes a lot (audited); staff see their own
// lots' arrivals and departures (lot-local today) and nothing of other lots (404; a pass of another lot names only
// that lot); a pass is found however its number is typed, and refused with its reason when cancelled, outside its
// window or already used; check-in then check-out completes the booking and the traveller's history and the admin
// show the times; concurrent check-ins record once.
import { cents } from '@/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, locations, parkingProviders } from '@/server/db/schema';
import { lotDate, lotWallClock } from '@/server/modules/catalogue/lot-time';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

const HOUR = 3_600_000;

/** The first lot of a state, with the state (its time zone). */
async function lotIn(state: string) {
  const [lot] = await t.db
    .select({ id: parkingProviders.id, name: parkingProviders.name, state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(locations.state, state))
    .orderBy(asc(parkingProviders.id))
    .limit(1);
  if (!lot) throw new Error(`The test database has no lot in ${state}`);
  return lot;
}

let seq = 0;
/** A booking of `lot` whose stay runs between two instants (stored as the lot's wall-clock times). */
async function book(lot: { id: number; state: string }, userId: number, from: number, to: number, extra: Partial<typeof bookings.$inferInsert> = {}) {
  const confirmationNumber = `PP-GATE${String(++seq).padStart(3, '0')}`;
  const [row] = await t.db
    .insert(bookings)
    .values({
      userId,
      providerId: lot.id,
      confirmationNumber,
      firstName: 'Gale',
      lastName: `Gate${seq}`,
      email: 'gale@example.com',
      phone: '555-010-0190',
      arrivalDate: lotWallClock(new Date(from), lot.state),
      departureDate: lotWallClock(new Date(to), lot.state),
      vehicleMake: 'Volvo',
      vehicleModel: 'V60',
      licensePlate: `GT${seq}`,
      parkingFeeCents: cents(3000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(3199),
      ...extra,
    })
    .returning();
  return row!;
}

type SignedIn = Awaited<ReturnType<typeof createUser>>;
let admin: SignedIn;
let staff: SignedIn;
let outsider: SignedIn;
let traveller: SignedIn;
let lotA: Awaited<ReturnType<typeof lotIn>>;
let lotB: Awaited<ReturnType<typeof lotIn>>;

beforeAll(async () => {
  admin = await createUser(t, { email: 'gate-admin@example.com', name: 'Gate Admin', role: 'admin' });
  staff = await createUser(t, { email: 'gate-staff@example.com', name: 'Sam Staff' });
  outsider = await createUser(t, { email: 'gate-outsider@example.com', name: 'Olly Outsider' });
  traveller = await createUser(t, { email: 'gate-traveller@example.com', name: 'Gale Gate' });
  lotA = await lotIn('CA');
  lotB = await lotIn('GA');
});

const get = (path: string, cookie?: string) => call(t.request, path, undefined, { cookie });
const post = (path: string, cookie?: string, body: unknown = {}) => call(t.request, path, body, { cookie });
const gate = (cn: string, step?: 'check-in' | 'check-out', cookie = staff.cookie, lotId = lotA.id) =>
  step ? post(`/api/gate/bookings/${encodeURIComponent(cn)}/${step}?lotId=${lotId}`, cookie) : get(`/api/gate/bookings/${encodeURIComponent(cn)}?lotId=${lotId}`, cookie);

describe('granting lot staff (admin)', () => {
  it('grants by e-mail with an audit entry, and refuses an unknown e-mail, a second grant and non-admins', async () => {
    expect((await post(`/api/admin/lots/${lotA.id}/staff`, undefined, { email: 'gate-staff@example.com' })).status).toBe(401);
    expect((await post(`/api/admin/lots/${lotA.id}/staff`, outsider.cookie, { email: 'gate-staff@example.com' })).status).toBe(403);

    const unknown = await post(`/api/admin/lots/${lotA.id}/staff`, admin.cookie, { email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('No account uses nobody-here@example.com. Ask them to sign up first, then add them here.');
    expect((await post(`/api/admin/lots/${lotA.id}/staff`, admin.cookie, { email: 'not an email' })).json.error).toBe('Invalid email address');
    expect((await post('/api/admin/lots/999999/staff', admin.cookie, { email: 'gate-staff@example.com' })).status).toBe(404);

    const granted = await post(`/api/admin/lots/${lotA.id}/staff`, admin.cookie, { email: '  Gate-Staff@Example.com ' });
    expect(granted.status).toBe(201);
    expect(granted.json).toMatchObject({ userId: staff.user.id, email: 'gate-staff@example.com' });
    const again = await post(`/api/admin/lots/${lotA.id}/staff`, admin.cookie, { email: 'gate-staff@example.com' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('gate-staff@example.com already works this lot.');

    const list = await get(`/api/admin/lots/${lotA.id}/staff`, admin.cookie);
    expect(list.json).toEqual([expect.objectContaining({ userId: staff.user.id, name: 'Sam Staff', email: 'gate-staff@example.com' })]);
    expect((await get(`/api/admin/lots/${lotA.id}/staff`, staff.cookie)).status).toBe(403);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lot_staff'), eq(auditLog.entityId, String(lotA.id))));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'grant',
        actorId: admin.user.id,
        actorEmail: 'gate-admin@example.com',
        changes: expect.objectContaining({ userId: staff.user.id, email: 'gate-staff@example.com' }),
      }),
    ]);
  });

  it('tells the account it is staff, and lists only its lots', async () => {
    expect((await get('/api/auth/me', staff.cookie)).json.user.isStaff).toBe(true);
    expect((await get('/api/auth/me', outsider.cookie)).json.user.isStaff).toBe(false);
    const lots = await get('/api/gate/lots', staff.cookie);
    expect(lots.status).toBe(200);
    expect(lots.json.map((l: { id: number }) => l.id)).toEqual([lotA.id]);
    // Administrators work every lot.
    expect((await get('/api/gate/lots', admin.cookie)).json.length).toBeGreaterThan(1);
  });
});

describe('access to the gate', () => {
  it('is 401 signed out and 403 for an account that works no lot', async () => {
    expect((await get('/api/gate/lots')).status).toBe(401);
    const denied = await get(`/api/gate/today?lotId=${lotA.id}`, outsider.cookie);
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe('Only lot staff can use the gate. Ask an administrator to add you to your lot.');
    expect((await gate('PP-ANYTHING', undefined, outsider.cookie)).status).toBe(403);
  });

  it("shows lot A's arrivals and departures of its own today, and nothing of lot B (404; its pass names only its lot)", async () => {
    const now = Date.now();
    const arriving = await book(lotA, traveller.user.id, now, now + 48 * HOUR);
    const cancelled = await book(lotA, traveller.user.id, now, now + 48 * HOUR, { status: 'cancelled' });
    const departing = await book(lotA, traveller.user.id, now - 72 * HOUR, now);
    const pending = await book(lotA, traveller.user.id, now, now + 48 * HOUR, { status: 'pending' });
    const other = await book(lotB, traveller.user.id, now, now + 48 * HOUR);

    const today = await get(`/api/gate/today?lotId=${lotA.id}`, staff.cookie);
    expect(today.status).toBe(200);
    expect(today.json.date).toBe(lotDate(new Date(now), lotA.state));
    const arrivals = today.json.arrivals.map((b: { confirmationNumber: string; status: string }) => [b.confirmationNumber, b.status]);
    expect(arrivals).toContainEqual([arriving.confirmationNumber, 'confirmed']);
    expect(arrivals).toContainEqual([cancelled.confirmationNumber, 'cancelled']);
    expect(arrivals.map((a: string[]) => a[0])).not.toContain(pending.confirmationNumber);
    expect(today.json.departures.map((b: { confirmationNumber: string }) => b.confirmationNumber)).toContain(departing.confirmationNumber);
    const expected = today.json.arrivals.filter((b: { status: string }) => b.status !== 'cancelled').length;
    expect(today.json.counts).toMatchObject({ arrivals: expected, checkedIn: 0, departures: today.json.departures.length });
    expect(JSON.stringify(today.json)).not.toContain(other.confirmationNumber);

    expect((await get(`/api/gate/today?lotId=${lotB.id}`, staff.cookie)).status).toBe(404);
    const foreign = await gate(other.confirmationNumber);
    const missing = await gate('PP-NOSUCH99');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'No booking with that confirmation number at your lots.' });
    // A pass of another lot: staff may tell the driver which lot, and learn nothing else of the booking.
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: `This pass is for another lot (${lotB.name}).` });
    expect((await gate(other.confirmationNumber, 'check-in')).status).toBe(404);
    expect((await post(`/api/gate/bookings/${other.confirmationNumber}/check-in`, staff.cookie)).status).toBe(404);
    expect((await gate(other.confirmationNumber, undefined, staff.cookie, lotB.id)).status).toBe(404);
    const [untouched] = await t.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(untouched!.checkedInAt).toBeNull();
  });

  it('refuses at one lot a pass for another lot the caller works, naming the right lot', async () => {
    const now = Date.now();
    const other = await book(lotB, traveller.user.id, now, now + 24 * HOUR);
    const res = await gate(other.confirmationNumber, undefined, admin.cookie, lotA.id);
    expect(res.json).toMatchObject({ valid: false, canCheckIn: false, reason: `This pass is for another lot (${lotB.name}).` });
    expect((await gate(other.confirmationNumber, 'check-in', admin.cookie, lotA.id)).status).toBe(409);
    expect((await gate(other.confirmationNumber, undefined, admin.cookie, lotB.id)).json.valid).toBe(true);
  });
});

describe('a pass at the gate', () => {
  it('is found typed in lower case with spaces, or without its prefix, and shows the booking', async () => {
    const now = Date.now();
    const b = await book(lotA, traveller.user.id, now + HOUR, now + 30 * HOUR);
    const res = await gate(`  ${b.confirmationNumber.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      valid: true,
      canCheckIn: true,
      canCheckOut: false,
      booking: {
        confirmationNumber: b.confirmationNumber,
        firstName: 'Gale',
        vehicleMake: 'Volvo',
        licensePlate: b.licensePlate,
        status: 'confirmed',
        checkedInAt: null,
        lot: { id: lotA.id, name: lotA.name },
      },
    });
    expect(res.json.reason).toMatch(/^Early arrival/);
    expect((await gate('pp-')).status).toBe(404); // not even a confirmation number
    expect((await gate('<script>')).status).toBe(404);
  });

  it('is found however the number is typed: any spacing and case, with or without PP-', async () => {
    const now = Date.now();
    const b = await book(lotA, traveller.user.id, now + HOUR, now + 30 * HOUR, { confirmationNumber: 'PP-7YHNEFSK' });
    for (const typed of ['PP 7YHNEFSK', 'pp-7yhnefsk', '7YHNEFSK', 'PP7YHNEFSK', ' p p - 7yhn efsk ', '7YHN-EFSK', 'PP-7YHNEFSK']) {
      const res = await gate(typed);
      expect(res.status, typed).toBe(200);
      expect(res.json.booking.confirmationNumber, typed).toBe(b.confirmationNumber);
    }
    expect((await gate('PP-7YHNEFS')).status).toBe(404); // one character short: not this pass
    expect((await gate('<script>')).status).toBe(404);
  });

  it('refuses a cancelled pass, one not paid, one too early and one expired, with the reason', async () => {
    const now = Date.now();
    const cases = [
      [await book(lotA, traveller.user.id, now, now + 24 * HOUR, { status: 'cancelled' }), /^Cancelled: this booking was cancelled/],
      [await book(lotA, traveller.user.id, now, now + 24 * HOUR, { status: 'failed' }), /^Not paid/],
      [await book(lotA, traveller.user.id, now + 3 * HOUR, now + 30 * HOUR), /^Too early: arrival is .*; check-in opens /],
      [await book(lotA, traveller.user.id, now - 48 * HOUR, now - HOUR), /^Expired: this booking ended on /],
    ] as const;
    for (const [b, reason] of cases) {
      const look = await gate(b.confirmationNumber);
      expect(look.json, b.confirmationNumber).toMatchObject({ valid: false, canCheckIn: false });
      expect(look.json.reason).toMatch(reason);
      const refused = await gate(b.confirmationNumber, 'check-in');
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe(look.json.reason);
    }
  });

  it('checks in then out: times and who recorded, status completed, shown in the history and the admin', async () => {
    const now = Date.now();
    const b = await book(lotA, traveller.user.id, now - HOUR, now + 24 * HOUR);
    const early = await gate(b.confirmationNumber, 'check-out');
    expect(early.status).toBe(409);
    expect(early.json.error).toBe('Not checked in yet: check the car in first.');

    const inRes = await gate(b.confirmationNumber, 'check-in');
    expect(inRes.status).toBe(200);
    expect(inRes.json).toMatchObject({ valid: true, canCheckIn: false, canCheckOut: true, booking: { status: 'confirmed' } });
    expect(inRes.json.booking.checkedInLocal).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    const twice = await gate(b.confirmationNumber, 'check-in');
    expect(twice.status).toBe(409);
    expect(twice.json.error).toMatch(/^Already checked in on /);

    const outRes = await gate(b.confirmationNumber, 'check-out');
    expect(outRes.status).toBe(200);
    expect(outRes.json).toMatchObject({ valid: false, canCheckIn: false, canCheckOut: false, booking: { status: 'completed' } });
    expect(outRes.json.reason).toMatch(/^Already checked out on /);
    expect((await gate(b.confirmationNumber, 'check-out')).status).toBe(409);
    expect((await gate(b.confirmationNumber, 'check-in')).json.error).toMatch(/^Already checked out on /);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ status: 'completed', checkedInBy: staff.user.id, checkedOutBy: staff.user.id });
    expect(row!.checkedInAt!.getTime()).toBeLessThanOrEqual(row!.checkedOutAt!.getTime());

    const history = (await get('/api/bookings/history', traveller.cookie)).json as { confirmationNumber: string }[];
    expect(history.find((h) => h.confirmationNumber === b.confirmationNumber)).toMatchObject({
      status: 'completed',
      checkedInLocal: lotWallClock(row!.checkedInAt!, lotA.state),
      checkedOutLocal: lotWallClock(row!.checkedOutAt!, lotA.state),
    });
    const all = (await get('/api/admin/bookings', admin.cookie)).json as { confirmationNumber: string }[];
    expect(all.find((x) => x.confirmationNumber === b.confirmationNumber)).toMatchObject({
      status: 'completed',
      checkedInLocal: lotWallClock(row!.checkedInAt!, lotA.state),
      checkedOutLocal: lotWallClock(row!.checkedOutAt!, lotA.state),
    });
  });

  it('records a pass scanned at two gates at once only once', async () => {
    const now = Date.now();
    const b = await book(lotA, traveller.user.id, now, now + 24 * HOUR);
    const results = await Promise.all([0, 1, 2, 3, 4].map(() => gate(b.confirmationNumber, 'check-in')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.error).toMatch(/^Already checked in on /);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    const winner = results.find((r) => r.status === 200)!;
    expect(new Date(winner.json.booking.checkedInAt).getTime()).toBe(row!.checkedInAt!.getTime());

    const outs = await Promise.all([0, 1, 2].map(() => gate(b.confirmationNumber, 'check-out')));
    expect(outs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('revoking lot staff (admin)', () => {
  it('takes the gate away with an audit entry; revoking again is 404', async () => {
    const res = await call(t.request, `/api/admin/lots/${lotA.id}/staff/${staff.user.id}`, undefined, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await call(t.request, `/api/admin/lots/${lotA.id}/staff/${staff.user.id}`, undefined, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    expect((await get('/api/gate/lots', staff.cookie)).status).toBe(403);
    expect((await get('/api/auth/me', staff.cookie)).json.user.isStaff).toBe(false);
    expect((await get(`/api/admin/lots/${lotA.id}/staff`, admin.cookie)).json).toEqual([]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lot_staff'), eq(auditLog.entityId, String(lotA.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['grant', 'revoke']);
    expect(entries[1]).toMatchObject({ actorEmail: 'gate-admin@example.com', changes: expect.objectContaining({ userId: staff.user.id, email: 'gate-staff@example.com' }) });
  });
});
