// Session tokens, cookies and the fixed-window limiter, on an in-memory database.
import { beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DB } from '../../db/client';
import { users } from '../../db/schema';
import { clear, consume, enforceLimits, giveBack } from './rate-limit';
import {
  createSession,
  deleteExpiredSessions,
  generateToken,
  hashToken,
  isSecureOrigin,
  readCookie,
  SESSION_TTL_MS,
  sessionCookie,
  validateSessionToken,
} from './session';

let db: DB;
let userId: number;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  userId = db.insert(users).values({ name: 'T', email: 't@example.com' }).returning().all()[0]!.id;
});

describe('session tokens', () => {
  it('are random, at least 160 bits, and stored only as SHA-256', () => {
    const a = generateToken();
    expect(a).toMatch(/^[a-z2-7]{40}$/); // 25 bytes = 200 bits
    expect(generateToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validate until expiry, extend in the second half of their life, then disappear', () => {
    const t0 = Date.now();
    const { token } = createSession(db, userId, t0);
    expect(validateSessionToken(db, token, t0 + 1000)).toMatchObject({ refreshed: false, user: { id: userId } });
    const late = t0 + SESSION_TTL_MS / 2 + 1000;
    const extended = validateSessionToken(db, token, late)!;
    expect(extended.refreshed).toBe(true);
    expect(extended.session.expiresAt.getTime()).toBe(late + SESSION_TTL_MS);
    expect(validateSessionToken(db, token, late + SESSION_TTL_MS + 1)).toBeNull();
    expect(validateSessionToken(db, token, late)).toBeNull(); // the expired row was deleted
  });

  it('sweeps expired sessions', () => {
    const t0 = Date.now();
    createSession(db, userId, t0 - SESSION_TTL_MS - 1);
    createSession(db, userId, t0);
    expect(deleteExpiredSessions(db, t0)).toBe(1);
  });
});

describe('cookies', () => {
  it('are Secure except on plain-http localhost', () => {
    expect(isSecureOrigin('http://localhost:3000')).toBe(false);
    expect(isSecureOrigin('https://parkpilot.example')).toBe(true);
    expect(isSecureOrigin('http://parkpilot.example')).toBe(true);
    expect(sessionCookie('tok', new Date(0), 'https://parkpilot.example')).toBe(
      'pp_session=tok; HttpOnly; SameSite=Lax; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    );
  });

  it('are read by exact name', () => {
    expect(readCookie('a=1; pp_session=xyz; pp_session_old=q', 'pp_session')).toBe('xyz');
    expect(readCookie('other=1', 'pp_session')).toBeUndefined();
  });
});

describe('rate limits', () => {
  const limit = { max: 3, windowMs: 60_000 };
  it('count each attempt atomically, refuse past the limit with Retry-After, and start a new window', () => {
    const now = Date.now();
    expect([1, 2, 3, 4].map(() => consume(db, 'k', limit, now).count)).toEqual([1, 2, 3, 4]);
    const headers = new Headers();
    expect(() => enforceLimits(db, headers, [['k', limit]], (m) => `wait ${m}`, now + 1000)).toThrow('wait 1');
    expect(headers.get('Retry-After')).toBe('59');
    expect(consume(db, 'k', limit, now + 60_000).count).toBe(1); // a new window starts at 1
    giveBack(db, 'k');
    expect(consume(db, 'k', limit, now + 60_001).count).toBe(1);
    clear(db, 'k');
    expect(consume(db, 'k', limit, now).count).toBe(1);
  });
});
