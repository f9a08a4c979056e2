// Bookings and money: reservations, saved cards, credits, the detail-access fee, idempotency and payment events.
import type { Cents } from '@/shared/money';
import type { DayPrice, StayLine } from '@/shared/pricing';
import { sql } from 'drizzle-orm';
import { k } from './_kit';
import { createdAt, id, timestamp, updatedAt } from './_columns';
import { parkingProviders } from './catalogue';
import { users } from './users';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'failed'] as const;

export const bookings = k.table(
  'bookings',
  {
    id: id(),
    /** The traveller's account; null for a guest's booking (its \`email\` owns it until an account proves that e-mail). */
    userId: k.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'restrict' }),
    confirmationNumber: k.text('confirmation_number').notNull().unique(),
    firstName: k.text('first_name').notNull(),
    lastName: k.text('last_name').notNull(),
    /** Lower-cased (the checkout schema normalises it): a guest's bookings are found by it when an account claims them. */
    email: k.text('email').notNull(),
    phone: k.text('phone').notNull(),
    /** Local wall-clock time at the lot, 'YYYY-MM-DDTHH:mm'. */
    arrivalDate: k.text('arrival_date').notNull(),
    departureDate: k.text('departure_date').notNull(),
    vehicleMake: k.text('vehicle_make').notNull(),
    vehicleModel: k.text('vehicle_model').notNull(),
    licensePlate: k.text('license_plate').notNull().default(''),
    /** The traveller's flights, normalised 'UA 1234' (optional; shared/flights.ts), or at a cruise port the ship and its sailing date ('YYYY-MM-DD'). */
    outboundFlight: k.text('outbound_flight'),
    returnFlight: k.text('return_flight'),
    shipName: k.text('ship_name'),
    sailingDate: k.text('sailing_date'),
    parkingFeeCents: k
      .cents('parking_fee_cents')
      .notNull()
      .default(0 as Cents),
    /** How parkingFeeCents was made up when booked ('1 week' 5995, '2 days × $10.95' 2190): receipts show this. */
    priceLines: k.json<StayLine[]>('price_lines'),
    /** What each billed day cost when booked or last changed (sums to parkingFeeCents): a change keeps what kept days cost. Null on older bookings (spread evenly). */
    dayPrices: k.json<DayPrice[]>('day_prices'),
    serviceFeeCents: k
      .cents('service_fee_cents')
      .notNull()
      .default(0 as Cents),
    creditAppliedCents: k
      .cents('credit_applied_cents')
      .notNull()
      .default(0 as Cents),
    totalFeeCents: k
      .cents('total_fee_cents')
      .notNull()
      .default(0 as Cents),
    status: k.text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    /** The platform's commission on the parking price, in basis points, as in force when the booking was made (null: a lot of no partner). */
    commissionBps: k.integer('commission_bps'),
    /** The partner that owned the lot when the booking was made (its money goes to them; null: the platform's own lot). */
    partnerId: k.integer('partner_id'),
    /** While status is 'pending' the spaces are held until this time, then released. */
    holdExpiresAt: timestamp('hold_expires_at'),
    paymentIntentId: k.text('payment_intent_id'),
    /** The gateway's idempotency key for this booking's charge (derived from the client's Idempotency-Key). */
    paymentKey: k.text('payment_key'),
    cardBrand: k.text('card_brand'),
    cardLast4: k.text('card_last4'),
    refundedCents: k
      .cents('refunded_cents')
      .notNull()
      .default(0 as Cents),
    /**
     * Cents of parkingFeeCents that no later refund returns: what the policy kept when the traveller changed the
     * dates (src/shared/cancellation.ts nonRefundableAfterChange), so moving never launders the policy.
     */
    nonRefundableCents: k
      .cents('non_refundable_cents')
      .notNull()
      .default(0 as Cents),
    cancellationReason: k.text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at'),
    /** At the gate: when the car came in and went out, and the staff member (user id) who recorded it. */
    checkedInAt: timestamp('checked_in_at'),
    checkedInBy: k.integer('checked_in_by'),
    checkedOutAt: timestamp('checked_out_at'),
    checkedOutBy: k.integer('checked_out_by'),
    /** The change of dates being paid for (booking_changes.id): one at a time, claimed with a conditional update. */
    pendingChangeId: k.integer('pending_change_id'),
    /** When the traveller was invited to review the stay (once, when it ended). */
    reviewInvitedAt: timestamp('review_invited_at'),
    createdAt: createdAt(),
  },
  (t) => [
    k.index('bookings_user_idx').on(t.userId, t.createdAt),
    // A lot's bookings by dates, whatever their status: a booking's entry stays put when it is confirmed, cancelled
    // or completed (with the status in it, confirming a hold moved the entry, two more pages written a booking).
    k.index('bookings_provider_dates_idx').on(t.providerId, t.arrivalDate, t.departureDate),
    k.index('bookings_created_idx').on(t.createdAt),
    // Guests' bookings by e-mail, for the account that proves it (every such look is of bookings with no account).
    k
      .index('bookings_email_idx')
      .on(t.email)
      .where(sql`"user_id" is null`),
    // Stays still to be invited to review (a few days' worth whatever the history): a hold is not in it, and a
    // stay leaves it when invited. Its condition is REVIEW_DUE's (reviews/invitations.ts).
    k
      .index('bookings_review_due_idx')
      .on(t.departureDate)
      .where(sql`"review_invited_at" is null and "status" in ('confirmed', 'completed')`),
    // Holds only (a few rows whatever the history): the reaper's look for expired ones every minute read the
    // whole table before, 0.1-0.4 s with a year of bookings.
    k
      .index('bookings_pending_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`"status" = 'pending'`),
  ],
);

export const paymentMethods = k.table(
  'payment_methods',
  {
    id: id(),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentMethodId: k.text('stripe_payment_method_id').notNull().unique(),
    type: k.text('type').notNull().default('card'),
    cardBrand: k.text('card_brand'),
    cardLast4: k.text('card_last4'),
    cardExpMonth: k.integer('card_exp_month'),
    cardExpYear: k.integer('card_exp_year'),
    billingName: k.text('billing_name'),
    billingEmail: k.text('billing_email'),
    isDefault: k.integer('is_default').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.index('payment_methods_user_idx').on(t.userId)],
);

/**
 * The credit ledger. A row belongs to an account (\`userId\`) or, for a guest, to an e-mail (\`email\`, lower-cased,
 * \`userId\` null) until an account proves that e-mail and claims it. An account's rows sum to
 * \`users.creditBalance\`; an e-mail's rows sum to \`guest_credits.balance\`.
 */
export const userCredits = k.table(
  'user_credits',
  {
    id: id(),
    userId: k.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The guest's e-mail owning this row (only while userId is null). */
    email: k.text('email'),
    /** Positive adds to the balance, negative spends it. */
    amountCents: k
      .cents('amount_cents')
      .notNull()
      .default(0 as Cents),
    type: k.text('type', { enum: ['access_fee_credit', 'refund', 'booking_use', 'adjustment'] }).notNull(),
    description: k.text('description'),
    relatedPaymentId: k.text('related_payment_id'),
    relatedBookingId: k.integer('related_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [k.index('user_credits_user_idx').on(t.userId), k.index('user_credits_email_idx').on(t.email)],
);

/** A guest e-mail's credit balance (the sum of its ledger rows): spent with one conditional update, as an account's. */
export const guestCredits = k.table('guest_credits', {
  /** Lower-cased. */
  email: k.text('email').primaryKey(),
  balanceCents: k
    .cents('balance_cents')
    .notNull()
    .default(0 as Cents),
  updatedAt: updatedAt(),
});

export const informationAccess = k.table(
  'information_access',
  {
    id: id(),
    /** Null for a guest's payment, owned by \`email\` until an account proves that e-mail and claims it. */
    userId: k.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The paying guest's e-mail, lower-cased (only while userId is null). */
    email: k.text('email'),
    location: k.text('location').notNull(),
    paymentIntentId: k.text('payment_intent_id').notNull().unique(),
    status: k.text('status').notNull(),
    amountCents: k
      .cents('amount_cents')
      .notNull()
      .default(0 as Cents),
    creditedBack: k.integer('credited_back').notNull().default(0),
    creditedAt: timestamp('credited_at'),
    /** The booking the fee was credited to (cleared again if that booking's payment fails). */
    creditedBookingId: k.integer('credited_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** SHA-256 of the paying browser's guest cookie: a guest sees what they paid for without a session. */
    guestTokenHash: k.text('guest_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    k.index('information_access_user_location_idx').on(t.userId, t.location),
    k.index('information_access_guest_idx').on(t.guestTokenHash),
    k.index('information_access_email_idx').on(t.email, t.location),
  ],
);

/** One row per Idempotency-Key: the first request's outcome is replayed for repeats. */
export const idempotencyKeys = k.table(
  'idempotency_keys',
  {
    id: id(),
    key: k.text('key').notNull(),
    scope: k.text('scope').notNull(),
    /** SHA-256 of the request body, so a reused key with a different body is refused. */
    requestHash: k.text('request_hash').notNull(),
    status: k.text('status', { enum: ['in_progress', 'completed'] }).notNull(),
    /** The request working on the key; another may take over only after updatedAt is older than the lease. */
    owner: k.text('owner'),
    /** The booking this key made, recorded in the transaction that made it. */
    bookingId: k.integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The change of a booking this key made (a change of dates), recorded in the transaction that made it. */
    changeId: k.integer('change_id'),
    responseStatus: k.integer('response_status'),
    responseBody: k.text('response_body'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [k.uniqueIndex('idempotency_keys_scope_key_unique').on(t.scope, t.key), k.index('idempotency_keys_booking_idx').on(t.bookingId)],
);

/**
 * Signed links to one booking (the confirmation e-mail's and the guest's thank-you page): a random token whose
 * SHA-256 is stored, single purpose, expiring and revocable. Whoever holds the link may see that booking.
 */
export const bookingLinks = k.table(
  'booking_links',
  {
    id: id(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: k.text('token_hash').notNull().unique(),
    /** 'manage': see and change the booking (the e-mail's link, a requested link); 'view': older links, seeing only. */
    purpose: k.text('purpose', { enum: ['view', 'manage', 'review'] }).notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** A single-use link ('review') is spent when used. */
    usedAt: timestamp('used_at'),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [k.index('booking_links_booking_idx').on(t.bookingId)],
);

/**
 * The ledger of a booking's changes: each change of dates, vehicle or flights (sailing) and its cancellation, who made it, the stay and price before
 * and after, and the money that moved (charged to a card, refunded to cards, returned as credit). A change of
 * dates that costs more is 'pending' while its charge is made (its added days are held meanwhile), then
 * 'applied' or 'failed'.
 */
export const bookingChanges = k.table(
  'booking_changes',
  {
    id: id(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: k.text('kind', { enum: ['dates', 'vehicle', 'travel', 'cancel', 'overstay'] }).notNull(),
    /** 'due': an overstay no card paid, waiting for the traveller's payment (the pay link). */
    status: k.text('status', { enum: ['pending', 'applied', 'failed', 'due'] }).notNull(),
    /** The signed-in user who made it; null through a signed link. */
    changedBy: k.integer('changed_by'),
    fromArrival: k.text('from_arrival'),
    fromDeparture: k.text('from_departure'),
    toArrival: k.text('to_arrival'),
    toDeparture: k.text('to_departure'),
    /** 'Toyota Camry · ABC123' before and after (vehicle changes). */
    fromVehicle: k.text('from_vehicle'),
    toVehicle: k.text('to_vehicle'),
    /** 'Flights: UA 1234 out, UA 987 back' or 'Sailing: ...' before and after (travel changes; null: none given). */
    fromTravel: k.text('from_travel'),
    toTravel: k.text('to_travel'),
    parkingFeeBeforeCents: k
      .cents('parking_fee_before_cents')
      .notNull()
      .default(0 as Cents),
    parkingFeeAfterCents: k
      .cents('parking_fee_after_cents')
      .notNull()
      .default(0 as Cents),
    priceLines: k.json<StayLine[]>('price_lines'),
    /** The booking's day prices once this change applies. */
    dayPrices: k.json<DayPrice[]>('day_prices'),
    chargedCents: k
      .cents('charged_cents')
      .notNull()
      .default(0 as Cents),
    refundedCents: k
      .cents('refunded_cents')
      .notNull()
      .default(0 as Cents),
    creditReturnedCents: k
      .cents('credit_returned_cents')
      .notNull()
      .default(0 as Cents),
    /** Of a cheaper change's difference, the cents the cancellation policy kept (stored, never re-derived). */
    keptCents: k
      .cents('kept_cents')
      .notNull()
      .default(0 as Cents),
    /** The booking's non-refundable cents once this change applies (fixed when the traveller asked for it). */
    nonRefundableCentsAfter: k.cents('non_refundable_cents_after'),
    paymentIntentId: k.text('payment_intent_id'),
    /** The gateway's idempotency key for this change's charge. */
    paymentKey: k.text('payment_key'),
    cardBrand: k.text('card_brand'),
    cardLast4: k.text('card_last4'),
    /** While pending, the added days are held until this time; then the reaper settles the change. */
    holdExpiresAt: timestamp('hold_expires_at'),
    createdAt: createdAt(),
  },
  (t) => [k.index('booking_changes_booking_idx').on(t.bookingId), k.index('booking_changes_status_idx').on(t.status, t.holdExpiresAt)],
);

/** Every card charge a booking has (checkout's and each change's) and how much of it went back: refunds are split over them, newest first. */
export const bookingPayments = k.table(
  'booking_payments',
  {
    id: id(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentIntentId: k.text('payment_intent_id').notNull().unique(),
    amountCents: k
      .cents('amount_cents')
      .notNull()
      .default(0 as Cents),
    refundedCents: k
      .cents('refunded_cents')
      .notNull()
      .default(0 as Cents),
    createdAt: createdAt(),
  },
  (t) => [k.index('booking_payments_booking_idx').on(t.bookingId)],
);

/** Payment provider events (webhooks), stored once by event id so each is processed once. */
export const paymentEvents = k.table('payment_events', {
  id: id(),
  eventId: k.text('event_id').notNull().unique(),
  type: k.text('type').notNull(),
  payload: k.text('payload').notNull(),
  processedAt: timestamp('processed_at'),
  createdAt: createdAt(),
});

/** What travellers asked support to do about a booking (contact the lot, a receipt, a refund), for follow-up. */
export const supportRequests = k.table(
  'support_requests',
  {
    id: id(),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: k.text('type', { enum: ['cancel', 'refund', 'receipt', 'contact_property'] }).notNull(),
    message: k.text('message').notNull().default(''),
    status: k.text('status', { enum: ['done', 'sent', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.index('support_requests_booking_idx').on(t.bookingId)],
);
