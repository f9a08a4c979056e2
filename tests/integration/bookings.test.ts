// Booking history through HTTP: signed-in only, own bookings only, newest first, with the lot's name.
import { cents } from '@/shared/money';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, parkingProviders } from '@/server/db/schema';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

describe('GET /api/bookings/history', () => {
  it('is 401 for anonymous callers', async () => {
    expect((await call(t.request, '/api/bookings/history')).status).toBe(401);
  });

  it("lists only the caller's bookings, newest first", async () => {
    const a = await createUser(t, { name: 'A', email: 'a-hist@example.com' });
    const b = await createUser(t, { name: 'B', email: 'b-hist@example.com' });
    const cookieA = a.cookie;
    const [provider] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    const base = {
      providerId: provider!.id,
      firstName: 'A',
      lastName: 'Z',
      email: 'a-hist@example.com',
      phone: '555-010-0155',
      arrivalDate: '2027-01-01T09:00',
      departureDate: '2027-01-03T09:00',
      vehicleMake: 'Kia',
      vehicleModel: 'Soul',
      licensePlate: 'K1',
      parkingFeeCents: cents(2000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(2199),
    };
    await t.db.insert(bookings).values([
      { ...base, userId: a.user.id, confirmationNumber: 'PP-HIST-1', createdAt: new Date(Date.now() - 60_000) },
      { ...base, userId: a.user.id, confirmationNumber: 'PP-HIST-2', status: 'cancelled' },
      { ...base, userId: b.user.id, confirmationNumber: 'PP-HIST-3' },
    ]);
    const res = await call(t.request, '/api/bookings/history', undefined, { cookie: cookieA });
    expect(res.status).toBe(200);
    expect(res.json.map((x: any) => x.confirmationNumber)).toEqual(['PP-HIST-2', 'PP-HIST-1']);
    expect(res.json[0]).toMatchObject({ status: 'cancelled', providerName: provider!.name, totalFee: 21.99 });
    const page = await (await t.request('/?view=history', { headers: { Cookie: cookieA } })).text();
    expect(page).toContain('Your Booking History');
    expect(page).toContain('PP-HIST-1');
  });
});
