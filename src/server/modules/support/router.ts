// Support over tRPC: the support chat and the actions on a booking (signed in; owner only).
import { ZSupportActionInput, ZSupportChatInput } from '@/shared/schemas/chat';
import { authedProcedure, router } from '../../trpc/init';
import * as support from './support.service';

export const supportRouter = router({
  chat: authedProcedure.input(ZSupportChatInput).mutation(({ ctx, input }) => support.supportChat(ctx, input)),
  refund: authedProcedure.input(ZSupportActionInput).mutation(({ ctx, input }) => support.refundAction(ctx, input)),
  receipt: authedProcedure.input(ZSupportActionInput).mutation(({ ctx, input }) => support.receiptAction(ctx, input)),
  contactProperty: authedProcedure.input(ZSupportActionInput).mutation(({ ctx, input }) => support.contactPropertyAction(ctx, input)),
});
