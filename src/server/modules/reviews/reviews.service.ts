// Writing and editing a review of a verified stay. One per booking (a unique key: a second is refused, however it
// races); the e-mail's link is spent in the same transaction as the review is written; the author edits it for 7
// days through the booking (owner signed in or manage link). Text that moderation holds waits for the
// administrator; the rest publishes at once and the lot's rating follows in the same transaction.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingLinks, reviews } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { recordAudit, type AuditActor } from '../catalogue-admin/audit';
import { REVIEW_EDIT_DAYS, type TReviewFields, type TReviewInput, type TReviewRef } from '@/shared/schemas/reviews';
import { REVIEW_LINK_USED, reviewTarget, type ReviewTarget } from './access';
import { heldFor } from './moderation';
import { recomputeLotRating } from './ratings';

export const ALREADY_REVIEWED = 'You have already reviewed this stay. You can edit your review for 7 days from your booking.';
export const NOT_REVIEWED = 'You have not reviewed this stay yet.';
export const EDIT_WINDOW_OVER = `Reviews can be edited for ${REVIEW_EDIT_DAYS} days after they are written, and this one can no longer be changed.`;
export const EDIT_THROUGH_BOOKING = 'To change your review, open it from your booking (signed in, or with the link in your booking e-mail).';

type Ctx = Pick<Context, 'db' | 'user' | 'clock'>;
type Review = typeof reviews.$inferSelect;
const DAY = 86_400_000;

/** 'Dana R.': the first name and the initial of the last, as the review shows its author. */
export const authorNameOf = (first: string, last: string) => [first.trim(), last.trim() ? `${last.trim()[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ') || 'Traveller';

/** A review as its author sees it (with the moderation state and the reason of a rejection). */
export function authorView(r: Review, now: Date) {
  return {
    id: r.id,
    overall: r.overall,
    waitScore: r.waitScore,
    describedScore: r.describedScore,
    staffScore: r.staffScore,
    body: r.body,
    authorName: r.authorName,
    stayMonth: r.stayMonth,
    status: r.status,
    heldFor: r.heldFor,
    rejectReason: r.rejectReason,
    editableUntil: r.editableUntil,
    editable: r.editableUntil > now,
    replyBody: r.replyBody,
  };
}
export type TAuthorReview = ReturnType<typeof authorView>;

/** What the review page shows: the stay, and the review written for it (if any). */
export async function reviewForm(ctx: Ctx, ref: TReviewRef) {
  const t = await reviewTarget(ctx, ref);
  const { booking: b, provider: p } = t;
  return {
    stay: {
      confirmationNumber: b.confirmationNumber,
      lotName: p.name,
      lotSlug: p.slug,
      arrival: b.arrivalDate,
      departure: b.departureDate,
      authorName: authorNameOf(b.firstName, b.lastName),
      stayMonth: b.arrivalDate.slice(0, 7),
    },
    via: t.via.kind,
    review: t.review ? authorView(t.review, ctx.clock.now()) : null,
  };
}

const actorOf = (ctx: Ctx, t: ReviewTarget): AuditActor => ({ id: ctx.user?.id ?? null, email: ctx.user?.email ?? t.booking.email });

/** Writes the review of a finished stay (once per booking); spends the review link when that is how it came. */
export async function submitReview(ctx: Ctx, input: TReviewInput & TReviewFields) {
  const t = await reviewTarget(ctx, input);
  if (t.review) throw new AppError('CONFLICT', ALREADY_REVIEWED);
  const now = ctx.clock.now();
  const body = (input.body ?? '').trim();
  const held = heldFor(body);
  const review = await ctx.db.transaction(async (tx) => {
    if (t.via.kind === 'link') {
      const [spent] = await tx
        .update(bookingLinks)
        .set({ usedAt: now })
        .where(and(eq(bookingLinks.id, t.via.linkId), isNull(bookingLinks.usedAt), gt(bookingLinks.expiresAt, now)))
        .returning({ id: bookingLinks.id });
      if (!spent) throw new AppError('CONFLICT', REVIEW_LINK_USED);
    }
    const [row] = await tx
      .insert(reviews)
      .values({
        bookingId: t.booking.id,
        providerId: t.booking.providerId,
        userId: t.booking.userId,
        authorName: authorNameOf(t.booking.firstName, t.booking.lastName),
        stayMonth: t.booking.arrivalDate.slice(0, 7),
        overall: Number(input.overall),
        waitScore: Number(input.waitScore),
        describedScore: Number(input.describedScore),
        staffScore: Number(input.staffScore),
        body,
        status: held ? 'pending' : 'published',
        heldFor: held,
        editableUntil: new Date(now.getTime() + REVIEW_EDIT_DAYS * DAY),
        publishedAt: held ? null : now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', ALREADY_REVIEWED);
    if (held) await recordAudit(tx, actorOf(ctx, t), { entity: 'review', entityId: row.id, action: 'held', changes: { heldFor: held } });
    else await recomputeLotRating(tx, row.providerId);
    return row;
  });
  return authorView(review, now);
}

/** The author's change within 7 days (through the booking, never the spent link); moderation runs again. */
export async function updateReview(ctx: Ctx, input: TReviewInput & TReviewFields) {
  if (!input.confirmationNumber) throw new AppError('BAD_REQUEST', EDIT_THROUGH_BOOKING);
  const t = await reviewTarget(ctx, input);
  const before = t.review;
  if (!before) throw new AppError('NOT_FOUND', NOT_REVIEWED);
  const now = ctx.clock.now();
  if (before.editableUntil <= now) throw new AppError('BAD_REQUEST', EDIT_WINDOW_OVER);
  const body = (input.body ?? '').trim();
  // A rejected review goes back to the administrator when changed; otherwise the text decides as when written.
  const held = heldFor(body) ?? (before.status === 'rejected' ? 'changed after it was rejected' : null);
  const status = held ? ('pending' as const) : ('published' as const);
  const review = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({
        overall: Number(input.overall),
        waitScore: Number(input.waitScore),
        describedScore: Number(input.describedScore),
        staffScore: Number(input.staffScore),
        body,
        status,
        heldFor: held,
        rejectReason: null,
        publishedAt: held ? before.publishedAt : (before.publishedAt ?? now),
        updatedAt: now,
      })
      .where(and(eq(reviews.id, before.id), gt(reviews.editableUntil, now)))
      .returning();
    if (!row) throw new AppError('BAD_REQUEST', EDIT_WINDOW_OVER);
    if (held) await recordAudit(tx, actorOf(ctx, t), { entity: 'review', entityId: row.id, action: 'held', changes: { heldFor: held, edited: true } });
    if (before.status === 'published' || status === 'published') await recomputeLotRating(tx, row.providerId);
    return row;
  });
  return authorView(review, now);
}

/** The reviews of some bookings, by booking (the history's and the manage page's prompt). */
export async function reviewsOfBookings(db: Pick<DB, 'select'>, bookingIds: number[], now: Date) {
  if (!bookingIds.length) return new Map<number, TAuthorReview>();
  const rows = await db.select().from(reviews).where(inArray(reviews.bookingId, bookingIds));
  return new Map(rows.map((r) => [r.bookingId, authorView(r, now)]));
}
