// Moderation of review text, in one place: what holds a review for the administrator (a link, an e-mail address,
// a phone number, a word on the blocklist) and what the administrator decides (approve, or reject with a reason
// the author sees). Everything else publishes at once. Each decision is audited and recomputes the lot's rating.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, parkingProviders, reviews } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../catalogue-admin/audit';
import { recomputeLotRating } from './ratings';

/** Words that hold a review for a person to read (slurs and abuse are not published unread). Lower case. */
const BLOCKLIST = ['fuck', 'shit', 'bitch', 'bastard', 'asshole', 'cunt', 'dick', 'scam artist', 'nigger', 'faggot', 'retard', 'whore', 'slut'];

const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|net|org|io|co|biz|info|us|ly|me|app|xyz)\b/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/;
/** Seven or more digits in a phone-like run: '(555) 010-0199', '555.010.0199', '+1 555 010 0199'. */
const PHONE = /(?:\+?\d[\s().-]*){7,}/;

/** Why the text waits for the administrator, or null when it may publish at once. */
export function heldFor(body: string): string | null {
  if (!body) return null;
  if (EMAIL.test(body)) return 'an e-mail address';
  if (LINK.test(body)) return 'a link';
  if (PHONE.test(body)) return 'a phone number';
  const lower = body.toLowerCase();
  const word = BLOCKLIST.find((w) => new RegExp(`\\b${w}`, 'i').test(lower));
  return word ? 'a word on the blocklist' : null;
}

export const REVIEW_NOT_FOUND = 'Review not found.';
export const NOT_PENDING_MESSAGE = 'This review is no longer waiting for a decision.';

/** The administrator's queue: pending reviews (oldest first), reviews partners flagged, or the published or rejected. */
export async function adminReviews(db: DB, input: { status: 'pending' | 'flagged' | 'published' | 'rejected'; page: number }) {
  const PAGE = 25;
  const where = input.status === 'flagged' ? and(isNotNull(reviews.flaggedAt), eq(reviews.status, 'published')) : eq(reviews.status, input.status);
  const rows = await db
    .select({ review: reviews, lotName: parkingProviders.name, lotSlug: parkingProviders.slug, confirmationNumber: bookings.confirmationNumber })
    .from(reviews)
    .innerJoin(parkingProviders, eq(parkingProviders.id, reviews.providerId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(where)
    .orderBy(input.status === 'pending' ? reviews.createdAt : desc(reviews.updatedAt), reviews.id)
    .limit(PAGE + 1)
    .offset((input.page - 1) * PAGE);
  const [counts] = await db
    .select({
      pending: sql<number>`sum(case when ${reviews.status} = 'pending' then 1 else 0 end)`,
      flagged: sql<number>`sum(case when ${reviews.status} = 'published' and ${reviews.flaggedAt} is not null then 1 else 0 end)`,
    })
    .from(reviews);
  return {
    reviews: rows.slice(0, PAGE).map(({ review: r, lotName, lotSlug, confirmationNumber }) => ({
      id: r.id,
      lot: { id: r.providerId, name: lotName, slug: lotSlug },
      confirmationNumber,
      authorName: r.authorName,
      stayMonth: r.stayMonth,
      overall: r.overall,
      waitScore: r.waitScore,
      describedScore: r.describedScore,
      staffScore: r.staffScore,
      body: r.body,
      status: r.status,
      heldFor: r.heldFor,
      rejectReason: r.rejectReason,
      flaggedAt: r.flaggedAt,
      flagReason: r.flagReason,
      replyBody: r.replyBody,
      createdAt: r.createdAt,
    })),
    hasMore: rows.length > PAGE,
    counts: { pending: Number(counts?.pending ?? 0), flagged: Number(counts?.flagged ?? 0) },
  };
}

/** Publishes a held review (or clears a partner's flag on a published one); the lot's rating follows. */
export async function approveReview(db: DB, actor: Actor, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id));
    if (!before) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    if (before.status === 'published' && before.flaggedAt) {
      await tx.update(reviews).set({ flaggedAt: null, flagReason: null, flaggedBy: null, updatedAt: now }).where(eq(reviews.id, id));
      await recordAudit(tx, actor, { entity: 'review', entityId: id, action: 'flag_cleared', changes: { flagReason: { from: before.flagReason, to: null } } });
      return { id, status: 'published' as const };
    }
    const [row] = await tx
      .update(reviews)
      .set({ status: 'published', publishedAt: before.publishedAt ?? now, rejectReason: null, updatedAt: now })
      .where(and(eq(reviews.id, id), eq(reviews.status, 'pending')))
      .returning({ id: reviews.id });
    if (!row) throw new AppError('CONFLICT', NOT_PENDING_MESSAGE);
    await recordAudit(tx, actor, { entity: 'review', entityId: id, action: 'approved', changes: { status: { from: before.status, to: 'published' }, heldFor: before.heldFor } });
    await recomputeLotRating(tx, before.providerId);
    return { id, status: 'published' as const };
  });
}

/** Rejects a held review, or a published one a partner flagged, with a reason the author sees; the lot's rating follows. */
export async function rejectReview(db: DB, actor: Actor, id: number, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id));
    if (!before) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    if (before.status === 'rejected') throw new AppError('CONFLICT', NOT_PENDING_MESSAGE);
    await tx.update(reviews).set({ status: 'rejected', rejectReason: reason, flaggedAt: null, updatedAt: now }).where(eq(reviews.id, id));
    await recordAudit(tx, actor, { entity: 'review', entityId: id, action: 'rejected', changes: { status: { from: before.status, to: 'rejected' }, reason } });
    if (before.status === 'published') await recomputeLotRating(tx, before.providerId);
    return { id, status: 'rejected' as const };
  });
}
