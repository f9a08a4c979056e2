// Accounts: users, their sessions, password-reset tokens and preferences (spec section 3).
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './_columns';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull().unique(),
    /** argon2id hash; null for accounts that only sign in with Google or were created at guest checkout. */
    password: text('password'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    emailVerified: integer('email_verified').notNull().default(0),
    /** SHA-256 of the verification token sent by e-mail; never the token itself. */
    emailVerificationToken: text('email_verification_token'),
    creditBalance: real('credit_balance').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    googleId: text('google_id'),
    profileImageUrl: text('profile_image_url'),
    authProvider: text('auth_provider').notNull().default('local'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_google_id_unique').on(t.googleId),
    index('users_created_at_idx').on(t.createdAt),
    index('users_phone_idx').on(t.phone),
  ],
);

export const userSessions = sqliteTable(
  'user_sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the cookie token; the raw token is never stored. */
    sessionToken: text('session_token').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the e-mailed token. */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const userPreferences = sqliteTable('user_preferences', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultVehicleType: text('default_vehicle_type'),
  vehicleMake: text('vehicle_make'),
  vehicleModel: text('vehicle_model'),
  licensePlate: text('license_plate'),
  preferredPaymentMethod: text('preferred_payment_method'),
  emailNotifications: integer('email_notifications').notNull().default(1),
  smsNotifications: integer('sms_notifications').notNull().default(1),
  marketingEmails: integer('marketing_emails').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for abuse limits (sign-in, register, resend); keyed by e.g. 'login:ip:1.2.3.4'. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at').notNull(),
});
