// Fixed-window abuse limits kept in the database (survive restarts, shared by every request path).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 10, windowMs: 60 * MINUTE },
  resendPerUser: { max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** Seconds until the key may be used again, or 0 when it is under its limit. */
export function retryAfter(db: DB, key: string, limit: Limit, now = Date.now()): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.resetAt.getTime() <= now || row.count < limit.max) return 0;
  return Math.ceil((row.resetAt.getTime() - now) / 1000);
}

/** Counts one attempt against the key. */
export function hit(db: DB, key: string, limit: Limit, now = Date.now()): void {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.resetAt.getTime() <= now) {
    db.insert(rateLimits)
      .values({ key, count: 1, resetAt: new Date(now + limit.windowMs) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: new Date(now + limit.windowMs) } })
      .run();
  } else {
    db.update(rateLimits).set({ count: row.count + 1 }).where(eq(rateLimits.key, key)).run();
  }
}

export function clear(db: DB, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** Throws 429 (with Retry-After) when any of the keys is over its limit. */
export function assertUnderLimit(
  db: DB,
  resHeaders: Headers,
  checks: readonly [key: string, limit: Limit][],
  message: (minutes: number) => string,
): void {
  const wait = Math.max(0, ...checks.map(([key, limit]) => retryAfter(db, key, limit)));
  if (wait > 0) {
    resHeaders.set('Retry-After', String(wait));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(Math.ceil(wait / 60)) });
  }
}

export const minutesText = (m: number) => (m <= 1 ? '1 minute' : `${m} minutes`);
