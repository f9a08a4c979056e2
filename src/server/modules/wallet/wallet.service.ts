// The wallet passes of a booking for its owner signed in or its manage link (anything else is 404, as on the
// manage page; a wallet with no keys configured is 404 too): the Apple .pkpass and the Google save link.
import type { Context } from '../../deps';
import type { TManageRef } from '@/shared/schemas/manage';
import { applePass, PKPASS_CONTENT_TYPE } from './apple-pass';
import { appleWalletConfig, googleWalletConfig, requireWallet } from './config';
import { googleSaveUrl } from './google-pass';
import { managedPassContent } from './pass-content';

type Ctx = Pick<Context, 'db' | 'user' | 'clock' | 'env'>;

/** GET /api/bookings/{n}/wallet/apple: the signed pass, as a file the REST layer sends as it is. */
export async function appleWalletPass(ctx: Ctx, ref: TManageRef) {
  const config = requireWallet(appleWalletConfig(ctx.env));
  const pass = await managedPassContent(ctx, ref);
  return {
    filename: `${pass.serial}.pkpass`,
    contentType: PKPASS_CONTENT_TYPE,
    lastModified: pass.lastModified,
    base64: applePass(config, pass).toString('base64'),
  };
}

/** GET /api/bookings/{n}/wallet/google: the "Save to Google Wallet" link (a signed JWT in the URL). */
export async function googleWalletLink(ctx: Ctx, ref: TManageRef) {
  const config = requireWallet(googleWalletConfig(ctx.env));
  const pass = await managedPassContent(ctx, ref);
  return { saveUrl: googleSaveUrl(config, pass, ctx.clock.now()) };
}
