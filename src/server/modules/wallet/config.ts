// Which wallets are on (their keys configured, all or none: env.ts) and the one secret-derived value a pass
// carries: its web-service token, an HMAC of the pass, so nothing to look it up by is ever stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TEnv } from '../../env';
import { AppError } from '../../errors';

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  certificates: { signerCert: string; signerKey: string; signerKeyPassphrase?: string; wwdr: string };
  authSecret: string;
  /** Where devices ask for a changed pass: Apple adds /v1/devices/... and /v1/passes/... (web-service.ts). */
  webServiceUrl: string;
  brand: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: string;
  appUrl: string;
  brand: string;
}

/** The path under which the PassKit web service answers (webServiceURL = APP_URL + this). */
export const WALLET_WEB_SERVICE_PATH = '/api/wallet';

export function appleWalletConfig(env: TEnv): AppleWalletConfig | null {
  const { APPLE_WALLET_PASS_TYPE_ID: passTypeId, APPLE_WALLET_TEAM_ID: teamId, APPLE_WALLET_CERT: cert, APPLE_WALLET_KEY: key, APPLE_WALLET_WWDR_CERT: wwdr } = env;
  if (!passTypeId || !teamId || !cert || !key || !wwdr || !env.APPLE_WALLET_AUTH_SECRET) return null;
  return {
    passTypeId,
    teamId,
    certificates: { signerCert: cert, signerKey: key, signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE, wwdr },
    authSecret: env.APPLE_WALLET_AUTH_SECRET,
    webServiceUrl: `${env.APP_URL}${WALLET_WEB_SERVICE_PATH}`,
    brand: env.BRAND_NAME,
  };
}

export function googleWalletConfig(env: TEnv): GoogleWalletConfig | null {
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: serviceAccountEmail, GOOGLE_WALLET_PRIVATE_KEY: privateKey } = env;
  if (!issuerId || !serviceAccountEmail || !privateKey) return null;
  return { issuerId, serviceAccountEmail, privateKey, appUrl: env.APP_URL!, brand: env.BRAND_NAME };
}

/** A wallet that is not configured does not exist for callers: the same 404 as any unknown path. */
export function requireWallet<T>(config: T | null): T {
  if (!config) throw new AppError('NOT_FOUND', 'Not found');
  return config;
}

/** The pass's authenticationToken: the same for a pass every time it is made, and useless for any other pass. */
export function passAuthToken(config: Pick<AppleWalletConfig, 'authSecret' | 'passTypeId'>, serial: string): string {
  return createHmac('sha256', config.authSecret).update(`apple-wallet-pass:${config.passTypeId}:${serial}`).digest('base64url');
}

/** Whether an `Authorization: ApplePass <token>` header holds this pass's token (constant time). */
export function passAuthorized(config: Pick<AppleWalletConfig, 'authSecret' | 'passTypeId'>, serial: string, header: string | undefined): boolean {
  const given = /^ApplePass (\S{16,200})$/.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = Buffer.from(passAuthToken(config, serial));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
