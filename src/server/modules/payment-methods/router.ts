// Saved cards over tRPC: list, add, remove, set default, and the sandbox's card-to-payment-method step.
import { ZAddPaymentMethodInput, ZPaymentMethodRef, ZSandboxPaymentMethodInput } from '@/shared/schemas/payment-methods';
import { authedProcedure, router } from '../../trpc/init';
import * as service from './payment-methods.service';

export const paymentMethodsRouter = router({
  list: authedProcedure.query(({ ctx }) => service.listPaymentMethods(ctx)),
  add: authedProcedure.input(ZAddPaymentMethodInput).mutation(({ ctx, input }) => service.addPaymentMethod(ctx, input)),
  remove: authedProcedure.input(ZPaymentMethodRef).mutation(({ ctx, input }) => service.removePaymentMethod(ctx, input.id)),
  setDefault: authedProcedure.input(ZPaymentMethodRef).mutation(({ ctx, input }) => service.setDefaultPaymentMethod(ctx, input.id)),
  createSandbox: authedProcedure.input(ZSandboxPaymentMethodInput).mutation(({ ctx, input }) => service.createSandboxPaymentMethod(ctx, input)),
});
