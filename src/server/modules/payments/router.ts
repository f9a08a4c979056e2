// Payments over tRPC: the detail-access fee (create, sandbox confirm, complete) and the access check.
import { ZCheckAccessInput, ZInformationAccessInput, ZPaymentIntentRef, ZSandboxCardInput } from '@/shared/schemas/payments';
import { publicProcedure, router } from '../../trpc/init';
import * as access from './access.service';

export const paymentsRouter = router({
  createInformationAccess: publicProcedure.input(ZInformationAccessInput).mutation(async ({ ctx, input }) => {
    const { access: answer, newGuestToken } = await access.createAccessPayment(ctx, input);
    // A guest browser's first payment: the transport sets its guest cookie.
    if (newGuestToken) ctx.response.guestToken = newGuestToken;
    return answer;
  }),
  confirmSandbox: publicProcedure.input(ZSandboxCardInput).mutation(({ ctx, input }) => access.confirmSandboxPayment(ctx, input)),
  completeInformationAccess: publicProcedure.input(ZPaymentIntentRef).mutation(({ ctx, input }) => access.completeAccessPayment(ctx, input.paymentIntentId)),
  checkAccess: publicProcedure.input(ZCheckAccessInput).query(async ({ ctx, input }) => ({ hasAccess: await access.hasAccess(ctx, ctx.user?.id, input.location) })),
});
