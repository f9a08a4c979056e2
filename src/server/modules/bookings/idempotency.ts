// Idempotency-Key handling: the first request with a key runs; repeats (even concurrent ones) wait for it and
// get the same outcome, so a double-clicked or retried checkout books and charges once.
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import superjson from 'superjson';
import type { DB } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** Outcomes worth replaying: the request was understood and answered (server faults may be retried). */
const REPLAYED_ERRORS = new Set(['BAD_REQUEST', 'PAYMENT_REQUIRED', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);
const STALE_MS = 5 * 60_000;
const WAIT_MS = 30_000;

type Stored = { ok: true; data: unknown } | { ok: false; code: TRPCError['code']; message: string };

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export async function withIdempotency<T>(db: DB, scope: string, key: string, hash: string, run: () => Promise<T>): Promise<T> {
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const claim = () => db.insert(idempotencyKeys).values({ key, scope, requestHash: hash, status: 'in_progress' }).onConflictDoNothing().run().changes === 1;

  let owner = claim();
  const deadline = Date.now() + WAIT_MS;
  while (!owner) {
    const row = db.select().from(idempotencyKeys).where(where).get();
    if (!row) {
      owner = claim();
      continue;
    }
    if (row.requestHash !== hash) {
      throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: 'This Idempotency-Key was already used for a different request.' });
    }
    if (row.status === 'completed') {
      const stored = superjson.parse<Stored>(row.responseBody!);
      if (stored.ok) return stored.data as T;
      throw new TRPCError({ code: stored.code, message: stored.message });
    }
    if (Date.now() - row.createdAt.getTime() > STALE_MS) {
      // The first request died mid-way (its payment hold has expired by now): let this one run.
      db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 'in_progress'))).run();
      continue;
    }
    if (Date.now() > deadline) {
      throw new TRPCError({ code: 'CONFLICT', message: 'This booking is still being processed. Please check your booking history in a moment.' });
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const finish = (stored: Stored, status: number) =>
    db.update(idempotencyKeys).set({ status: 'completed', responseStatus: status, responseBody: superjson.stringify(stored) }).where(where).run();
  try {
    const data = await run();
    finish({ ok: true, data }, 200);
    return data;
  } catch (err) {
    if (err instanceof TRPCError && REPLAYED_ERRORS.has(err.code)) finish({ ok: false, code: err.code, message: err.message }, 400);
    else db.delete(idempotencyKeys).where(where).run();
    throw err;
  }
}
