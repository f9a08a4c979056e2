// Wallet passes over tRPC (and the REST table): Apple's .pkpass and Google's save link of one booking.
import { ZManageRef } from '@/shared/schemas/manage';
import { publicProcedure, router } from '../../trpc/init';
import { appleWalletPass, googleWalletLink } from './wallet.service';

export const walletRouter = router({
  /** The booking's signed .pkpass (base64; REST sends it as application/vnd.apple.pkpass). Owner or manage link. */
  apple: publicProcedure.input(ZManageRef).query(({ ctx, input }) => appleWalletPass(ctx, input)),
  /** The booking's "Save to Google Wallet" link. Owner or manage link. */
  google: publicProcedure.input(ZManageRef).query(({ ctx, input }) => googleWalletLink(ctx, input)),
});
