// Accounts: registration, sign-in and out, profile, password change and reset, e-mail verification (the
// token-bearing mail jobs are in account-mails.ts, preferences and credits in profile.ts, the administrator
// bootstrap in admin-bootstrap.ts; all re-exported here). Routers stay thin; every
// rule lives here. E-mails are jobs written with the change they follow; mails that carry a token mint it
// when they are sent. Decisions that must hold with several servers are taken by the write itself (insert on
// conflict, conditional update), not by a read before it.
import { toDollars } from '@/shared/money';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { partnerMembers, passwordResetTokens, userPreferences, users } from '../../db/schema';
import type { Context } from '../../deps';
import type { TEnv } from '../../env';
import { AppError } from '../../errors';
import { emailChangedEmail, passwordChangedEmail, welcomeEmail } from '../../integrations/mailer';
import type { Mailer, MailMessage } from '../../integrations/mailer/types';
import { enqueueJob } from '../../jobs/queue';
import { RESET_LINK_HOURS } from '@/shared/constants';
import type { TChangePasswordInput, TRegisterInput, TUpdateProfileInput } from '@/shared/schemas/auth';
import { PARTNER_ROLES, type TPartnerRole } from '@/shared/schemas/partners';
import { hashPassword, verifyPassword } from './password';
import { createSession, hashToken, invalidateSession, invalidateUserSessions } from './session';
import { isUniqueViolation } from '../../db/dialect';
import { worksAnyLot } from '../gate/staff.service';
import { claimGuestRecords, claimGuestRecordsNow } from '../bookings/guest-records';

export { adminExists, ensureAdmin } from './admin-bootstrap';
export { sendPasswordResetMail, sendSetPasswordMail, sendVerificationMail, SET_PASSWORD_TTL_MS } from './account-mails';
export { creditSummary, getPreferences, normalizePreferences, updatePreferences, type TPreferences } from './profile';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

type UserRow = typeof users.$inferSelect;
type Ctx = Pick<Context, 'db' | 'env' | 'mailer' | 'jobs' | 'ip'>;

/** A session just started: the transport sets its token as the session cookie (auth/router.ts). */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** The user as the client sees it: an explicit field list, never the hash or a token. */
export function toPublicUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    zipCode: u.zipCode,
    emailVerified: u.emailVerified,
    /** Dollars. */
    creditBalance: toDollars(u.creditBalanceCents),
    profileImageUrl: u.profileImageUrl,
    authProvider: u.authProvider,
    hasPassword: u.password !== null,
    role: u.role,
    createdAt: u.createdAt,
  };
}
export type TPublicUser = ReturnType<typeof toPublicUser>;

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

async function getUser(db: DB, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return user;
}

/** Starts a fresh session; its token goes back to the caller, never into a response body. */
export async function startSession(db: DB, userId: number): Promise<NewSession> {
  const { token, session } = await createSession(db, userId);
  return { token, expiresAt: session.expiresAt };
}

/** Queues a rendered e-mail that carries no secret (welcome, password changed, ...). */
export async function queueMail(db: Pick<DB, 'insert'>, message: Omit<MailMessage, 'attachments'>, dedupeKey?: string): Promise<void> {
  await enqueueJob(db, 'mail.send', { message }, { dedupeKey });
}

function passwordChangedMail(env: TEnv, user: { email: string; name: string }) {
  return { to: user.email, kind: 'password-changed', ...passwordChangedEmail({ brand: env.BRAND_NAME, name: user.name, supportEmail: env.SUPPORT_EMAIL }) };
}

// ---------------------------------------------------------------------------------------------------------
// Registration and sign-in

/** Registration (its limit per address: trpc/rate-limits.ts). */
export async function register(ctx: Ctx, input: TRegisterInput & { email: string; password: string }) {
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', EMAIL_TAKEN);

  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    // Never an administrator: that role is granted only at boot (ADMIN_PASSWORD) or by `npm run admin:create`.
    // Insert-or-nothing: the same e-mail registered at the same moment (on any server) gets 409, not a 500.
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        password: passwordHash,
        phone: input.phone ?? null,
        address: input.address ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zipCode: input.zipCode ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', EMAIL_TAKEN);
    await tx.insert(userPreferences).values({ userId: row.id });
    await enqueueJob(tx, 'mail.verify-email', { userId: row.id });
    await queueMail(tx, {
      to: row.email,
      kind: 'welcome',
      ...welcomeEmail({ brand: ctx.env.BRAND_NAME, name: row.name, appUrl: ctx.env.APP_URL!, supportEmail: ctx.env.SUPPORT_EMAIL, supportPhone: ctx.env.SUPPORT_PHONE }),
    });
    return row;
  });
  ctx.jobs.kick();
  const session = await startSession(ctx.db, user.id);
  return { user: toPublicUser(await getUser(ctx.db, user.id)), session };
}

/**
 * Sign-in with a password. Attempts are counted before this runs, per e-mail and address and per address, and a
 * success gives its count back (signInProcedure, trpc/rate-limits.ts).
 */
export async function login(ctx: Ctx, input: { email: string; password: string }) {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  // An account that proved its e-mail takes what guests booked or paid with it since.
  const claimed = await claimGuestRecordsNow(ctx.db, user);
  const session = await startSession(ctx.db, user.id);
  return { user: toPublicUser(claimed.bookings || claimed.credit ? await getUser(ctx.db, user.id) : user), session };
}

/** Ends the current session; the transport clears the cookie. */
export async function logout(ctx: Pick<Ctx, 'db'> & { session: { id: number } | null }) {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  return { success: true as const };
}

/**
 * The signed-in user; `isStaff` when they work a lot's gate (the account menu then links to /gate), and
 * `partnerRole`, their highest role in any partner (owners and managers get the partner portal's link).
 */
export async function me(db: DB, userId: number | undefined): Promise<(TPublicUser & { isStaff?: boolean; partnerRole?: TPartnerRole | null }) | null> {
  if (!userId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const roles = new Set((await db.select({ role: partnerMembers.role }).from(partnerMembers).where(eq(partnerMembers.userId, user.id))).map((r) => r.role));
  const partnerRole = PARTNER_ROLES.find((r) => roles.has(r)) ?? null;
  return { ...toPublicUser(user), isStaff: await worksAnyLot(db, user.id), partnerRole };
}

/** Checks a signed-in user's current password (each attempt counted before, passwordCheckProcedure in trpc/rate-limits.ts). */
async function proveCurrentPassword(user: UserRow, password: string | undefined) {
  if (!user.password) {
    throw new AppError('BAD_REQUEST', 'Your account signs in with Google. Use “Forgot password?” on the sign-in form to set a password first.');
  }
  if (!password || !(await verifyPassword(user.password, password))) throw new AppError('BAD_REQUEST', 'Current password is incorrect');
}

export async function updateProfile(ctx: Ctx, userId: number, input: TUpdateProfileInput) {
  const current = await getUser(ctx.db, userId);
  const patch: Partial<typeof users.$inferInsert> = {};
  for (const key of ['name', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key] ?? null;
  }
  const newEmail = input.email?.trim().toLowerCase();
  const emailChanged = newEmail !== undefined && newEmail !== current.email;
  if (emailChanged) {
    // Moving the account to another address needs proof it is the owner asking.
    if (!input.currentPassword) throw new AppError('BAD_REQUEST', 'Enter your current password to change your email.');
    await proveCurrentPassword(current, input.currentPassword);
    const other = await findUserByEmail(ctx.db, newEmail);
    if (other && other.id !== userId) throw new AppError('CONFLICT', EMAIL_TAKEN);
    // The configured administrator address is reserved: nobody moves onto it.
    if (ctx.env.ADMIN_EMAIL && ctx.env.ADMIN_EMAIL === newEmail) throw new AppError('CONFLICT', EMAIL_TAKEN);
    patch.email = newEmail;
    patch.emailVerified = 0;
    patch.emailVerificationToken = null;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(patch).length) await tx.update(users).set(patch).where(eq(users.id, userId));
      if (emailChanged) {
        await enqueueJob(tx, 'mail.verify-email', { userId });
        // The old address hears of it, so a hijacked session cannot move the account away unnoticed.
        await queueMail(tx, {
          to: current.email,
          kind: 'email-changed',
          ...emailChangedEmail({ brand: ctx.env.BRAND_NAME, name: current.name, newEmail, supportEmail: ctx.env.SUPPORT_EMAIL }),
        });
      }
    });
  } catch (err) {
    // Someone took the address between the check above and the update (the unique index decides).
    if (emailChanged && isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
  if (emailChanged) ctx.jobs.kick();
  return toPublicUser(await getUser(ctx.db, userId));
}

export async function changePassword(ctx: Ctx, userId: number, sessionId: number | undefined, input: TChangePasswordInput) {
  const user = await getUser(ctx.db, userId);
  await proveCurrentPassword(user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await invalidateUserSessions(tx, userId, sessionId);
    await queueMail(tx, passwordChangedMail(ctx.env, user));
  });
  ctx.jobs.kick();
  return { success: true as const };
}

export async function resendVerification(ctx: Ctx, userId: number) {
  const user = await getUser(ctx.db, userId);
  if (user.emailVerified) return { success: true as const, alreadyVerified: true };
  await enqueueJob(ctx.db, 'mail.verify-email', { userId });
  ctx.jobs.kick();
  return { success: true as const, alreadyVerified: false };
}

/**
 * Spends the link in one conditional update: a link works once, even clicked twice at the same moment. The
 * e-mail is now proven, so the account claims what guests left under it (bookings, access fees, credit), in
 * the same transaction.
 */
export async function verifyEmail(db: DB, token: string) {
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerified: 1, emailVerificationToken: null })
      .where(eq(users.emailVerificationToken, hashToken(token)))
      .returning({ id: users.id, email: users.email });
    if (!row) throw new AppError('BAD_REQUEST', 'This verification link is invalid or has already been used.');
    return { ...row, claimed: await claimGuestRecords(tx, row.id) };
  });
  return { success: true as const, email: user.email, claimed: user.claimed };
}

export const FORGOT_PASSWORD_MESSAGE = `If an account exists for that email, we have sent a link to reset the password. It expires in ${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'}.`;

export async function forgotPassword(ctx: Ctx, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    await enqueueJob(ctx.db, 'mail.password-reset', { userId: user.id });
    ctx.jobs.kick();
  }
  return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(ctx: Ctx, token: string, password: string) {
  const now = new Date();
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.token, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
  if (!row) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // The claim: of two uses at once, only one marks the link used.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length !== 1) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
    // Every other outstanding link dies with this one; the e-mail was proven, so it counts as verified.
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    const [updated] = await tx.update(users).set({ password: passwordHash, emailVerified: 1 }).where(eq(users.id, row.userId)).returning();
    await claimGuestRecords(tx, row.userId);
    await invalidateUserSessions(tx, row.userId);
    await queueMail(tx, passwordChangedMail(ctx.env, updated!));
  });
  ctx.jobs.kick();
  return { success: true as const };
}

export type { Mailer };
