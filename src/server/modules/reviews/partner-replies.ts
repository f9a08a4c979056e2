// A partner and the reviews of its lots: owners and managers (partners/access.ts; 404 outside their lots) see
// them, reply publicly once per review, and flag one for the administrator. Nothing here removes or hides a
// review, nor changes its stars: the administrator alone decides. Each reply and flag is audited.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, reviews } from '../../db/schema';
import type { SessionUser } from '../../deps';
import { AppError } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { recordAudit } from '../catalogue-admin/audit';
import { coversLot, type Membership } from '../partners/access';
import { REVIEW_NOT_FOUND } from './moderation';

export const ALREADY_REPLIED = 'This review already has your reply.';
export const ALREADY_FLAGGED = 'This review is already flagged for the administrator.';

const PAGE = 20;

async function lotIdsOf(db: Pick<DB, 'select'>, m: Membership): Promise<number[]> {
  const lots = await db.select({ id: parkingProviders.id }).from(parkingProviders).where(eq(parkingProviders.partnerId, m.partnerId));
  return lots.map((l) => l.id).filter((id) => coversLot(m, id));
}

/** The published reviews of the partner's lots (those the member covers), newest first. */
export async function partnerReviews(db: Pick<DB, 'select'>, m: Membership, page: number) {
  const ids = await lotIdsOf(db, m);
  if (!ids.length) return { reviews: [], hasMore: false };
  const rows = await db
    .select({ review: reviews, lotName: parkingProviders.name })
    .from(reviews)
    .innerJoin(parkingProviders, eq(parkingProviders.id, reviews.providerId))
    .where(and(inArray(reviews.providerId, ids), eq(reviews.status, 'published')))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(PAGE + 1)
    .offset((page - 1) * PAGE);
  return {
    reviews: rows.slice(0, PAGE).map(({ review: r, lotName }) => ({
      id: r.id,
      lotName,
      authorName: r.authorName,
      stayMonth: r.stayMonth,
      overall: r.overall,
      waitScore: r.waitScore,
      describedScore: r.describedScore,
      staffScore: r.staffScore,
      body: r.body,
      publishedAt: r.publishedAt,
      replyBody: r.replyBody,
      repliedAt: r.repliedAt,
      flaggedAt: r.flaggedAt,
      flagReason: r.flagReason,
    })),
    hasMore: rows.length > PAGE,
  };
}

/** A published review of one of the member's lots; 404 for anything else (another partner's, held, rejected). */
async function partnerReview(db: Pick<DB, 'select'>, m: Membership, id: number) {
  const [r] = await db
    .select({ id: reviews.id, providerId: reviews.providerId, partnerId: parkingProviders.partnerId })
    .from(reviews)
    .innerJoin(parkingProviders, eq(parkingProviders.id, reviews.providerId))
    .where(and(eq(reviews.id, id), eq(reviews.status, 'published')));
  if (!r || r.partnerId !== m.partnerId || !coversLot(m, r.providerId)) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  return r;
}

/** The partner's one public reply. */
export async function replyToReview(db: DB, user: Pick<SessionUser, 'id' | 'email'>, m: Membership, id: number, body: string, now: Date) {
  await partnerReview(db, m, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ replyBody: body, repliedAt: now, repliedBy: user.id, updatedAt: now })
      .where(and(eq(reviews.id, id), isNull(reviews.replyBody)))
      .returning({ id: reviews.id, providerId: reviews.providerId });
    if (!row) throw new AppError('CONFLICT', ALREADY_REPLIED);
    await recordAudit(tx, user, { entity: 'review', entityId: id, action: 'replied', changes: { reply: body, partnerId: m.partnerId } });
    // The reply shows on the lot page, whose cache follows the content version.
    await bumpContentVersion(tx);
    return { id, replyBody: body, repliedAt: now };
  });
}

/** Flags a review for the administrator, with the partner's reason; it stays published until the administrator decides. */
export async function flagReview(db: DB, user: Pick<SessionUser, 'id' | 'email'>, m: Membership, id: number, reason: string, now: Date) {
  await partnerReview(db, m, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ flaggedAt: now, flagReason: reason, flaggedBy: user.id, updatedAt: now })
      .where(and(eq(reviews.id, id), isNull(reviews.flaggedAt)))
      .returning({ id: reviews.id });
    if (!row) throw new AppError('CONFLICT', ALREADY_FLAGGED);
    await recordAudit(tx, user, { entity: 'review', entityId: id, action: 'flagged', changes: { reason, partnerId: m.partnerId } });
    return { id, flaggedAt: now };
  });
}
