// The test kit itself (tests/support/factories.ts): a factory user is signed in as the app sees it, an admin is an
// admin, a factory lot is a lot search finds at its price, and a factory booking is a real, paid booking the
// recording gateway saw charged.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, userPreferences } from '@/server/db/schema';
import { cents } from '@/shared/money';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createBooking, createLot, createUser, recordingGateway, TEST_PASSWORD } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const gateway = recordingGateway();
const t = await createTestApp({}, { payments: gateway.payments });
afterAll(() => t.close());

describe('createUser', () => {
  it('is signed in through its cookie, with the sign-up rows, and can sign in with its password', async () => {
    const { user, cookie } = await createUser(t, { name: 'Kit Tester', email: 'Kit@Example.com' });
    expect(user).toMatchObject({ email: 'kit@example.com', name: 'Kit Tester', role: 'user', password: TEST_PASSWORD });
    expect((await call(t.request, '/api/auth/me', undefined, { cookie })).json.user).toMatchObject({ id: user.id, email: 'kit@example.com', emailVerified: 0, hasPassword: true });
    expect(await t.db.select().from(userPreferences).where(eq(userPreferences.userId, user.id))).toHaveLength(1);
    expect((await call(t.request, '/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('makes an administrator, a verified account, or one without a password, when told', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const traveller = await createUser(t, { verified: true, password: null });
    expect((await call(t.request, '/api/admin/jobs', undefined, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(t.request, '/api/admin/jobs', undefined, { cookie: traveller.cookie })).status).toBe(403);
    expect((await call(t.request, '/api/auth/me', undefined, { cookie: traveller.cookie })).json.user).toMatchObject({ emailVerified: 1, hasPassword: false });
  });
});

describe('createLot', () => {
  it('is a lot of its own that search finds, at its price in cents', async () => {
    const lot = await createLot(t, { place: 'TPA', priceCents: cents(1234) });
    expect(lot).toMatchObject({ placeCode: 'TPA', state: 'FL', priceCents: 1234, published: 1 });
    const found = await call(t.request, `/api/search?location=TPA&arrivalDate=${dayFromToday(30)}&departureDate=${dayFromToday(31)}`);
    expect((found.json.providers as { id: number; price: number }[]).find((p) => p.id === lot.id)).toMatchObject({ price: 12.34 });
  });
});

describe('createBooking and checkoutRequest', () => {
  it('books and pays through checkout, as a guest or signed in, and the recording gateway saw each charge', async () => {
    const before = gateway.charges.length;
    const guest = await createBooking(t, { days: 3 });
    expect(guest.viewToken).toBeTruthy();
    const member = await createUser(t);
    const mine = await createBooking(t, { user: member, lot: guest.lotId, startIn: 30 });
    expect(mine.email).toBe(member.user.email);
    const rows = await t.db.select().from(bookings).where(eq(bookings.id, mine.id));
    expect(rows[0]).toMatchObject({ userId: member.user.id, status: 'confirmed', parkingFeeCents: 2000 });
    expect(gateway.charges.slice(before).map((c) => c.amount)).toEqual([3199, 2199]);
  });

  it('builds a body checkout refuses where a test says so', async () => {
    const lot = await createLot(t);
    const declined = await checkout(t, checkoutRequest(lot.id, { card: '4000 0000 0000 0002' }));
    expect(declined.status).toBe(402);
    const noPhone = await checkout(t, checkoutRequest(lot.id, { customer: { phone: '' } }));
    expect(noPhone.status).toBe(400);
    expect(noPhone.json.error).toBe('Phone is required');
  });
});
