// Accounts: registration, sign-in and out, profile, password change and reset, e-mail verification,
// preferences and the administrator bootstrap. Routers stay thin; every rule lives here.
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { passwordResetTokens, userCredits, userPreferences, users } from '../../db/schema';
import type { TEnv } from '../../env';
import { passwordChangedEmail, passwordResetEmail, setPasswordEmail, verificationEmail, welcomeEmail } from '../../integrations/mailer';
import type { Mailer } from '../../integrations/mailer/types';
import type { Context } from '../../trpc/init';
import type {
  TChangePasswordInput,
  TLoginInput,
  TPreferencesInput,
  TRegisterInput,
  TUpdateProfileInput,
} from '@/shared/schemas/auth';
import { hashPassword, verifyPassword } from './password';
import { assertUnderLimit, clear, hit, LIMITS, minutesText } from './rate-limit';
import {
  clearSessionCookie,
  createSession,
  generateToken,
  hashToken,
  invalidateSession,
  invalidateUserSessions,
  sessionCookie,
} from './session';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
const RESET_TTL_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
type Ctx = Pick<Context, 'db' | 'env' | 'mailer' | 'ip' | 'resHeaders'>;

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
    creditBalance: u.creditBalance,
    profileImageUrl: u.profileImageUrl,
    authProvider: u.authProvider,
    hasPassword: u.password !== null,
    role: u.role,
    createdAt: u.createdAt,
  };
}
export type TPublicUser = ReturnType<typeof toPublicUser>;

export function roleFor(env: Pick<TEnv, 'ADMIN_EMAIL'>, email: string): 'admin' | 'user' {
  return env.ADMIN_EMAIL && env.ADMIN_EMAIL.toLowerCase() === email.toLowerCase() ? 'admin' : 'user';
}

export function findUserByEmail(db: DB, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

function getUser(db: DB, id: number): UserRow {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return user;
}

/** Starts a fresh session and sets its cookie on the response. */
export function startSession(ctx: Ctx, userId: number) {
  const { token, session } = createSession(ctx.db, userId);
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, ctx.env.APP_URL!));
  return session;
}

function link(env: TEnv, path: string, token: string) {
  return `${env.APP_URL}${path}?token=${encodeURIComponent(token)}`;
}

/** Issues a new verification token (only its hash is stored) and mails the link. */
async function sendVerification(ctx: Ctx, user: UserRow) {
  const token = generateToken();
  ctx.db.update(users).set({ emailVerificationToken: hashToken(token) }).where(eq(users.id, user.id)).run();
  const mail = verificationEmail({ brand: ctx.env.BRAND_NAME, name: user.name, url: link(ctx.env, '/verify-email', token) });
  await ctx.mailer.send({ to: user.email, ...mail, kind: 'verify-email' });
}

/** Mail must never turn a completed account action into an error for the user. */
async function sendQuietly(what: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (err) {
    console.warn(`Could not send the ${what} e-mail:`, err instanceof Error ? err.message : err);
  }
}

export async function register(ctx: Ctx, input: TRegisterInput & { email: string; password: string }) {
  assertUnderLimit(ctx.db, ctx.resHeaders, [[`register:ip:${ctx.ip}`, LIMITS.registerPerIp]], (m) => `Too many accounts created from this network. Please try again in ${minutesText(m)}.`);
  hit(ctx.db, `register:ip:${ctx.ip}`, LIMITS.registerPerIp);
  if (findUserByEmail(ctx.db, input.email)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });

  const passwordHash = await hashPassword(input.password);
  const user = ctx.db.transaction((tx) => {
    const [row] = tx
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
        role: roleFor(ctx.env, input.email),
      })
      .onConflictDoNothing()
      .returning()
      .all();
    if (!row) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    tx.insert(userPreferences).values({ userId: row.id }).run();
    return row;
  });
  startSession(ctx, user.id);
  await sendQuietly('verification', () => sendVerification(ctx, user));
  await sendQuietly('welcome', () =>
    ctx.mailer.send({
      to: user.email,
      kind: 'welcome',
      ...welcomeEmail({ brand: ctx.env.BRAND_NAME, name: user.name, appUrl: ctx.env.APP_URL!, supportEmail: ctx.env.SUPPORT_EMAIL, supportPhone: ctx.env.SUPPORT_PHONE }),
    }),
  );
  return toPublicUser(getUser(ctx.db, user.id));
}

export async function login(ctx: Ctx, input: { email: string; password: string }) {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${ctx.ip}`;
  assertUnderLimit(
    ctx.db,
    ctx.resHeaders,
    [
      [emailKey, LIMITS.loginPerEmail],
      [ipKey, LIMITS.loginPerIp],
    ],
    (m) => `Too many failed sign-in attempts. Please try again in ${minutesText(m)} or reset your password.`,
  );
  const user = findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) {
    hit(ctx.db, emailKey, LIMITS.loginPerEmail);
    hit(ctx.db, ipKey, LIMITS.loginPerIp);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  }
  clear(ctx.db, emailKey);
  startSession(ctx, user.id);
  return toPublicUser(user);
}

export function logout(ctx: Ctx & { session: { id: number } | null }) {
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.env.APP_URL!));
  return { success: true as const };
}

export function me(db: DB, userId: number | undefined) {
  if (!userId) return null;
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  return user ? toPublicUser(user) : null;
}

export async function updateProfile(ctx: Ctx, userId: number, input: TUpdateProfileInput) {
  const current = getUser(ctx.db, userId);
  const patch: Partial<typeof users.$inferInsert> = {};
  for (const key of ['name', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key] ?? null;
  }
  const emailChanged = input.email !== undefined && input.email !== current.email;
  if (emailChanged) {
    const other = findUserByEmail(ctx.db, input.email!);
    if (other && other.id !== userId) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    patch.email = input.email!;
    patch.emailVerified = 0;
    // The administrator is whoever owns ADMIN_EMAIL: moving away from it drops the role, moving to it is refused.
    if (roleFor(ctx.env, input.email!) === 'admin') throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    patch.role = 'user';
  }
  if (Object.keys(patch).length) ctx.db.update(users).set(patch).where(eq(users.id, userId)).run();
  const updated = getUser(ctx.db, userId);
  if (emailChanged) await sendQuietly('verification', () => sendVerification(ctx, updated));
  return toPublicUser(updated);
}

export async function changePassword(ctx: Ctx, userId: number, sessionId: number | undefined, input: TChangePasswordInput) {
  const user = getUser(ctx.db, userId);
  if (!user.password) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your account signs in with Google. Use “Forgot password?” on the sign-in form to set a password.' });
  }
  const key = `login:email:${user.email}`;
  assertUnderLimit(ctx.db, ctx.resHeaders, [[key, LIMITS.loginPerEmail]], (m) => `Too many failed attempts. Please try again in ${minutesText(m)}.`);
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    hit(ctx.db, key, LIMITS.loginPerEmail);
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.update(users).set({ password: passwordHash }).where(eq(users.id, userId)).run();
  invalidateUserSessions(ctx.db, userId, sessionId);
  await sendQuietly('password changed', () =>
    ctx.mailer.send({ to: user.email, kind: 'password-changed', ...passwordChangedEmail({ brand: ctx.env.BRAND_NAME, name: user.name, supportEmail: ctx.env.SUPPORT_EMAIL }) }),
  );
  return { success: true as const };
}

export async function resendVerification(ctx: Ctx, userId: number) {
  const user = getUser(ctx.db, userId);
  if (user.emailVerified) return { success: true as const, alreadyVerified: true };
  const key = `resend:user:${userId}`;
  assertUnderLimit(ctx.db, ctx.resHeaders, [[key, LIMITS.resendPerUser]], (m) => `Too many verification e-mails requested. Please try again in ${minutesText(m)}.`);
  hit(ctx.db, key, LIMITS.resendPerUser);
  await sendVerification(ctx, user);
  return { success: true as const, alreadyVerified: false };
}

export function verifyEmail(db: DB, token: string) {
  const user = db.select().from(users).where(eq(users.emailVerificationToken, hashToken(token))).get();
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This verification link is invalid or has already been used.' });
  db.update(users).set({ emailVerified: 1, emailVerificationToken: null }).where(eq(users.id, user.id)).run();
  return { success: true as const, email: user.email };
}

/** Mails a single-use link to choose a password (accounts created at guest checkout have none). */
export async function sendSetPasswordLink(
  ctx: Pick<Ctx, 'db' | 'env' | 'mailer'>,
  user: { id: number; email: string; name: string },
  reason: 'access' | 'booking' = 'access',
  ttlMs = 72 * 60 * 60 * 1000,
) {
  const token = generateToken();
  ctx.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) }).run();
  const mail = setPasswordEmail({ brand: ctx.env.BRAND_NAME, name: user.name, url: link(ctx.env, '/reset-password', token), reason });
  await sendQuietly('set password', () => ctx.mailer.send({ to: user.email, kind: 'set-password', ...mail }));
}

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we have sent a link to reset the password. It expires in 1 hour.';

export async function forgotPassword(ctx: Ctx, email: string) {
  assertUnderLimit(
    ctx.db,
    ctx.resHeaders,
    [
      [`forgot:email:${email}`, LIMITS.forgotPerEmail],
      [`forgot:ip:${ctx.ip}`, LIMITS.forgotPerIp],
    ],
    (m) => `Too many reset requests. Please try again in ${minutesText(m)}.`,
  );
  hit(ctx.db, `forgot:email:${email}`, LIMITS.forgotPerEmail);
  hit(ctx.db, `forgot:ip:${ctx.ip}`, LIMITS.forgotPerIp);
  const user = findUserByEmail(ctx.db, email);
  if (user) {
    const token = generateToken();
    ctx.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) }).run();
    const mail = passwordResetEmail({ brand: ctx.env.BRAND_NAME, name: user.name, url: link(ctx.env, '/reset-password', token) });
    await sendQuietly('password reset', () => ctx.mailer.send({ to: user.email, ...mail, kind: 'password-reset' }));
  }
  return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(ctx: Ctx, token: string, password: string) {
  const now = new Date();
  const row = ctx.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.token, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .get();
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This reset link is invalid or has expired.' });
  const passwordHash = await hashPassword(password);
  const user = ctx.db.transaction((tx) => {
    const used = tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .run();
    if (used.changes !== 1) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This reset link is invalid or has expired.' });
    // Every other outstanding link dies with this one; the e-mail was proven, so it counts as verified.
    tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt))).run();
    tx.update(users).set({ password: passwordHash, emailVerified: 1 }).where(eq(users.id, row.userId)).run();
    return tx.select().from(users).where(eq(users.id, row.userId)).get()!;
  });
  invalidateUserSessions(ctx.db, user.id);
  clear(ctx.db, `login:email:${user.email}`);
  await sendQuietly('password changed', () =>
    ctx.mailer.send({ to: user.email, kind: 'password-changed', ...passwordChangedEmail({ brand: ctx.env.BRAND_NAME, name: user.name, supportEmail: ctx.env.SUPPORT_EMAIL }) }),
  );
  return { success: true as const };
}

const DEFAULT_PREFERENCES = {
  defaultVehicleType: null,
  vehicleMake: null,
  vehicleModel: null,
  licensePlate: null,
  preferredPaymentMethod: null,
  emailNotifications: 1,
  smsNotifications: 1,
  marketingEmails: 1,
};

export function getPreferences(db: DB, userId: number) {
  const row = db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).get();
  if (!row) return { ...DEFAULT_PREFERENCES };
  const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...prefs } = row;
  return prefs;
}
export type TPreferences = ReturnType<typeof getPreferences>;

export function updatePreferences(db: DB, userId: number, input: ReturnType<typeof normalizePreferences>) {
  db.insert(userPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...input, updatedAt: new Date() } })
    .run();
  return getPreferences(db, userId);
}

/** Drops keys that were not sent, so a partial PUT leaves the other preferences alone. */
export function normalizePreferences(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Omit<typeof userPreferences.$inferInsert, 'userId'>>;
}

export function creditSummary(db: DB, userId: number) {
  const user = getUser(db, userId);
  const history = db
    .select({ id: userCredits.id, amount: userCredits.amount, type: userCredits.type, description: userCredits.description, createdAt: userCredits.createdAt })
    .from(userCredits)
    .where(eq(userCredits.userId, userId))
    .orderBy(userCredits.createdAt)
    .all()
    .reverse()
    .slice(0, 20);
  return { balance: user.creditBalance, history };
}

/** On start: create the administrator from ADMIN_EMAIL/ADMIN_PASSWORD when both are set and it does not exist. */
export async function ensureAdmin(db: DB, env: Pick<TEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): Promise<'created' | 'exists' | 'skipped'> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return 'skipped';
  const email = env.ADMIN_EMAIL.toLowerCase();
  const existing = findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id)).run();
    return 'exists';
  }
  const password = await hashPassword(env.ADMIN_PASSWORD);
  db.transaction((tx) => {
    const [row] = tx.insert(users).values({ name: 'Administrator', email, password, role: 'admin', emailVerified: 1 }).returning().all();
    tx.insert(userPreferences).values({ userId: row!.id }).run();
  });
  return 'created';
}

export type { Mailer };
