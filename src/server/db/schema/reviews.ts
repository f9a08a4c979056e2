// Trust: reviews of verified stays, the parking guarantee's claims, and occupancy alerts.
// A review belongs to one booking whose stay ended (its link is single-use, 30 days); it publishes at once unless
// its text holds a link, an e-mail address, a phone number or a blocked word, then it waits for the
// administrator. A lot's rating is computed from its published reviews only (parking_providers.rating and
// friends). A guarantee claim records a lot turning a traveller away: the booking moved to another lot or refunded.
import type { Cents } from '@/shared/money';
import { k } from './_kit';
import { createdAt, id, timestamp, updatedAt } from './_columns';
import { bookings } from './bookings';
import { parkingProviders } from './catalogue';
import { partners } from './partners';
import { users } from './users';

export const REVIEW_STATUSES = ['published', 'pending', 'rejected'] as const;

export const reviews = k.table(
  'reviews',
  {
    id: id(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    userId: k.integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** As shown: first name and initial ('Dana R.'), fixed when written. */
    authorName: k.text('author_name').notNull(),
    /** The month of the stay, 'YYYY-MM'. */
    stayMonth: k.text('stay_month').notNull(),
    /** 1-5 stars. */
    overall: k.integer('overall').notNull(),
    /** 1-5: the shuttle or access wait, the lot as described, the staff. */
    waitScore: k.integer('wait_score').notNull(),
    describedScore: k.integer('described_score').notNull(),
    staffScore: k.integer('staff_score').notNull(),
    body: k.text('body').notNull().default(''),
    status: k.text('status', { enum: REVIEW_STATUSES }).notNull(),
    /** Why moderation holds it (a link, an e-mail address, a phone number, a blocked word). */
    heldFor: k.text('held_for'),
    /** The administrator's reason, shown to the author. */
    rejectReason: k.text('reject_reason'),
    /** The author may edit it until then (7 days after it was written). */
    editableUntil: timestamp('editable_until').notNull(),
    publishedAt: timestamp('published_at'),
    /** The partner's one public reply. */
    replyBody: k.text('reply_body'),
    repliedAt: timestamp('replied_at'),
    repliedBy: k.integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    /** A partner's flag for the administrator (nothing a partner does removes a review). */
    flaggedAt: timestamp('flagged_at'),
    flagReason: k.text('flag_reason'),
    flaggedBy: k.integer('flagged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.index('reviews_provider_idx').on(t.providerId, t.status, t.publishedAt), k.index('reviews_status_idx').on(t.status, t.createdAt)],
);

/** The guarantee: a lot turned a valid booking away; the traveller was moved to another lot, or refunded in full. One per booking. */
export const guaranteeClaims = k.table(
  'guarantee_claims',
  {
    id: id(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The lot that turned the traveller away, and its partner (charged per their terms). */
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    partnerId: k.integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    outcome: k.text('outcome', { enum: ['moved', 'refunded'] }).notNull(),
    /** The booking at the lot the traveller was moved to. */
    newBookingId: k.integer('new_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Refunded to the traveller for the original booking. */
    refundedCents: k
      .cents('refunded_cents')
      .notNull()
      .default(0 as Cents),
    /** What the platform paid for the new lot beyond what the traveller had paid (0 when cheaper or refunded). */
    platformPaidCents: k
      .cents('platform_paid_cents')
      .notNull()
      .default(0 as Cents),
    claimedBy: k.integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // By the new booking too: every booking's receipt asks whether the guarantee paid part of it.
  (t) => [k.index('guarantee_claims_provider_idx').on(t.providerId, t.createdAt), k.index('guarantee_claims_new_booking_idx').on(t.newBookingId)],
);

/** An occupancy alert sent for a lot's day (once per lot, day and kind), to the administrator and the partner. */
export const occupancyAlerts = k.table(
  'occupancy_alerts',
  {
    id: id(),
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    /** The lot's day, 'YYYY-MM-DD'. */
    day: k.text('day').notNull(),
    kind: k.text('kind', { enum: ['threshold'] }).notNull(),
    /** Spaces taken and sellable when it was sent. */
    taken: k.integer('taken').notNull(),
    capacity: k.integer('capacity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.uniqueIndex('occupancy_alerts_lot_day_kind_unique').on(t.providerId, t.day, t.kind)],
);
