// Accounts over tRPC: thin procedures over auth.service.
import { z } from 'zod';
import {
  ZChangePasswordInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZPreferencesInput,
  ZRegisterInput,
  ZResetPasswordInput,
  ZUpdateProfileInput,
  ZVerifyEmailInput,
} from '@/shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as auth from './auth.service';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => auth.me(ctx.db, ctx.user?.id)),
  register: publicProcedure.input(ZRegisterInput).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(ZLoginInput).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => auth.logout(ctx)),
  changePassword: authedProcedure
    .input(ZChangePasswordInput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, ctx.user.id, ctx.session?.id, input)),
  verifyEmail: publicProcedure.input(ZVerifyEmailInput).mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token)),
  resendVerification: authedProcedure.mutation(({ ctx }) => auth.resendVerification(ctx, ctx.user.id)),
  forgotPassword: publicProcedure.input(ZForgotPasswordInput).mutation(({ ctx, input }) => auth.forgotPassword(ctx, input.email)),
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx, input.token, input.password)),
});

export const profileRouter = router({
  update: authedProcedure.input(ZUpdateProfileInput).mutation(({ ctx, input }) => auth.updateProfile(ctx, ctx.user.id, input)),
  preferences: authedProcedure.query(({ ctx }) => auth.getPreferences(ctx.db, ctx.user.id)),
  updatePreferences: authedProcedure
    .input(ZPreferencesInput)
    .mutation(({ ctx, input }) => auth.updatePreferences(ctx.db, ctx.user.id, auth.normalizePreferences(input))),
  credits: authedProcedure.input(z.void()).query(({ ctx }) => auth.creditSummary(ctx.db, ctx.user.id)),
});
