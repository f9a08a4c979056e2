// The mail jobs that carry a single-use token: each job mints its token when it runs (only the token's hash is
// stored, never in the job), so a retried job sends a fresh link.
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import type { Services } from '../../deps';
import type { TEnv } from '../../env';
import { passwordResetEmail, setPasswordEmail, verificationEmail } from '../../integrations/mailer';
import { RESET_LINK_HOURS, SET_PASSWORD_LINK_DAYS } from '@/shared/constants';
import { generateToken, hashToken } from './session';

type MailServices = Pick<Services, 'db' | 'env' | 'mailer'>;
const RESET_TTL_MS = RESET_LINK_HOURS * 60 * 60 * 1000;

function link(env: TEnv, path: string, token: string) {
  return `${env.APP_URL}${path}?token=${encodeURIComponent(token)}`;
}

/** Job 'mail.verify-email': a new verification link (the previous one stops working). */
export async function sendVerificationMail(services: MailServices, payload: { userId: number }) {
  const [user] = await services.db.select().from(users).where(eq(users.id, payload.userId));
  if (!user || user.emailVerified) return;
  const token = generateToken();
  await services.db
    .update(users)
    .set({ emailVerificationToken: hashToken(token) })
    .where(eq(users.id, user.id));
  const mail = verificationEmail({ brand: services.env.BRAND_NAME, name: user.name, url: link(services.env, '/verify-email', token) });
  await services.mailer.send({ to: user.email, ...mail, kind: 'verify-email' });
}

export const SET_PASSWORD_TTL_MS = SET_PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Job 'mail.set-password': a single-use link to choose a password (accounts made at guest checkout have none). */
export async function sendSetPasswordMail(services: MailServices, payload: { userId: number; reason?: 'access' | 'booking' }) {
  const [user] = await services.db.select().from(users).where(eq(users.id, payload.userId));
  if (!user || user.password) return;
  const token = generateToken();
  await services.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS) });
  const mail = setPasswordEmail({
    brand: services.env.BRAND_NAME,
    name: user.name,
    url: `${link(services.env, '/reset-password', token)}&purpose=set`,
    reason: payload.reason ?? 'access',
  });
  await services.mailer.send({ to: user.email, kind: 'set-password', ...mail });
}

/** Job 'mail.password-reset': a single-use link, valid for an hour. */
export async function sendPasswordResetMail(services: MailServices, payload: { userId: number }) {
  const [user] = await services.db.select().from(users).where(eq(users.id, payload.userId));
  if (!user) return;
  const token = generateToken();
  await services.db.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const mail = passwordResetEmail({ brand: services.env.BRAND_NAME, name: user.name, url: link(services.env, '/reset-password', token) });
  await services.mailer.send({ to: user.email, ...mail, kind: 'password-reset' });
}
