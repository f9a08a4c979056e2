// The parking assistant over tRPC: one procedure for the parking chat and the SEO-page chat (with context).
import { ZChatInput } from '@/shared/schemas/chat';
import { publicProcedure, router } from '../../trpc/init';
import { locationChat, parkingChat } from './chat.service';

export const chatRouter = router({
  send: publicProcedure
    .input(ZChatInput)
    .mutation(async ({ ctx, input }) =>
      input.context ? await locationChat(ctx, { ...input, context: input.context }, ctx.clock.now()) : await parkingChat(ctx, input, ctx.clock.now()),
    ),
});
