// Verified-stay reviews through HTTP: the invitation when a stay ends (the periodic task for departures that
// passed, the gate's check-out; once per booking, never for a cancelled or future stay), the single-use review
// link (once, only for a finished stay, only for its booking; expired, used and invalid links refused with their
// words), one review per booking, editing for 7 days through the booking, and the lot's rating, count and score
// averages from published reviews only.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLinks, bookings, guaranteeClaims, parkingProviders } from '@/server/db/schema';
import { hashToken } from '@/server/modules/auth/session';
import { mintBookingLink } from '@/server/modules/bookings/booking-view';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { inviteEndedStays } from '@/server/modules/reviews/invitations';
import { cents } from '@/shared/money';
import { createLot, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const clock = { ms: Date.now() };
const t = await createTestApp({}, { clock: { now: () => new Date(clock.ms) } });
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = () => new Date(clock.ms);

type Lot = Awaited<ReturnType<typeof createLot>>;
let seq = 0;
/** A booking of `lot` whose stay ran between two instants (relative to the test clock), written as checkout writes it. */
async function stay(lot: Lot, fromMs: number, toMs: number, extra: Partial<typeof bookings.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await t.db
    .insert(bookings)
    .values({
      providerId: lot.id,
      confirmationNumber: `PP-REV${process.pid % 1000}${String(n).padStart(3, '0')}`,
      firstName: 'Dana',
      lastName: 'Rivers',
      email: `dana-${n}-${process.pid}@example.com`,
      phone: '555-010-0190',
      arrivalDate: lotWallClock(new Date(clock.ms + fromMs), lot.state),
      departureDate: lotWallClock(new Date(clock.ms + toMs), lot.state),
      vehicleMake: 'Volvo',
      vehicleModel: 'V60',
      licensePlate: `RV${n}`,
      parkingFeeCents: cents(3000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(3199),
      ...extra,
    })
    .returning();
  return row!;
}
const ended = (lot: Lot, extra: Partial<typeof bookings.$inferInsert> = {}) => stay(lot, -3 * DAY, -DAY, extra);

const invite = () => inviteEndedStays({ db: t.db, clock: { now }, jobs: t.jobs });
/** The review link e-mailed for a booking (after the invitations ran). */
async function reviewLink(b: { email: string }) {
  const mail = (await t.outbox()).find((m) => m.to.includes(b.email) && m.subject.startsWith('Review your stay'));
  if (!mail) return null;
  return /\/review\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}
const scores = { overall: 5, waitScore: 4, describedScore: 5, staffScore: 4 };
const post = (body: object, cookie?: string) => call(t.request, '/api/reviews', body, { cookie });
const patch = (body: object, cookie?: string) => call(t.request, '/api/reviews', body, { cookie, method: 'PATCH' });
const form = (q: string, cookie?: string) => call(t.request, `/api/reviews/form?${q}`, undefined, { cookie });
const lotRow = async (id: number) => (await t.db.select().from(parkingProviders).where(eq(parkingProviders.id, id)))[0]!;
const lotReviews = (id: number, q = '') => call(t.request, `/api/providers/${id}/reviews${q}`);

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser(t, { role: 'admin', name: 'Review Admin' });
});

describe('inviting a review when a stay ends', () => {
  it('invites each ended stay once, by the periodic task; never a cancelled, claimed or future stay', async () => {
    const lot = await createLot(t);
    const done = await ended(lot);
    const cancelled = await ended(lot, { status: 'cancelled' });
    const future = await stay(lot, DAY, 3 * DAY);
    const claimed = await ended(lot);
    await t.db.insert(guaranteeClaims).values({ bookingId: claimed.id, providerId: lot.id, outcome: 'refunded' });
    await invite();
    await invite();
    const mails = (await t.outbox()).filter((m) => m.subject === `Review your stay at ${lot.name}`);
    expect(mails.map((m) => m.to)).toEqual([done.email]);
    expect(mails[0]!.text).toContain('Review your stay: http://localhost:3999/review?token=');
    const rows = await t.db.select({ id: bookings.id, invited: bookings.reviewInvitedAt }).from(bookings).where(eq(bookings.providerId, lot.id));
    expect(rows.filter((r) => r.invited).map((r) => r.id)).toEqual([done.id]);
    expect([cancelled, future].every((b) => rows.find((r) => r.id === b.id)!.invited === null)).toBe(true);
    // The link is stored as its hash, for 30 days.
    const [link] = await t.db
      .select()
      .from(bookingLinks)
      .where(and(eq(bookingLinks.bookingId, done.id), eq(bookingLinks.purpose, 'review')));
    expect(link!.tokenHash).toBe(hashToken((await reviewLink(done))!));
    expect(Math.round((link!.expiresAt.getTime() - clock.ms) / DAY)).toBe(30);
  });

  it('invites at check-out at the gate, at once', async () => {
    const lot = await createLot(t);
    const b = await stay(lot, -HOUR, 2 * HOUR, { checkedInAt: new Date(clock.ms - HOUR) });
    const out = await call(t.request, `/api/gate/bookings/${b.confirmationNumber}/check-out?lotId=${lot.id}`, {}, { cookie: admin.cookie });
    expect(out.status).toBe(200);
    expect(await reviewLink(b)).toBeTruthy();
    await invite();
    expect((await t.outbox()).filter((m) => m.to.includes(b.email) && m.subject.startsWith('Review your stay'))).toHaveLength(1);
    // The stay is over: the link opens the form at once.
    expect((await form(`token=${await reviewLink(b)}`)).json.stay).toMatchObject({ confirmationNumber: b.confirmationNumber, authorName: 'Dana R.' });
  });
});

describe('the review link', () => {
  it('works once, for its booking only; used, expired and invalid links are refused with their words', async () => {
    const lot = await createLot(t);
    const b = await ended(lot);
    const other = await ended(lot);
    await invite();
    const token = (await reviewLink(b))!;
    const opened = await form(`token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ via: 'link', review: null, stay: { lotName: lot.name, authorName: 'Dana R.', stayMonth: b.arrivalDate.slice(0, 7) } });

    // Not for another booking: the review link is no manage link.
    expect((await post({ token, confirmationNumber: other.confirmationNumber, ...scores })).status).toBe(404);

    const written = await post({ token, ...scores, body: 'Shuttle came in five minutes, friendly driver.' });
    expect(written.status).toBe(201);
    expect(written.json).toMatchObject({ status: 'published', authorName: 'Dana R.', editable: true });

    const again = await post({ token, ...scores });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This review link has already been used. To change your review within 7 days, open your booking.');
    expect((await form(`token=${token}`)).status).toBe(409);

    const invalid = await post({ token: 'x'.repeat(43), ...scores });
    expect(invalid.status).toBe(404);
    expect(invalid.json.error).toBe('This review link is not valid. Please use the link in your e-mail, or review the stay from your booking.');

    const otherToken = (await reviewLink(other))!;
    await t.db
      .update(bookingLinks)
      .set({ expiresAt: new Date(clock.ms - 1000) })
      .where(eq(bookingLinks.tokenHash, hashToken(otherToken)));
    const expired = await post({ token: otherToken, ...scores });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toMatch(/^This review link has expired/);
  });

  it('only for a finished stay; the stars are checked', async () => {
    const lot = await createLot(t);
    const during = await stay(lot, -HOUR, DAY);
    const token = 'early-review-token-' + seq + 'x'.repeat(20);
    await t.db.insert(bookingLinks).values({ bookingId: during.id, tokenHash: hashToken(token), purpose: 'review', expiresAt: new Date(clock.ms + DAY) });
    const early = await post({ token, ...scores });
    expect(early.status).toBe(400);
    expect(early.json.error).toBe('You can review this stay once it has ended.');

    const b = await ended(lot);
    await invite();
    const bad = await post({ token: (await reviewLink(b))!, ...scores, overall: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Please rate the stay overall from 1 to 5 stars');
    const long = await post({ token: (await reviewLink(b))!, ...scores, body: 'a'.repeat(2001) });
    expect(long.json.error).toBe('Please keep your review to 2,000 characters');
  });
});

describe('one review per booking, editable for 7 days', () => {
  it('the owner (or the manage link) opens the form, a second review is refused, edits work for 7 days', async () => {
    const lot = await createLot(t);
    const owner = await createUser(t, { name: 'Dana Rivers' });
    const b = await ended(lot, { userId: owner.user.id });
    const manageToken = await mintBookingLink(t.db, b.id, new Date(clock.ms + 30 * DAY), 'manage');

    // History and the manage page prompt for a review.
    const history = await call(t.request, '/api/bookings/history', undefined, { cookie: owner.cookie });
    expect(history.json.find((h: { confirmationNumber: string }) => h.confirmationNumber === b.confirmationNumber)).toMatchObject({ reviewable: true, review: null });
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${manageToken}`)).json).toMatchObject({ reviewable: true, review: null });

    // Someone else's session cannot.
    const stranger = await createUser(t);
    expect((await form(`confirmationNumber=${b.confirmationNumber}`, stranger.cookie)).status).toBe(404);

    expect((await post({ confirmationNumber: b.confirmationNumber, ...scores, overall: 3 }, owner.cookie)).status).toBe(201);
    const second = await post({ confirmationNumber: b.confirmationNumber, token: manageToken, ...scores });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe('You have already reviewed this stay. You can edit your review for 7 days from your booking.');
    expect((await lotRow(lot.id)).rating).toBe(3);

    const edited = await patch({ confirmationNumber: b.confirmationNumber, token: manageToken, ...scores, overall: 4, body: 'Better than I first said.' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ overall: 4, status: 'published' });
    expect((await lotRow(lot.id)).rating).toBe(4);
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/manage?token=${manageToken}`)).json).toMatchObject({
      reviewable: false,
      review: { overall: 4, editable: true },
    });

    clock.ms += 8 * DAY;
    try {
      const late = await patch({ confirmationNumber: b.confirmationNumber, ...scores, overall: 1 }, owner.cookie);
      expect(late.status).toBe(400);
      expect(late.json.error).toBe('Reviews can be edited for 7 days after they are written, and this one can no longer be changed.');
      expect((await lotRow(lot.id)).rating).toBe(4);
    } finally {
      clock.ms -= 8 * DAY;
    }
  });

  it('two submissions at once write one review', async () => {
    const lot = await createLot(t);
    const owner = await createUser(t);
    const b = await ended(lot, { userId: owner.user.id });
    const results = await Promise.all([0, 1, 2].map(() => post({ confirmationNumber: b.confirmationNumber, ...scores }, owner.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await lotRow(lot.id)).reviewCount).toBe(1);
  });
});

describe("a lot's rating from published reviews only", () => {
  it('keeps the mean, the count and the three averages; "No reviews yet" before', async () => {
    const lot = await createLot(t);
    const none = await lotReviews(lot.id);
    expect(none.json).toMatchObject({ summary: null, reviews: [], total: 0 });
    const owners = await Promise.all([0, 1, 2].map(() => createUser(t)));
    const given = [
      { overall: 5, waitScore: 5, describedScore: 4, staffScore: 5 },
      { overall: 4, waitScore: 3, describedScore: 4, staffScore: 5 },
      { overall: 2, waitScore: 1, describedScore: 3, staffScore: 4 },
    ];
    for (const [i, s] of given.entries()) {
      const b = await ended(lot, { userId: owners[i]!.user.id });
      expect((await post({ confirmationNumber: b.confirmationNumber, ...s }, owners[i]!.cookie)).status).toBe(201);
    }
    const row = await lotRow(lot.id);
    expect(row).toMatchObject({ rating: 3.67, reviewCount: 3, ratingWait: 3, ratingDescribed: 3.67, ratingStaff: 4.67 });
    const page = await lotReviews(lot.id, '?pageSize=2');
    expect(page.json.summary).toEqual({ rating: 3.67, reviewCount: 3, scores: { wait: 3, described: 3.67, staff: 4.67 } });
    expect(page.json.reviews).toHaveLength(2);
    expect(page.json.reviews[0]).toMatchObject({ authorName: 'Dana R.', reply: null });
    expect((await lotReviews(lot.id, '?pageSize=2&page=2')).json.reviews).toHaveLength(1);
    // The lot page's data reads the same rating.
    const provider = await call(t.request, `/api/providers/${lot.slug}`);
    expect(provider.json).toMatchObject({ rating: 3.67, reviewCount: 3 });
  });
});
