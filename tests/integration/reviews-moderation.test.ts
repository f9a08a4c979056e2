// Moderation of reviews through HTTP: text with a link, an e-mail address, a phone number or a blocked word waits
// in the administrator's queue (not shown, not counted) while the rest publishes at once; approving publishes it,
// rejecting keeps it off with a reason its author sees on the manage page and in history; partners reply once
// and flag for the administrator, and nothing a partner does removes a review (another partner's is 404); every
// decision is audited. The damped order by rating: one 5-star review does not top many good ones.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, parkingProviders, partnerMembers, partners, reviews } from '@/server/db/schema';
import { mintBookingLink } from '@/server/modules/bookings/booking-view';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { heldFor } from '@/server/modules/reviews/moderation';
import { recomputeLotRating } from '@/server/modules/reviews/ratings';
import { cents } from '@/shared/money';
import { compareByRating, dampedRating } from '@/shared/ratings';
import { createLot, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const DAY = 86_400_000;
type Lot = Awaited<ReturnType<typeof createLot>>;
type SignedIn = Awaited<ReturnType<typeof createUser>>;
let seq = 0;

/** An ended stay of `lot` by `owner`, reviewed by them through HTTP; returns the booking and the answer. */
async function reviewed(lot: Lot, owner: SignedIn, fields: Partial<{ overall: number; body: string }> = {}) {
  const n = ++seq;
  const [b] = await t.db
    .insert(bookings)
    .values({
      userId: owner.user.id,
      providerId: lot.id,
      confirmationNumber: `PP-MOD${process.pid % 1000}${String(n).padStart(3, '0')}`,
      firstName: 'Marta',
      lastName: 'stone',
      email: owner.user.email,
      phone: '555-010-0190',
      arrivalDate: lotWallClock(new Date(Date.now() - 4 * DAY), lot.state),
      departureDate: lotWallClock(new Date(Date.now() - 2 * DAY), lot.state),
      vehicleMake: 'Kia',
      vehicleModel: 'Rio',
      licensePlate: `MD${n}`,
      parkingFeeCents: cents(2000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(2199),
      status: 'completed',
    })
    .returning();
  const res = await call(
    t.request,
    '/api/reviews',
    { confirmationNumber: b!.confirmationNumber, overall: 4, waitScore: 4, describedScore: 4, staffScore: 4, ...fields },
    { cookie: owner.cookie },
  );
  return { booking: b!, res };
}

const as = (cookie: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
});
const lotRow = async (id: number) => (await t.db.select().from(parkingProviders).where(eq(parkingProviders.id, id)))[0]!;
const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(id))));

let admin: SignedIn;
let traveller: SignedIn;
beforeAll(async () => {
  admin = await createUser(t, { role: 'admin' });
  traveller = await createUser(t, { name: 'Marta Stone' });
});

describe('what moderation holds', () => {
  it('holds links, e-mail addresses, phone numbers and blocked words; publishes the rest', () => {
    expect(heldFor('Great lot, see www.cheap-parking.com')).toBe('a link');
    expect(heldFor('Details at https://example.org/x')).toBe('a link');
    expect(heldFor('Write to me at dana@example.com')).toBe('an e-mail address');
    expect(heldFor('Call the driver on (555) 010-0199')).toBe('a phone number');
    expect(heldFor('What a shitty shuttle')).toBe('a word on the blocklist');
    expect(heldFor('Shuttle came in 5 minutes. Paid $12.95 for 2 days, 10/10.')).toBeNull();
    expect(heldFor('')).toBeNull();
  });
});

describe('the administrator queue', () => {
  it('a held review waits unseen; approving publishes it and the rating follows; audited', async () => {
    const lot = await createLot(t);
    const { booking, res } = await reviewed(lot, traveller, { overall: 2, body: 'Call me on 555 010 0199 for details' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', heldFor: 'a phone number' });
    expect(await lotRow(lot.id)).toMatchObject({ rating: null, reviewCount: null });
    expect((await call(t.request, `/api/providers/${lot.id}/reviews`)).json.reviews).toEqual([]);

    expect((await as(traveller.cookie).get('/api/admin/reviews?status=pending')).status).toBe(403);
    const queue = await as(admin.cookie).get('/api/admin/reviews?status=pending');
    const item = queue.json.reviews.find((r: { confirmationNumber: string }) => r.confirmationNumber === booking.confirmationNumber);
    expect(item).toMatchObject({ heldFor: 'a phone number', authorName: 'Marta S.', lot: { id: lot.id } });

    expect((await as(admin.cookie).post(`/api/admin/reviews/${item.id}/approve`)).status).toBe(200);
    expect((await as(admin.cookie).post(`/api/admin/reviews/${item.id}/approve`)).status).toBe(409);
    expect(await lotRow(lot.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    expect((await call(t.request, `/api/providers/${lot.id}/reviews`)).json.reviews).toHaveLength(1);
    expect((await audits(item.id)).map((a) => a.action).sort()).toEqual(['approved', 'held']);
  });

  it('rejecting needs a reason, which the author sees on the manage page and in history', async () => {
    const lot = await createLot(t);
    const { booking, res } = await reviewed(lot, traveller, { body: 'Email me at marta@example.com' });
    const id = res.json.id as number;
    expect((await as(admin.cookie).post(`/api/admin/reviews/${id}/reject`, {})).json.error).toBe('Please give a reason the author will see');
    const rejected = await as(admin.cookie).post(`/api/admin/reviews/${id}/reject`, { reason: 'Reviews cannot carry contact details.' });
    expect(rejected.status).toBe(200);
    const token = await mintBookingLink(t.db, booking.id, new Date(Date.now() + DAY), 'manage');
    const manage = await call(t.request, `/api/bookings/${booking.confirmationNumber}/manage?token=${token}`);
    expect(manage.json.review).toMatchObject({ status: 'rejected', rejectReason: 'Reviews cannot carry contact details.' });
    const history = await as(traveller.cookie).get('/api/bookings/history');
    expect(history.json.find((h: { confirmationNumber: string }) => h.confirmationNumber === booking.confirmationNumber).review).toMatchObject({
      status: 'rejected',
      rejectReason: 'Reviews cannot carry contact details.',
    });
    expect(await lotRow(lot.id)).toMatchObject({ rating: null });
    expect((await audits(id)).map((a) => a.action)).toContain('rejected');
  });
});

describe('partners and reviews', () => {
  let lot: Lot;
  let owner: SignedIn;
  let otherOwner: SignedIn;
  beforeAll(async () => {
    const [p] = await t.db
      .insert(partners)
      .values({ tradingName: 'Review Parking Co', legalName: 'Review Parking LLC', contactName: 'P', contactEmail: 'p@review.example' })
      .returning();
    const [q] = await t.db.insert(partners).values({ tradingName: 'Other Parking Co', legalName: 'Other LLC', contactName: 'Q', contactEmail: 'q@other.example' }).returning();
    lot = await createLot(t, { partnerId: p!.id });
    owner = await createUser(t);
    otherOwner = await createUser(t);
    await t.db.insert(partnerMembers).values([
      { partnerId: p!.id, userId: owner.user.id, role: 'owner' },
      { partnerId: q!.id, userId: otherOwner.user.id, role: 'owner' },
    ]);
  });

  it('replies publicly once; another partner gets 404; flags go to the administrator; nothing removes the review', async () => {
    const { res } = await reviewed(lot, traveller, { overall: 1, body: 'Waited an hour for the shuttle.' });
    const id = res.json.id as number;
    expect((await as(owner.cookie).get('/api/partner/reviews')).json.reviews.map((r: { id: number }) => r.id)).toContain(id);
    expect((await as(otherOwner.cookie).get('/api/partner/reviews')).json.reviews).toEqual([]);

    expect((await as(otherOwner.cookie).post(`/api/partner/reviews/${id}/reply`, { body: 'Not ours.' })).status).toBe(404);
    expect((await as(traveller.cookie).post(`/api/partner/reviews/${id}/reply`, { body: 'Me?' })).status).toBe(404);
    const reply = await as(owner.cookie).post(`/api/partner/reviews/${id}/reply`, { body: 'Sorry: we have added a second shuttle at peak times.' });
    expect(reply.status).toBe(200);
    const again = await as(owner.cookie).post(`/api/partner/reviews/${id}/reply`, { body: 'Another reply' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This review already has your reply.');
    const listed = await call(t.request, `/api/providers/${lot.id}/reviews`);
    expect(listed.json.reviews[0]).toMatchObject({ id, reply: { body: 'Sorry: we have added a second shuttle at peak times.' } });

    const flag = await as(owner.cookie).post(`/api/partner/reviews/${id}/flag`, { reason: 'This driver does not work for us.' });
    expect(flag.status).toBe(200);
    expect((await as(otherOwner.cookie).post(`/api/partner/reviews/${id}/flag`, { reason: 'Not ours at all' })).status).toBe(404);
    // Still published and counted.
    expect((await t.db.select().from(reviews).where(eq(reviews.id, id)))[0]).toMatchObject({ status: 'published', flagReason: 'This driver does not work for us.' });
    expect(await lotRow(lot.id)).toMatchObject({ rating: 1, reviewCount: 1 });
    // No partner path removes or rejects a review.
    expect((await as(owner.cookie).post(`/api/admin/reviews/${id}/reject`, { reason: 'Please remove' })).status).toBe(403);
    expect((await call(t.request, `/api/partner/reviews/${id}`, undefined, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(404);

    const flagged = await as(admin.cookie).get('/api/admin/reviews?status=flagged');
    expect(flagged.json.reviews.find((r: { id: number }) => r.id === id)).toMatchObject({ flagReason: 'This driver does not work for us.', replyBody: expect.any(String) });
    // The administrator keeps it: the flag clears and the review stays.
    expect((await as(admin.cookie).post(`/api/admin/reviews/${id}/approve`)).status).toBe(200);
    expect((await t.db.select().from(reviews).where(eq(reviews.id, id)))[0]).toMatchObject({ status: 'published', flaggedAt: null });
    expect((await audits(id)).map((a) => a.action).sort()).toEqual(['flag_cleared', 'flagged', 'replied']);
  });
});

describe('the damped order by rating', () => {
  it('one 5-star review does not top a lot with many good reviews', async () => {
    const one = { rating: 5, reviewCount: 1 };
    const many = { rating: 4.5, reviewCount: 200 };
    expect(dampedRating({ value: 5, count: 1 })).toBeCloseTo(3.636, 2);
    expect(dampedRating({ value: 4.5, count: 200 })).toBeCloseTo(4.452, 2);
    expect([one, many].sort(compareByRating)).toEqual([many, one]);
    expect([{ rating: null, reviewCount: null }, one].sort(compareByRating)[0]).toBe(one);
  });

  it('ranks lots by it in search', async () => {
    const single = await createLot(t, { priceCents: cents(900) });
    const popular = await createLot(t, { priceCents: cents(1100) });
    const owners = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    await reviewed(single, owners[0]!, { overall: 5 });
    for (const o of owners.slice(1)) await reviewed(popular, o, { overall: 4 });
    await t.db.transaction((tx) => recomputeLotRating(tx, popular.id));
    expect(await lotRow(single.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await lotRow(popular.id)).toMatchObject({ rating: 4, reviewCount: 11 });
    const found = await call(t.request, `/api/search?location=${single.placeCode}&sort=rating`);
    const ids = found.json.providers.map((p: { id: number }) => p.id);
    expect(ids.indexOf(popular.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(popular.id)).toBeLessThan(ids.indexOf(single.id));
  });
});
