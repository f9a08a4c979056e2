// Bookings and money: reservations, saved cards, credits, the detail-access fee, idempotency and payment events.
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './_columns';
import { parkingProviders } from './catalogue';
import { users } from './users';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'failed'] as const;

export const bookings = sqliteTable(
  'bookings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'restrict' }),
    confirmationNumber: text('confirmation_number').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Local wall-clock time at the lot, 'YYYY-MM-DDTHH:mm'. */
    arrivalDate: text('arrival_date').notNull(),
    departureDate: text('departure_date').notNull(),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    licensePlate: text('license_plate').notNull().default(''),
    parkingFee: real('parking_fee').notNull(),
    /** How parkingFee was made up when booked ('1 week' 59.95, '2 days × $10.95' 21.90): receipts show this. */
    priceLines: text('price_lines', { mode: 'json' }).$type<{ label: string; amount: number }[]>(),
    serviceFee: real('service_fee').notNull(),
    creditApplied: real('credit_applied').notNull().default(0),
    totalFee: real('total_fee').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    /** While status is 'pending' the spaces are held until this time, then released. */
    holdExpiresAt: timestamp('hold_expires_at'),
    paymentIntentId: text('payment_intent_id'),
    /** The gateway's idempotency key for this booking's charge (derived from the client's Idempotency-Key). */
    paymentKey: text('payment_key'),
    /** 1 when checkout made the traveller's account for this booking (a guest): undone only with the booking. */
    createdAccount: integer('created_account').notNull().default(0),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refundedAmount: real('refunded_amount').notNull().default(0),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_provider_dates_idx').on(t.providerId, t.status, t.arrivalDate, t.departureDate),
    index('bookings_created_idx').on(t.createdAt),
  ],
);

export const paymentMethods = sqliteTable(
  'payment_methods',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull().unique(),
    type: text('type').notNull().default('card'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    billingName: text('billing_name'),
    billingEmail: text('billing_email'),
    isDefault: integer('is_default').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);

export const userCredits = sqliteTable(
  'user_credits',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Positive adds to the balance, negative spends it. */
    amount: real('amount').notNull(),
    type: text('type', { enum: ['access_fee_credit', 'refund', 'booking_use', 'adjustment'] }).notNull(),
    description: text('description'),
    relatedPaymentId: text('related_payment_id'),
    relatedBookingId: integer('related_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('user_credits_user_idx').on(t.userId)],
);

export const informationAccess = sqliteTable(
  'information_access',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    amount: real('amount').notNull(),
    status: text('status').notNull(),
    creditedBack: integer('credited_back').notNull().default(0),
    creditedAt: timestamp('credited_at'),
    /** The booking the fee was credited to (cleared again if that booking's payment fails). */
    creditedBookingId: integer('credited_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** SHA-256 of the paying browser's guest cookie: a guest sees what they paid for without a session. */
    guestTokenHash: text('guest_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('information_access_user_location_idx').on(t.userId, t.location), index('information_access_guest_idx').on(t.guestTokenHash)],
);

/** One row per Idempotency-Key: the first request's outcome is replayed for repeats. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: id(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    /** SHA-256 of the request body, so a reused key with a different body is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'completed'] }).notNull(),
    /** The request working on the key; another may take over only after updatedAt is older than the lease. */
    owner: text('owner'),
    /** The booking this key made, recorded in the transaction that made it. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_unique').on(t.scope, t.key), index('idempotency_keys_booking_idx').on(t.bookingId)],
);

/**
 * Signed links to one booking (the confirmation e-mail's and the guest's thank-you page): a random token whose
 * SHA-256 is stored, single purpose, expiring and revocable. Whoever holds the link may see that booking.
 */
export const bookingLinks = sqliteTable(
  'booking_links',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['view'] }).notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_links_booking_idx').on(t.bookingId)],
);

/** Payment provider events (webhooks), stored once by event id so each is processed once. */
export const paymentEvents = sqliteTable('payment_events', {
  id: id(),
  eventId: text('event_id').notNull().unique(),
  type: text('type').notNull(),
  payload: text('payload').notNull(),
  processedAt: timestamp('processed_at'),
  createdAt: createdAt(),
});

/** What travellers asked support to do about a booking (contact the lot, a receipt, a refund), for follow-up. */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['cancel', 'refund', 'receipt', 'contact_property'] }).notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['done', 'sent', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_booking_idx').on(t.bookingId)],
);
