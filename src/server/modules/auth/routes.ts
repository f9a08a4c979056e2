// Browser-navigation auth routes: Google sign-in with arctic (PKCE; state and verifier in short-lived cookies).
import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic';
import { and, eq, sql } from 'drizzle-orm';
import type { Context as HonoContext, Hono } from 'hono';
import type { DB } from '../../db/client';
import { userPreferences, users } from '../../db/schema';
import type { TEnv } from '../../env';
import { findUserByEmail } from './auth.service';
import { claimGuestRecordsNow } from '../bookings/guest-records';
import { createSession, invalidateUserSessions, isSecureOrigin, readCookie, serializeCookie, sessionCookie } from './session';

const STATE_COOKIE = 'pp_google_state';
const VERIFIER_COOKIE = 'pp_google_verifier';
const OAUTH_COOKIE_SECONDS = 600;

export type GoogleOutcome = 'google_unavailable' | 'google_failed' | 'google_unverified' | 'google_link_unverified';

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/**
 * Finds or creates the user for verified Google claims. An existing account is linked only when Google says
 * the e-mail is verified AND the account proved that address itself (verified e-mail): otherwise whoever
 * typed the address at a guest checkout, or registered it first, would share the account with Google's user.
 * Linking ends the account's other sessions. Google sign-in never grants the administrator role.
 * Two callbacks at once (or a registration of the same address) are settled by the writes: the account is
 * inserted or nothing, the link is a conditional update, and whoever loses looks again.
 */
export async function userForGoogle(db: DB, claims: GoogleClaims, retries = 2): Promise<number | Exclude<GoogleOutcome, 'google_unavailable' | 'google_failed'>> {
  const [byGoogle] = await db.select({ id: users.id }).from(users).where(eq(users.googleId, claims.sub));
  if (byGoogle) return byGoogle.id;
  if (!claims.email || claims.email_verified !== true) return 'google_unverified';
  const email = claims.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.emailVerified) return 'google_link_unverified';
    const linked = await db.transaction(async (tx) => {
      // Still the verified owner of that address (it may have changed since the look above).
      const [row] = await tx
        .update(users)
        .set({ googleId: claims.sub, profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${claims.picture ?? null})` })
        .where(and(eq(users.id, existing.id), eq(users.email, email), eq(users.emailVerified, 1)))
        .returning({ id: users.id });
      if (row) await invalidateUserSessions(tx, row.id);
      return row;
    });
    if (linked) return linked.id;
  } else {
    const made = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: claims.name?.trim() || email.split('@')[0]!,
          email,
          googleId: claims.sub,
          authProvider: 'google',
          emailVerified: 1,
          profileImageUrl: claims.picture ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row) await tx.insert(userPreferences).values({ userId: row.id }).onConflictDoNothing();
      return row;
    });
    if (made) return made.id;
  }
  // Lost a race (the address or the Google account appeared, or the address changed): decide again.
  if (retries > 0) return userForGoogle(db, claims, retries - 1);
  return 'google_link_unverified';
}

export function mountAuthRoutes(app: Hono, deps: { db: DB; env: TEnv }) {
  const { db, env } = deps;
  const secure = isSecureOrigin(env.APP_URL!);
  const google = env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? new Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, `${env.APP_URL}/auth/google/callback`) : null;
  const home = (c: HonoContext, outcome?: GoogleOutcome) => c.redirect(outcome ? `/?auth_error=${outcome}` : '/', 302);
  const clearOauthCookies = (c: HonoContext) => {
    c.header('Set-Cookie', serializeCookie(STATE_COOKIE, '', { maxAge: 0, secure }), { append: true });
    c.header('Set-Cookie', serializeCookie(VERIFIER_COOKIE, '', { maxAge: 0, secure }), { append: true });
  };

  app.get('/auth/google', (c) => {
    if (!google) return home(c, 'google_unavailable');
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = google.createAuthorizationURL(state, verifier, ['openid', 'profile', 'email']);
    c.header('Set-Cookie', serializeCookie(STATE_COOKIE, state, { maxAge: OAUTH_COOKIE_SECONDS, secure }), { append: true });
    c.header('Set-Cookie', serializeCookie(VERIFIER_COOKIE, verifier, { maxAge: OAUTH_COOKIE_SECONDS, secure }), { append: true });
    return c.redirect(url.toString(), 302);
  });

  app.get('/auth/google/callback', async (c) => {
    if (!google) return home(c, 'google_unavailable');
    const cookies = c.req.header('cookie');
    const state = readCookie(cookies, STATE_COOKIE);
    const verifier = readCookie(cookies, VERIFIER_COOKIE);
    const code = c.req.query('code');
    clearOauthCookies(c);
    if (!code || !state || !verifier || c.req.query('state') !== state) return home(c, 'google_failed');

    let claims: GoogleClaims;
    try {
      const tokens = await google.validateAuthorizationCode(code, verifier);
      claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
      if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('id token without subject');
    } catch (err) {
      console.warn('Google sign-in failed:', err instanceof Error ? err.message : err);
      return home(c, 'google_failed');
    }
    const userId = await userForGoogle(db, claims);
    if (typeof userId !== 'number') return home(c, userId);
    // Google vouched for the address (and a linked account had proven it): the account takes what guests left under it.
    const [user] = await db.select({ id: users.id, email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
    if (user) await claimGuestRecordsNow(db, user);
    const { token, session } = await createSession(db, userId);
    c.header('Set-Cookie', sessionCookie(token, session.expiresAt, env.APP_URL!), { append: true });
    return home(c);
  });
}
