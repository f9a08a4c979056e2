// Accounts: users, their sessions, password-reset tokens and preferences (spec section 3).
import type { Cents } from '@/shared/money';
import { k } from './_kit';
import { createdAt, id, timestamp, updatedAt } from './_columns';

export const users = k.table(
  'users',
  {
    id: id(),
    name: k.text('name').notNull(),
    /** Stored lower-cased. */
    email: k.text('email').notNull().unique(),
    /** argon2id hash; null for accounts that only sign in with Google. (Guests get no account: see guest-records.ts.) */
    password: k.text('password'),
    phone: k.text('phone'),
    address: k.text('address'),
    city: k.text('city'),
    state: k.text('state'),
    zipCode: k.text('zip_code'),
    emailVerified: k.integer('email_verified').notNull().default(0),
    /** SHA-256 of the verification token sent by e-mail; never the token itself. */
    emailVerificationToken: k.text('email_verification_token'),
    creditBalanceCents: k
      .cents('credit_balance_cents')
      .notNull()
      .default(0 as Cents),
    stripeCustomerId: k.text('stripe_customer_id'),
    googleId: k.text('google_id'),
    profileImageUrl: k.text('profile_image_url'),
    authProvider: k.text('auth_provider').notNull().default('local'),
    role: k
      .text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.uniqueIndex('users_google_id_unique').on(t.googleId), k.index('users_created_at_idx').on(t.createdAt), k.index('users_phone_idx').on(t.phone)],
);

export const userSessions = k.table(
  'user_sessions',
  {
    id: id(),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the cookie token; the raw token is never stored. */
    sessionToken: k.text('session_token').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.index('user_sessions_user_idx').on(t.userId), k.index('user_sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = k.table(
  'password_reset_tokens',
  {
    id: id(),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the e-mailed token. */
    token: k.text('token').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [k.index('password_reset_tokens_user_idx').on(t.userId)],
);

export const userPreferences = k.table('user_preferences', {
  id: id(),
  userId: k
    .integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultVehicleType: k.text('default_vehicle_type'),
  vehicleMake: k.text('vehicle_make'),
  vehicleModel: k.text('vehicle_model'),
  licensePlate: k.text('license_plate'),
  preferredPaymentMethod: k.text('preferred_payment_method'),
  emailNotifications: k.integer('email_notifications').notNull().default(1),
  smsNotifications: k.integer('sms_notifications').notNull().default(1),
  marketingEmails: k.integer('marketing_emails').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for abuse limits (sign-in, register, resend); keyed by e.g. 'login:ip:1.2.3.4'. */
export const rateLimits = k.table('rate_limits', {
  key: k.text('key').primaryKey(),
  count: k.integer('count').notNull(),
  resetAt: timestamp('reset_at').notNull(),
});
