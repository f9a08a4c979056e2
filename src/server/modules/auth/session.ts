// Sessions after the Lucia guide: a random token in an HttpOnly cookie, only its SHA-256 in the database,
// 30-day expiry extended when less than half remains, expired rows deleted.
import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { bound, prepared, type DB } from '../../db/client';
import { users, userSessions } from '../../db/schema';
import type { SessionUser } from '../../deps';
import { randomBytesPooled } from '../../random';

export const SESSION_COOKIE = 'pp_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** 200 random bits, base32 encoded. */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytesPooled(25));
}

/** The token's SHA-256, hex (node:crypto: a tenth of the pure-JS hash's CPU, the same digest). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface Session {
  id: number;
  userId: number;
  expiresAt: Date;
}

export async function createSession(db: DB, userId: number, now = Date.now()): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const [row] = await db
    .insert(userSessions)
    .values({ userId, sessionToken: hashToken(token), expiresAt })
    .returning({ id: userSessions.id });
  return { token, session: { id: row!.id, userId, expiresAt } };
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** True when the expiry moved forward and the cookie must be sent again. */
  refreshed: boolean;
}

// Every signed-in request runs it: built once (db/client.ts, prepared). One read (one round trip on PostgreSQL),
// the user's fields as subqueries on its primary key rather than a join: on SQLite a joined read is planned
// again on every run (STAT4 and a bound value), several times its cost, while this one is planned as the
// session's own look-up.
const sessionUserColumn = <C extends typeof users.name | typeof users.email | typeof users.role>(column: C) =>
  sql<C['_']['data']>`(select ${column} from ${users} where ${users.id} = ${userSessions.userId})`;
const sessionByHash = prepared((db) =>
  db
    .select({
      id: userSessions.id,
      userId: userSessions.userId,
      expiresAt: userSessions.expiresAt,
      name: sessionUserColumn(users.name),
      email: sessionUserColumn(users.email),
      role: sessionUserColumn(users.role),
    })
    .from(userSessions)
    .where(eq(userSessions.sessionToken, bound('hash', userSessions.sessionToken)))
    .prepare('session_by_hash'),
);

/**
 * Looks the session up in the database on every request (no cache), so signing out or a password change on
 * one server ends the session on all of them.
 */
export async function validateSessionToken(db: DB, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return null;
  const [row] = await sessionByHash(db).execute({ hash: hashToken(token) });
  if (!row || row.email === null) return null; // (a session's user is never missing: its rows go with the account)
  if (now >= row.expiresAt.getTime()) {
    await db.delete(userSessions).where(eq(userSessions.id, row.id));
    return null;
  }
  let expiresAt = row.expiresAt;
  let refreshed = false;
  if (now >= expiresAt.getTime() - SESSION_TTL_MS / 2) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    // Ended (signed out elsewhere) between the look-up and here: no row comes back, and nobody is signed in.
    const [still] = await db.update(userSessions).set({ expiresAt }).where(eq(userSessions.id, row.id)).returning({ id: userSessions.id });
    if (!still) return null;
    refreshed = true;
  }
  return {
    session: { id: row.id, userId: row.userId, expiresAt },
    user: { id: row.userId, name: row.name, email: row.email, role: row.role },
    refreshed,
  };
}

export async function invalidateSession(db: DB, sessionId: number): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** Ends every session of a user, except one (the current one) when given. */
export async function invalidateUserSessions(db: DB, userId: number, exceptSessionId?: number): Promise<void> {
  await db.delete(userSessions).where(exceptSessionId ? and(eq(userSessions.userId, userId), ne(userSessions.id, exceptSessionId)) : eq(userSessions.userId, userId));
}

/** Deletes the sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: DB, now = Date.now()): Promise<number> {
  return (
    await db
      .delete(userSessions)
      .where(lt(userSessions.expiresAt, new Date(now)))
      .returning({ id: userSessions.id })
  ).length;
}

/** Set-Cookie value for a session; `Secure` everywhere but plain-http localhost. */
export function sessionCookie(token: string, expiresAt: Date, appUrl: string): string {
  return serializeCookie(SESSION_COOKIE, token, { expires: expiresAt, secure: isSecureOrigin(appUrl) });
}

export function clearSessionCookie(appUrl: string): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAge: 0, secure: isSecureOrigin(appUrl) });
}

export function isSecureOrigin(appUrl: string): boolean {
  const url = new URL(appUrl);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

export function serializeCookie(name: string, value: string, opts: { expires?: Date; maxAge?: number; secure: boolean; path?: string }): string {
  const parts = [`${name}=${value}`, 'HttpOnly', 'SameSite=Lax', `Path=${opts.path ?? '/'}`];
  if (opts.expires) parts.push(`Expires=${opts.expires.toUTCString()}`);
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** A guest browser's own token (never a session): lets the browser that paid an access fee see what it paid for. */
export const GUEST_COOKIE = 'pp_guest';
const GUEST_COOKIE_SECONDS = 90 * 24 * 60 * 60;

export function guestCookie(token: string, appUrl: string): string {
  return serializeCookie(GUEST_COOKIE, token, { maxAge: GUEST_COOKIE_SECONDS, secure: isSecureOrigin(appUrl) });
}
