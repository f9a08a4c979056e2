// Session tokens, cookies and the fixed-window limiter, on a throwaway database of this run's engine.
import { beforeEach, describe, expect, it } from 'vitest';
import { withTestDb } from '../../../../tests/support/test-app';
import type { DB } from '../../db/client';
import { users } from '../../db/schema';
import { clear, consume, enforceLimits, giveBack, pruneRateLimits } from './rate-limit';
import {
  createSession,
  deleteExpiredSessions,
  generateToken,
  hashToken,
  invalidateSession,
  isSecureOrigin,
  readCookie,
  SESSION_TTL_MS,
  sessionCookie,
  validateSessionToken,
} from './session';

const test = withTestDb();
let db: DB;
let userId: number;
beforeEach(async () => {
  db = test.db;
  userId = (await db.insert(users).values({ name: 'T', email: 't@example.com' }).returning())[0]!.id;
});

describe('session tokens', () => {
  it('are random, at least 160 bits, and stored only as SHA-256', () => {
    const a = generateToken();
    expect(a).toMatch(/^[a-z2-7]{40}$/); // 25 bytes = 200 bits
    expect(generateToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    // The standard SHA-256 digest, hex: sessions stored before any change of the hashing code still match.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('validate until expiry, extend in the second half of their life, then disappear', async () => {
    const t0 = Date.now();
    const { token } = await createSession(db, userId, t0);
    expect(await validateSessionToken(db, token, t0 + 1000)).toMatchObject({ refreshed: false, user: { id: userId } });
    const late = t0 + SESSION_TTL_MS / 2 + 1000;
    const extended = (await validateSessionToken(db, token, late))!;
    expect(extended.refreshed).toBe(true);
    expect(extended.session.expiresAt.getTime()).toBe(late + SESSION_TTL_MS);
    expect(await validateSessionToken(db, token, late + SESSION_TTL_MS + 1)).toBeNull();
    expect(await validateSessionToken(db, token, late)).toBeNull(); // the expired row was deleted
  });

  it('end everywhere once deleted: a session signed out elsewhere is not refreshed back to life', async () => {
    const t0 = Date.now();
    const { token, session } = await createSession(db, userId, t0);
    await invalidateSession(db, session.id);
    expect(await validateSessionToken(db, token, t0 + 1000)).toBeNull();
    expect(await validateSessionToken(db, token, t0 + SESSION_TTL_MS / 2 + 1000)).toBeNull();
  });

  it('sweeps expired sessions', async () => {
    const t0 = Date.now();
    await createSession(db, userId, t0 - SESSION_TTL_MS - 1);
    await createSession(db, userId, t0);
    expect(await deleteExpiredSessions(db, t0)).toBe(1);
  });
});

describe('cookies', () => {
  it('are Secure except on plain-http localhost', () => {
    expect(isSecureOrigin('http://localhost:3000')).toBe(false);
    expect(isSecureOrigin('https://parkpilot.example')).toBe(true);
    expect(isSecureOrigin('http://parkpilot.example')).toBe(true);
    expect(sessionCookie('tok', new Date(0), 'https://parkpilot.example')).toBe('pp_session=tok; HttpOnly; SameSite=Lax; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure');
  });

  it('are read by exact name', () => {
    expect(readCookie('a=1; pp_session=xyz; pp_session_old=q', 'pp_session')).toBe('xyz');
    expect(readCookie('other=1', 'pp_session')).toBeUndefined();
  });
});

describe('rate limits', () => {
  const limit = { max: 3, windowMs: 60_000 };
  it('count each attempt atomically, refuse past the limit with the seconds to wait, and start a new window', async () => {
    const now = Date.now();
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push((await consume(db, 'k', limit, now)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    await expect(enforceLimits(db, [['k', limit]], (m) => `wait ${m}`, now + 1000)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'wait 1', retryAfterSeconds: 59 });
    const renewed = await consume(db, 'k', limit, now + 60_000);
    expect(renewed.count).toBe(1); // a new window starts at 1
    expect(renewed.resetAt.getTime()).toBe(now + 120_000);
    await giveBack(db, 'k');
    expect((await consume(db, 'k', limit, now + 60_001)).count).toBe(1);
    await clear(db, 'k');
    expect((await consume(db, 'k', limit, now)).count).toBe(1);
  });

  it('give every one of many parallel attempts its own count', async () => {
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 20 }, () => consume(db, 'p', limit, now)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('prunes counters whose window has ended, and only those', async () => {
    const now = Date.now();
    await consume(db, 'old', limit, now - 120_000);
    await consume(db, 'live', limit, now);
    expect(await pruneRateLimits(db, now)).toBe(1);
    expect((await consume(db, 'live', limit, now)).count).toBe(2);
    expect((await consume(db, 'old', limit, now)).count).toBe(1);
  });
});
