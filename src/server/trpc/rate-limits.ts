// Abuse limits as procedure builders, all in this file: which procedures are limited, by which keys, how many
// attempts per window, and what a refusal says. Each builder counts the attempt before the procedure runs (one
// atomic upsert per key, modules/auth/rate-limit.ts), so parallel attempts on any server cannot all slip under
// it, and past the limit refuses with 429 and the seconds to wait (an AppError's retryAfterSeconds, which the
// transport sends as Retry-After). The REST table calls the same procedures, so REST paths share the limits.
import type { z } from 'zod';
import { ZAnalyticsBatch } from '@/shared/schemas/admin';
import { ZForgotPasswordInput, ZLoginInput, ZRegisterInput } from '@/shared/schemas/auth';
import { ZBlogPostIdInput } from '@/shared/schemas/blog';
import { ZRequestManageLink } from '@/shared/schemas/manage';
import { clear, enforceLimits, giveBack, minutesText, type Limit } from '../modules/auth/rate-limit';
import { authedProcedure, publicProcedure, type Context } from './init';

const MINUTE = 60_000;
export const LIMITS = {
  /** Sign-in attempts for one e-mail from one address: wrong passwords elsewhere never lock a traveller out. */
  loginPerEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Current-password checks of a signed-in user (password or e-mail change). */
  passwordCheckPerUser: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 10, windowMs: 60 * MINUTE },
  resendPerUser: { max: 3, windowMs: 60 * MINUTE },
  /** Manage-link e-mails: per address, and per booking (whoever asks). */
  manageLinkPerIp: { max: 10, windowMs: 60 * MINUTE },
  manageLinkPerBooking: { max: 3, windowMs: 60 * MINUTE },
  /** Analytics batches (a page sends one every few seconds at most) and blog view counts. */
  analyticsPerIp: { max: 120, windowMs: MINUTE },
  blogViewsPerIp: { max: 30, windowMs: MINUTE },
} satisfies Record<string, Limit>;

/** A key to count against, its limit, and what a successful call does to it (start it again, or take this attempt back). */
type Check = [key: string, limit: Limit, onSuccess?: 'clear' | 'give-back'];

interface Rule<I> {
  checks: (ctx: Context, input: I) => Check[];
  message: (minutes: number) => string;
  /** A success that did nothing worth limiting (nothing was sent) takes its attempt back. */
  free?: (data: unknown) => boolean;
}

/** The middleware of a rule: count, refuse past the limit, run, then settle the keys of a success. */
function limited<I>(rule: Rule<I>) {
  return async <R extends { ok: true; data: unknown } | { ok: false }>({ ctx, input, next }: { ctx: Context; input: I; next: () => Promise<R> }): Promise<R> => {
    const checks = rule.checks(ctx, input);
    await enforceLimits(
      ctx.db,
      checks.map(([key, limit]) => [key, limit] as const),
      rule.message,
    );
    const result = await next();
    if (result.ok) {
      const free = rule.free?.(result.data) ?? false;
      for (const [key, , onSuccess] of checks) {
        if (onSuccess === 'clear') await clear(ctx.db, key);
        else if (onSuccess === 'give-back' || free) await giveBack(ctx.db, key);
      }
    }
    return result;
  };
}

/**
 * Sign-in: counted per e-mail and address together, and per address, before the password hash is checked: 40
 * parallel guesses get at most the limit checked, and wrong passwords typed elsewhere never lock the traveller
 * out (the right password from an address that has not been failing goes through). A sign-in that turned out
 * right starts its pair again and does not count against the address.
 */
export const signInProcedure = publicProcedure.input(ZLoginInput).use(
  limited<z.output<typeof ZLoginInput>>({
    checks: (ctx, input) => [
      [`login:pair:${input.email}|${ctx.ip}`, LIMITS.loginPerEmailAndIp, 'clear'],
      [`login:ip:${ctx.ip}`, LIMITS.loginPerIp, 'give-back'],
    ],
    message: (m) => `Too many failed sign-in attempts. Please try again in ${minutesText(m)} or reset your password.`,
  }),
);

export const registerProcedure = publicProcedure.input(ZRegisterInput).use(
  limited<unknown>({
    checks: (ctx) => [[`register:ip:${ctx.ip}`, LIMITS.registerPerIp]],
    message: (m) => `Too many accounts created from this network. Please try again in ${minutesText(m)}.`,
  }),
);

/**
 * A signed-in user's call that carries their current password (a password change; a profile update moving the
 * e-mail): counted per user before the hash is checked; a success starts the count again.
 */
export function passwordCheckProcedure<S extends z.ZodType<{ currentPassword?: string | undefined }>>(schema: S) {
  return authedProcedure.input(schema).use(
    limited<unknown>({
      checks: (ctx, input) => ((input as { currentPassword?: string }).currentPassword ? [[`password-check:user:${ctx.user!.id}`, LIMITS.passwordCheckPerUser, 'clear']] : []),
      message: (m) => `Too many failed attempts. Please try again in ${minutesText(m)}.`,
    }),
  );
}

export const resendVerificationProcedure = authedProcedure.use(
  limited<unknown>({
    checks: (ctx) => [[`resend:user:${ctx.user!.id}`, LIMITS.resendPerUser]],
    message: (m) => `Too many verification e-mails requested. Please try again in ${minutesText(m)}.`,
    free: (data) => (data as { alreadyVerified?: boolean }).alreadyVerified === true,
  }),
);

export const forgotPasswordProcedure = publicProcedure.input(ZForgotPasswordInput).use(
  limited<z.output<typeof ZForgotPasswordInput>>({
    checks: (ctx, input) => [
      [`forgot:email:${input.email}`, LIMITS.forgotPerEmail],
      [`forgot:ip:${ctx.ip}`, LIMITS.forgotPerIp],
    ],
    message: (m) => `Too many reset requests. Please try again in ${minutesText(m)}.`,
  }),
);

/** The answer is the same whether or not the booking exists; the limit counts every request. */
export const manageLinkProcedure = publicProcedure.input(ZRequestManageLink).use(
  limited<z.output<typeof ZRequestManageLink>>({
    checks: (ctx, input) => [
      [`manage-link:ip:${ctx.ip}`, LIMITS.manageLinkPerIp],
      [`manage-link:booking:${input.confirmationNumber}`, LIMITS.manageLinkPerBooking],
    ],
    message: (m) => `Too many link requests. Please try again in ${m} minute${m === 1 ? '' : 's'}.`,
  }),
);

/** A page sends a batch every few seconds at most: more from one address is a script filling the stats. */
export const analyticsProcedure = publicProcedure.input(ZAnalyticsBatch).use(
  limited<unknown>({
    checks: (ctx) => [[`analytics:ip:${ctx.ip}`, LIMITS.analyticsPerIp]],
    message: () => 'Too many analytics events from this address.',
  }),
);

/** Views count once per visitor per post per half hour; one address cannot count hundreds of posts a minute. */
export const blogViewProcedure = publicProcedure.input(ZBlogPostIdInput).use(
  limited<unknown>({
    checks: (ctx) => [[`blog-view:ip:${ctx.ip}`, LIMITS.blogViewsPerIp]],
    message: (m) => `Too many requests. Please try again in ${minutesText(m)}.`,
  }),
);
