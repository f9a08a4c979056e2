// Partners: the companies that own lots. A partner has members (owner, manager, gate staff; all of its lots or
// some), is invited by e-mail, and is paid its share of what its lots sell less the platform's commission, whose
// rate has an effective date (each booking keeps the rate in force when it was made).
import { k } from './_kit';
import { createdAt, id, timestamp, updatedAt } from './_columns';
import { users } from './users';

/** The roles (src/shared/schemas/partners.ts names them for people). */
const PARTNER_ROLES = ['owner', 'manager', 'gate'] as const;

export const partners = k.table('partners', {
  id: id(),
  tradingName: k.text('trading_name').notNull(),
  legalName: k.text('legal_name').notNull(),
  contactName: k.text('contact_name').notNull(),
  contactEmail: k.text('contact_email').notNull(),
  contactPhone: k.text('contact_phone'),
  /** How the partner is paid, in words (a bank and its last four digits); never a full account number. */
  payoutDetails: k.text('payout_details'),
  /** Its Stripe Connect (Express) account, created when an owner first starts onboarding (Stripe configured). */
  stripeAccountId: k.text('stripe_account_id'),
  /** 1 once its owner finished Stripe's onboarding form (the account's details_submitted, as last read). */
  stripeDetailsSubmitted: k.integer('stripe_details_submitted').notNull().default(0),
  /** 1 while Stripe accepts transfers to the account and pays it out (payouts_enabled, as last read). */
  stripePayoutsEnabled: k.integer('stripe_payouts_enabled').notNull().default(0),
  /** A suspended partner's lots stop selling; their bookings stay. */
  status: k
    .text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The platform's commission on a partner's parking sales, in basis points (1,500 = 15 %), from a date on. */
export const partnerCommissionRates = k.table(
  'partner_commission_rates',
  {
    id: id(),
    partnerId: k
      .integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    rateBps: k.integer('rate_bps').notNull(),
    effectiveFrom: timestamp('effective_from').notNull(),
    createdBy: k.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [k.index('partner_commission_rates_partner_idx').on(t.partnerId, t.effectiveFrom)],
);

/** Who works for a partner, in which role, over all of its lots or the ones listed. */
export const partnerMembers = k.table(
  'partner_members',
  {
    id: id(),
    partnerId: k
      .integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: k.text('role', { enum: PARTNER_ROLES }).notNull(),
    /** 1: every lot of the partner, now and later; 0: only `lotIds`. */
    allLots: k.integer('all_lots').notNull().default(1),
    lotIds: k
      .json<number[]>('lot_ids')
      .notNull()
      .$defaultFn(() => []),
    createdBy: k.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [k.uniqueIndex('partner_members_partner_user_unique').on(t.partnerId, t.userId), k.index('partner_members_user_idx').on(t.userId)],
);

/** A single-use invitation to join a partner, by e-mail, valid 7 days (only the hash of its token is kept). */
export const partnerInvitations = k.table(
  'partner_invitations',
  {
    id: id(),
    partnerId: k
      .integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: k.text('email').notNull(),
    role: k.text('role', { enum: PARTNER_ROLES }).notNull(),
    allLots: k.integer('all_lots').notNull().default(1),
    lotIds: k
      .json<number[]>('lot_ids')
      .notNull()
      .$defaultFn(() => []),
    tokenHash: k.text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    acceptedAt: timestamp('accepted_at'),
    acceptedBy: k.integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    invitedBy: k.integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [k.index('partner_invitations_partner_idx').on(t.partnerId)],
);

/**
 * A partner's money, line by line, written in the transaction of the event it follows: a booking confirmed
 * (its parking price), a change of dates (the parking money it moved), a refund (card and credit given back).
 * Gross is the parking money (the service fee is the platform's); commission is the booking's rate of it by the
 * one rounding rule (money.ts share); net is the partner's. Signed cents: refunds are negative. A line is paid
 * by one payout (`payoutId`), once its booking has ended.
 */
export const partnerLedger = k.table(
  'partner_ledger',
  {
    id: id(),
    partnerId: k
      .integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    bookingId: k.integer('booking_id').notNull(),
    kind: k.text('kind', { enum: ['booking', 'change', 'refund', 'guarantee', 'overstay'] }).notNull(),
    /** What wrote the line ('booking:12', 'change:7', 'cancel:12'): each event once, whatever retries it. */
    sourceKey: k.text('source_key').notNull().unique(),
    grossCents: k.cents('gross_cents').notNull(),
    commissionCents: k.cents('commission_cents').notNull(),
    netCents: k.cents('net_cents').notNull(),
    commissionBps: k.integer('commission_bps').notNull(),
    occurredAt: timestamp('occurred_at').notNull(),
    payoutId: k.integer('payout_id').references(() => partnerPayouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    k.index('partner_ledger_partner_idx').on(t.partnerId, t.occurredAt),
    k.index('partner_ledger_unpaid_idx').on(t.partnerId, t.payoutId),
    k.index('partner_ledger_booking_idx').on(t.bookingId),
  ],
);

/** What a partner was paid (or is being paid) for its lines up to a run: pending → paid or failed, once per run key. */
export const partnerPayouts = k.table(
  'partner_payouts',
  {
    id: id(),
    partnerId: k
      .integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    /** 'payout-<partner>-<run>': the gateway's idempotency key too, so a crash and a second run pay once. */
    runKey: k.text('run_key').notNull().unique(),
    amountCents: k.cents('amount_cents').notNull(),
    status: k
      .text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** The transfer at the gateway (Stripe Connect, or the sandbox's record). */
    transferId: k.text('transfer_id'),
    failureReason: k.text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at'),
  },
  (t) => [k.index('partner_payouts_partner_idx').on(t.partnerId, t.createdAt)],
);
