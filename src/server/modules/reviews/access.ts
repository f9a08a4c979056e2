// Which stay a caller may review, and how they proved it: the e-mail's single-use review link (live, unused, for
// that booking only), or the booking's manage link or its owner signed in (the prompt in history and on the
// manage page, and editing within 7 days). The booking rule (bookings/booking-rules.ts) decides whether the stay
// is reviewable; a guarantee claim means there was no stay.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingLinks, bookings, guaranteeClaims, locations, parkingProviders, reviews } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { hashToken } from '../auth/session';
import { assertAllowed, bookingActions, REVIEW_CLAIMED_MESSAGE, stayClock } from '../bookings/booking-rules';
import { loadManaged } from '../bookings/manage';
import type { TReviewRef } from '@/shared/schemas/reviews';

export const REVIEW_LINK_INVALID = 'This review link is not valid. Please use the link in your e-mail, or review the stay from your booking.';
export const REVIEW_LINK_EXPIRED = 'This review link has expired. You can still review the stay from your booking while signed in, or from its manage link.';
export const REVIEW_LINK_USED = 'This review link has already been used. To change your review within 7 days, open your booking.';

type Ctx = Pick<Context, 'db' | 'user' | 'clock'>;

export interface ReviewTarget {
  booking: typeof bookings.$inferSelect;
  provider: typeof parkingProviders.$inferSelect;
  state: string;
  /** How the caller proved it: the single-use review link (its row), or the booking (owner or manage link). */
  via: { kind: 'link'; linkId: number } | { kind: 'booking' };
  review: typeof reviews.$inferSelect | null;
}

/** The stay a caller may review now, or the refusal with its reason. Does not spend the link. */
export async function reviewTarget(ctx: Ctx, ref: TReviewRef): Promise<ReviewTarget> {
  const now = ctx.clock.now();
  let target: Omit<ReviewTarget, 'review'>;
  if (ref.confirmationNumber) {
    const m = await loadManaged(ctx, { confirmationNumber: ref.confirmationNumber, token: ref.token });
    target = { booking: m.booking, provider: m.provider, state: m.state, via: { kind: 'booking' } };
  } else {
    if (!ref.token) throw new AppError('NOT_FOUND', REVIEW_LINK_INVALID);
    const [row] = await ctx.db
      .select({ link: bookingLinks, booking: bookings, provider: parkingProviders, state: locations.state })
      .from(bookingLinks)
      .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
      .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
      .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
      .where(eq(bookingLinks.tokenHash, hashToken(ref.token)));
    if (!row || row.link.purpose !== 'review' || row.link.revokedAt) throw new AppError('NOT_FOUND', REVIEW_LINK_INVALID);
    if (row.link.usedAt) throw new AppError('CONFLICT', REVIEW_LINK_USED);
    if (row.link.expiresAt <= now) throw new AppError('BAD_REQUEST', REVIEW_LINK_EXPIRED);
    target = { booking: row.booking, provider: row.provider, state: row.state, via: { kind: 'link', linkId: row.link.id } };
  }
  assertAllowed(bookingActions(target.booking, stayClock(target, now)).review);
  await assertNoClaim(ctx.db, target.booking.id);
  const [review] = await ctx.db.select().from(reviews).where(eq(reviews.bookingId, target.booking.id));
  return { ...target, review: review ?? null };
}

async function assertNoClaim(db: Pick<DB, 'select'>, bookingId: number) {
  const [claim] = await db.select({ id: guaranteeClaims.id }).from(guaranteeClaims).where(eq(guaranteeClaims.bookingId, bookingId));
  if (claim) throw new AppError('BAD_REQUEST', REVIEW_CLAIMED_MESSAGE);
}
