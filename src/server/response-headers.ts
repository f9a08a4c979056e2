// The headers a response carries beyond its body, from what the call asked (ResponseEffects, deps.ts: the session
// or guest cookie) and how it failed (an AppError's retry delay). Each transport writes them in one place: tRPC's
// responseMeta (trpc/init.ts), the REST adapter (rest/adapter.ts), the page renderer and Hono's error handler
// (app.ts). Services never touch headers.
import type { ResponseEffects } from './deps';
import { AppError } from './errors';
import { clearSessionCookie, guestCookie, sessionCookie } from './modules/auth/session';

/** The retry delay of an AppError, itself or as the cause of a TRPCError; the longest of several (a tRPC batch). */
export function retryAfterSeconds(errors: readonly unknown[]): number | undefined {
  let wait: number | undefined;
  for (const error of errors) {
    const app = error instanceof AppError ? error : (error as { cause?: unknown } | null)?.cause;
    if (app instanceof AppError && app.retryAfterSeconds !== undefined) wait = Math.max(wait ?? 0, app.retryAfterSeconds);
  }
  return wait;
}

export function responseHeaders(effects: ResponseEffects | undefined, errors: readonly unknown[], appUrl: string | undefined): Headers {
  const headers = new Headers();
  if (effects && appUrl) {
    if (effects.session === null) headers.append('Set-Cookie', clearSessionCookie(appUrl));
    else if (effects.session) headers.append('Set-Cookie', sessionCookie(effects.session.token, effects.session.expiresAt, appUrl));
    if (effects.guestToken) headers.append('Set-Cookie', guestCookie(effects.guestToken, appUrl));
  }
  const wait = retryAfterSeconds(errors);
  if (wait !== undefined) headers.set('Retry-After', String(wait));
  return headers;
}
