// Accounts over tRPC: thin procedures over auth.service (their abuse limits are in trpc/rate-limits.ts).
import { z } from 'zod';
import { ZChangePasswordInput, ZPreferencesInput, ZResetPasswordInput, ZUpdateProfileInput, ZVerifyEmailInput } from '@/shared/schemas/auth';
import { authedProcedure, publicProcedure, router, type Context } from '../../trpc/init';
import { forgotPasswordProcedure, passwordCheckProcedure, registerProcedure, resendVerificationProcedure, signInProcedure } from '../../trpc/rate-limits';
import * as auth from './auth.service';

/** The user goes in the answer; the new session's token only into the cookie the transport writes. */
function signedIn(ctx: Context, { user, session }: { user: auth.TPublicUser; session: auth.NewSession }) {
  ctx.response.session = session;
  return user;
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => auth.me(ctx.db, ctx.user?.id)),
  register: registerProcedure.mutation(async ({ ctx, input }) => signedIn(ctx, await auth.register(ctx, input))),
  login: signInProcedure.mutation(async ({ ctx, input }) => signedIn(ctx, await auth.login(ctx, input))),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const out = await auth.logout(ctx);
    ctx.response.session = null;
    return out;
  }),
  changePassword: passwordCheckProcedure(ZChangePasswordInput).mutation(({ ctx, input }) => auth.changePassword(ctx, ctx.user.id, ctx.session?.id, input)),
  verifyEmail: publicProcedure.input(ZVerifyEmailInput).mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token)),
  resendVerification: resendVerificationProcedure.mutation(({ ctx }) => auth.resendVerification(ctx, ctx.user.id)),
  forgotPassword: forgotPasswordProcedure.mutation(({ ctx, input }) => auth.forgotPassword(ctx, input.email)),
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx, input.token, input.password)),
});

export const profileRouter = router({
  update: passwordCheckProcedure(ZUpdateProfileInput).mutation(({ ctx, input }) => auth.updateProfile(ctx, ctx.user.id, input)),
  preferences: authedProcedure.query(({ ctx }) => auth.getPreferences(ctx.db, ctx.user.id)),
  updatePreferences: authedProcedure.input(ZPreferencesInput).mutation(({ ctx, input }) => auth.updatePreferences(ctx.db, ctx.user.id, auth.normalizePreferences(input))),
  credits: authedProcedure.input(z.void()).query(({ ctx }) => auth.creditSummary(ctx.db, ctx.user.id)),
});
