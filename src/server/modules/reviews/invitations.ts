// Inviting a traveller to review a stay, once per booking, when it ends: at check-out at the gate, or by the
// periodic task for stays whose departure passed (at the lot's local time) without a check-out, a cancellation
// or a guarantee claim. `review_invited_at` is set by a conditional update in the transaction that queues the
// e-mail (with a dedupe key), so however many servers run it a booking is invited once. The e-mail's job mints
// the single-use review link (only its SHA-256 is stored).
import { and, eq, lte, notExists, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingLinks, bookings, guaranteeClaims, locations, parkingProviders } from '../../db/schema';
import type { Services } from '../../deps';
import { reviewInvitationEmail } from '../../integrations/mailer/templates';
import { enqueueJob } from '../../jobs/queue';
import { generateToken, hashToken } from '../auth/session';
import { instantAt } from '../bookings/booking-view';
import { formatStay } from '@/shared/format';
import { REVIEW_LINK_DAYS } from '@/shared/schemas/reviews';

type Tx = Pick<DB, 'update' | 'insert'>;
const DAY = 86_400_000;

/**
 * A stay not yet invited to review that can be: written as the review index's condition (bookings_review_due_idx),
 * so both engines read that small index rather than every booking ever made.
 */
const REVIEW_DUE = sql`${bookings.reviewInvitedAt} is null and ${bookings.status} in ('confirmed', 'completed')`;

/** Marks the booking invited and queues its e-mail, in the caller's transaction; nothing when it was invited before. */
export async function inviteReview(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(bookings)
    .set({ reviewInvitedAt: now })
    .where(and(eq(bookings.id, bookingId), REVIEW_DUE))
    .returning({ id: bookings.id });
  if (!row) return false;
  await enqueueJob(tx, 'mail.review-invitation', { bookingId }, { dedupeKey: `review-invitation:${bookingId}` });
  return true;
}

/**
 * Periodic 'review-invitations': stays whose departure passed. Departures are lot-local wall-clock times; every
 * US zone is behind UTC, so a departure before now's UTC wall clock is a candidate, and the lot's zone decides.
 */
export async function inviteEndedStays(services: Pick<Services, 'db' | 'clock' | 'jobs'>, limit = 500): Promise<number> {
  const { db } = services;
  const now = services.clock.now();
  const utcWallClock = now.toISOString().slice(0, 16);
  const candidates = await endedStays(db, utcWallClock, limit);
  const due = candidates.filter((b) => instantAt(b.departureDate, b.state) <= now);
  let invited = 0;
  for (const b of due) {
    if (await db.transaction((tx) => inviteReview(tx, b.id, now))) invited++;
  }
  if (invited) services.jobs.kick();
  return invited;
}

/** Stays not yet invited whose departure is at or before `utcWallClock`, and with no guarantee claim. */
export const endedStays = (db: Pick<DB, 'select'>, utcWallClock: string, limit: number) =>
  db
    .select({ id: bookings.id, departureDate: bookings.departureDate, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(
      and(
        REVIEW_DUE,
        lte(bookings.departureDate, utcWallClock),
        notExists(
          db
            .select({ one: sql`1` })
            .from(guaranteeClaims)
            .where(eq(guaranteeClaims.bookingId, bookings.id)),
        ),
      ),
    )
    .limit(limit);

/** The review page a link opens. */
export const reviewUrl = (appUrl: string | undefined, token: string) => `${appUrl ?? ''}/review?token=${token}`;

/** Job 'mail.review-invitation': mints the single-use review link (30 days) and sends it to the booking's e-mail. */
export async function sendReviewInvitation(services: Pick<Services, 'db' | 'env' | 'mailer' | 'clock'>, payload: { bookingId: number }) {
  const [row] = await services.db
    .select({ booking: bookings, providerName: parkingProviders.name, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.id, payload.bookingId));
  if (!row || (row.booking.status !== 'confirmed' && row.booking.status !== 'completed')) return;
  const b = row.booking;
  const now = services.clock.now();
  const token = generateToken();
  await services.db.insert(bookingLinks).values({ bookingId: b.id, tokenHash: hashToken(token), purpose: 'review', expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY) });
  const mail = reviewInvitationEmail(services.env.BRAND_NAME, {
    name: b.firstName,
    providerName: row.providerName,
    stay: `${formatStay(b.arrivalDate)} – ${formatStay(b.departureDate)}`,
    url: reviewUrl(services.env.APP_URL, token),
    days: REVIEW_LINK_DAYS,
  });
  await services.mailer.send({ to: b.email, kind: 'review-invitation', ...mail });
}
