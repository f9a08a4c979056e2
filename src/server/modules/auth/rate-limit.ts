// Fixed-window abuse limits kept in the database (survive restarts, shared by every request path and server).
// An attempt is counted with one atomic upsert that returns the new count, before the work it guards (a
// password hash, an e-mail), so parallel requests, on one server or several, cannot all slip under the limit.
// Which procedures are limited, and how, is in one file: src/server/trpc/rate-limits.ts.
import { eq, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt against the key and returns the count in the current window: one
 * `insert ... on conflict (key) do update ... returning` statement, so concurrent attempts (any server) each
 * get their own count. An expired window starts again at 1 with the new reset time (`excluded.reset_at`).
 */
export async function consume(db: Pick<DB, 'insert'>, key: string, limit: Limit, now = Date.now()): Promise<{ count: number; resetAt: Date }> {
  const expired = lte(rateLimits.resetAt, new Date(now));
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now + limit.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/** Takes back one counted attempt (a sign-in that turned out right does not count against the address). */
export async function giveBack(db: Pick<DB, 'update'>, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`case when ${rateLimits.count} > 0 then ${rateLimits.count} - 1 else 0 end` })
    .where(eq(rateLimits.key, key));
}

export async function clear(db: Pick<DB, 'delete'>, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Counts an attempt against every key, then throws 429 with the seconds until the window reopens (sent as
 * Retry-After) when any of them is over its limit. The attempt counts even when refused, so hammering a limit
 * never reopens it.
 */
export async function enforceLimits(db: Pick<DB, 'insert'>, checks: readonly [key: string, limit: Limit][], message: (minutes: number) => string, now = Date.now()): Promise<void> {
  let wait = 0;
  for (const [key, limit] of checks) {
    const { count, resetAt } = await consume(db, key, limit, now);
    if (count > limit.max) wait = Math.max(wait, Math.ceil((resetAt.getTime() - now) / 1000));
  }
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', message(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
}

/** Counters whose window has ended carry nothing: deleted daily (one row per address would pile up). */
export async function pruneRateLimits(db: Pick<DB, 'delete'>, now = Date.now()): Promise<number> {
  return (
    await db
      .delete(rateLimits)
      .where(lte(rateLimits.resetAt, new Date(now)))
      .returning({ key: rateLimits.key })
  ).length;
}

export const minutesText = (m: number) => (m <= 1 ? '1 minute' : `${m} minutes`);
