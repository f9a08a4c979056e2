// Accounts: registration, sign-in and out, profile, password change and reset, e-mail verification,
// preferences and the administrator bootstrap. Routers stay thin; every rule lives here. E-mails are jobs
// written with the change they follow; mails that carry a token mint it when they are sent.
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { passwordResetTokens, userCredits, userPreferences, users } from '../../db/schema';
import type { TEnv } from '../../env';
import { emailChangedEmail, passwordChangedEmail, passwordResetEmail, setPasswordEmail, verificationEmail, welcomeEmail } from '../../integrations/mailer';
import type { Mailer, MailMessage } from '../../integrations/mailer/types';
import { enqueueJob } from '../../jobs/queue';
import type { Context, Services } from '../../trpc/init';
import { RESET_LINK_HOURS, SET_PASSWORD_LINK_DAYS } from '@/shared/constants';
import type {
  TChangePasswordInput,
  TLoginInput,
  TPreferencesInput,
  TRegisterInput,
  TUpdateProfileInput,
} from '@/shared/schemas/auth';
import { hashPassword, verifyPassword } from './password';
import { clear, consume, enforceLimits, giveBack, LIMITS, minutesText } from './rate-limit';
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
const RESET_TTL_MS = RESET_LINK_HOURS * 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
type Ctx = Pick<Context, 'db' | 'env' | 'mailer' | 'jobs' | 'ip' | 'resHeaders'>;
type MailServices = Pick<Services, 'db' | 'env' | 'mailer'>;

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

/** Queues a rendered e-mail that carries no secret (welcome, password changed, ...). */
export function queueMail(db: Pick<DB, 'insert'>, message: Omit<MailMessage, 'attachments'>, dedupeKey?: string) {
  enqueueJob(db, 'mail.send', { message }, { dedupeKey });
}

// ---------------------------------------------------------------------------------------------------------
// Token-bearing e-mails: jobs mint the token when they run (only its hash is stored; never in the job).

/** Job 'mail.verify-email': a new verification link (the previous one stops working). */
export async function sendVerificationMail(services: MailServices, payload: { userId: number }) {
  const user = services.db.select().from(users).where(eq(users.id, payload.userId)).get();
  if (!user || user.emailVerified) return;
  const token = generateToken();
  services.db.update(users).set({ emailVerificationToken: hashToken(token) }).where(eq(users.id, user.id)).run();
  const mail = verificationEmail({ brand: services.env.BRAND_NAME, name: user.name, url: link(services.env, '/verify-email', token) });
  await services.mailer.send({ to: user.email, ...mail, kind: 'verify-email' });
}

export const SET_PASSWORD_TTL_MS = SET_PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Job 'mail.set-password': a single-use link to choose a password (accounts made at guest checkout have none). */
export async function sendSetPasswordMail(services: MailServices, payload: { userId: number; reason?: 'access' | 'booking' }) {
  const user = services.db.select().from(users).where(eq(users.id, payload.userId)).get();
  if (!user || user.password) return;
  const token = generateToken();
  services.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS) }).run();
  const mail = setPasswordEmail({ brand: services.env.BRAND_NAME, name: user.name, url: `${link(services.env, '/reset-password', token)}&purpose=set`, reason: payload.reason ?? 'access' });
  await services.mailer.send({ to: user.email, kind: 'set-password', ...mail });
}

/** Job 'mail.password-reset': a single-use link, valid for an hour. */
export async function sendPasswordResetMail(services: MailServices, payload: { userId: number }) {
  const user = services.db.select().from(users).where(eq(users.id, payload.userId)).get();
  if (!user) return;
  const token = generateToken();
  services.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) }).run();
  const mail = passwordResetEmail({ brand: services.env.BRAND_NAME, name: user.name, url: link(services.env, '/reset-password', token) });
  await services.mailer.send({ to: user.email, ...mail, kind: 'password-reset' });
}

function passwordChangedMail(env: TEnv, user: { email: string; name: string }) {
  return { to: user.email, kind: 'password-changed', ...passwordChangedEmail({ brand: env.BRAND_NAME, name: user.name, supportEmail: env.SUPPORT_EMAIL }) };
}

// ---------------------------------------------------------------------------------------------------------
// Registration and sign-in

export async function register(ctx: Ctx, input: TRegisterInput & { email: string; password: string }) {
  enforceLimits(ctx.db, ctx.resHeaders, [[`register:ip:${ctx.ip}`, LIMITS.registerPerIp]], (m) => `Too many accounts created from this network. Please try again in ${minutesText(m)}.`);
  if (findUserByEmail(ctx.db, input.email)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });

  const passwordHash = await hashPassword(input.password);
  const user = ctx.db.transaction((tx) => {
    // Never an administrator: that role is granted only at boot (ADMIN_PASSWORD) or by `npm run admin:create`.
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
      })
      .onConflictDoNothing()
      .returning()
      .all();
    if (!row) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    tx.insert(userPreferences).values({ userId: row.id }).run();
    enqueueJob(tx, 'mail.verify-email', { userId: row.id });
    queueMail(tx, {
      to: row.email,
      kind: 'welcome',
      ...welcomeEmail({ brand: ctx.env.BRAND_NAME, name: row.name, appUrl: ctx.env.APP_URL!, supportEmail: ctx.env.SUPPORT_EMAIL, supportPhone: ctx.env.SUPPORT_PHONE }),
    });
    return row;
  });
  ctx.jobs.kick();
  startSession(ctx, user.id);
  return toPublicUser(getUser(ctx.db, user.id));
}

const TOO_MANY_SIGN_INS = (m: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(m)} or reset your password.`;

/**
 * Attempts are counted per e-mail and address together, and per address, before the password hash is checked:
 * 40 parallel guesses get at most the limit checked, and wrong passwords typed elsewhere never lock the
 * traveller out (the right password from an address that has not been failing goes through).
 */
export async function login(ctx: Ctx, input: { email: string; password: string }) {
  const pairKey = `login:pair:${input.email}|${ctx.ip}`;
  const ipKey = `login:ip:${ctx.ip}`;
  enforceLimits(
    ctx.db,
    ctx.resHeaders,
    [
      [pairKey, LIMITS.loginPerEmailAndIp],
      [ipKey, LIMITS.loginPerIp],
    ],
    TOO_MANY_SIGN_INS,
  );
  const user = findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  clear(ctx.db, pairKey);
  giveBack(ctx.db, ipKey);
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

/** Checks a signed-in user's current password, counting the attempt first (one limit per user). */
async function proveCurrentPassword(ctx: Ctx, user: UserRow, password: string | undefined) {
  if (!user.password) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your account signs in with Google. Use “Forgot password?” on the sign-in form to set a password first.' });
  }
  enforceLimits(ctx.db, ctx.resHeaders, [[`password-check:user:${user.id}`, LIMITS.passwordCheckPerUser]], (m) => `Too many failed attempts. Please try again in ${minutesText(m)}.`);
  if (!password || !(await verifyPassword(user.password, password))) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  clear(ctx.db, `password-check:user:${user.id}`);
}

export async function updateProfile(ctx: Ctx, userId: number, input: TUpdateProfileInput) {
  const current = getUser(ctx.db, userId);
  const patch: Partial<typeof users.$inferInsert> = {};
  for (const key of ['name', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key] ?? null;
  }
  const newEmail = input.email?.trim().toLowerCase();
  const emailChanged = newEmail !== undefined && newEmail !== current.email;
  if (emailChanged) {
    // Moving the account to another address needs proof it is the owner asking.
    if (!input.currentPassword) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Enter your current password to change your email.' });
    await proveCurrentPassword(ctx, current, input.currentPassword);
    const other = findUserByEmail(ctx.db, newEmail);
    if (other && other.id !== userId) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    // The configured administrator address is reserved: nobody moves onto it.
    if (ctx.env.ADMIN_EMAIL && ctx.env.ADMIN_EMAIL === newEmail) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    patch.email = newEmail;
    patch.emailVerified = 0;
    patch.emailVerificationToken = null;
  }
  ctx.db.transaction((tx) => {
    if (Object.keys(patch).length) tx.update(users).set(patch).where(eq(users.id, userId)).run();
    if (emailChanged) {
      enqueueJob(tx, 'mail.verify-email', { userId });
      // The old address hears of it, so a hijacked session cannot move the account away unnoticed.
      queueMail(tx, { to: current.email, kind: 'email-changed', ...emailChangedEmail({ brand: ctx.env.BRAND_NAME, name: current.name, newEmail: newEmail!, supportEmail: ctx.env.SUPPORT_EMAIL }) });
    }
  });
  if (emailChanged) ctx.jobs.kick();
  return toPublicUser(getUser(ctx.db, userId));
}

export async function changePassword(ctx: Ctx, userId: number, sessionId: number | undefined, input: TChangePasswordInput) {
  const user = getUser(ctx.db, userId);
  await proveCurrentPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.transaction((tx) => {
    tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId)).run();
    invalidateUserSessions(tx as unknown as DB, userId, sessionId);
    queueMail(tx, passwordChangedMail(ctx.env, user));
  });
  ctx.jobs.kick();
  return { success: true as const };
}

export async function resendVerification(ctx: Ctx, userId: number) {
  const user = getUser(ctx.db, userId);
  if (user.emailVerified) return { success: true as const, alreadyVerified: true };
  enforceLimits(ctx.db, ctx.resHeaders, [[`resend:user:${userId}`, LIMITS.resendPerUser]], (m) => `Too many verification e-mails requested. Please try again in ${minutesText(m)}.`);
  enqueueJob(ctx.db, 'mail.verify-email', { userId });
  ctx.jobs.kick();
  return { success: true as const, alreadyVerified: false };
}

export function verifyEmail(db: DB, token: string) {
  const user = db.select().from(users).where(eq(users.emailVerificationToken, hashToken(token))).get();
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This verification link is invalid or has already been used.' });
  db.update(users).set({ emailVerified: 1, emailVerificationToken: null }).where(eq(users.id, user.id)).run();
  return { success: true as const, email: user.email };
}

export const FORGOT_PASSWORD_MESSAGE = `If an account exists for that email, we have sent a link to reset the password. It expires in ${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'}.`;

export async function forgotPassword(ctx: Ctx, email: string) {
  enforceLimits(
    ctx.db,
    ctx.resHeaders,
    [
      [`forgot:email:${email}`, LIMITS.forgotPerEmail],
      [`forgot:ip:${ctx.ip}`, LIMITS.forgotPerIp],
    ],
    (m) => `Too many reset requests. Please try again in ${minutesText(m)}.`,
  );
  const user = findUserByEmail(ctx.db, email);
  if (user) {
    enqueueJob(ctx.db, 'mail.password-reset', { userId: user.id });
    ctx.jobs.kick();
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
    invalidateUserSessions(tx as unknown as DB, row.userId);
    const updated = tx.select().from(users).where(eq(users.id, row.userId)).get()!;
    queueMail(tx, passwordChangedMail(ctx.env, updated));
    return updated;
  });
  ctx.jobs.kick();
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

/**
 * The administrator account, at boot (ADMIN_EMAIL with ADMIN_PASSWORD) or from `npm run admin:create`: created
 * if missing; an account with that e-mail that is not an administrator (someone registered it) gets the
 * password reset and every session ended before it gains the role, so only the holder of the password is in.
 * Nothing else in the product grants the role.
 */
export async function ensureAdmin(db: DB, env: Pick<TEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, opts: { resetPassword?: boolean } = {}): Promise<'created' | 'granted' | 'reset' | 'exists' | 'skipped'> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return 'skipped';
  const email = env.ADMIN_EMAIL.toLowerCase();
  const existing = findUserByEmail(db, email);
  if (existing?.role === 'admin' && !opts.resetPassword) return 'exists';
  const password = await hashPassword(env.ADMIN_PASSWORD);
  return db.transaction((tx) => {
    const [row] = tx
      .insert(users)
      .values({ name: 'Administrator', email, password, role: 'admin', emailVerified: 1 })
      .onConflictDoUpdate({ target: users.email, set: { password, role: 'admin', emailVerified: 1, emailVerificationToken: null } })
      .returning({ id: users.id })
      .all();
    tx.insert(userPreferences).values({ userId: row!.id }).onConflictDoNothing().run();
    if (!existing) return 'created' as const;
    invalidateUserSessions(tx as unknown as DB, row!.id);
    tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, row!.id), isNull(passwordResetTokens.usedAt))).run();
    return existing.role === 'admin' ? ('reset' as const) : ('granted' as const);
  });
}

/** Whether any administrator exists (production refuses to start without one when ADMIN_EMAIL is set). */
export function adminExists(db: DB): boolean {
  return Boolean(db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1).get());
}

export type { Mailer };
