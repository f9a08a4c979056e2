// Idempotency-Key for checkout. The first request with a key owns it; the booking it makes is recorded
// against the key in the transaction that makes it (a checkout's new key is written there, with the booking it
// names: see withFreshIdempotencyKey in paid-hold.ts), and the outcome (the confirmed booking, or a refusal) is
// stored in the transaction that settles the booking. So a repeat, whatever state the first request died in,
// replays the outcome, waits for a live owner, or takes over from a dead one and resumes that same booking;
// the charge's own idempotency key derives from the client's, so the gateway never charges twice.
import { createHash } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { bound, prepared, type DB } from '../../db/client';
import { isUniqueViolation } from '../../db/dialect';
import { lastTrip } from '../../db/pg-trips';
import { idempotencyKeys } from '../../db/schema';
import { AppError, AuthenticationRequired, type AppErrorCode } from '../../errors';
import { randomHex } from '../../random';

/** Outcomes worth replaying: the request was understood and answered (server faults may be retried). */
export const REPLAYED_ERRORS = new Set<AppErrorCode>(['BAD_REQUEST', 'PAYMENT_REQUIRED', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);
/** A request that has not touched its key for this long is presumed dead, and a repeat may take over. */
export const KEY_LEASE_MS = 2 * 60_000;
const WAIT_MS = 30_000;

export type StoredOutcome = { ok: true; data: unknown } | { ok: false; code: AppErrorCode; message: string };

export type KeyClaim = { kind: 'owner'; rowId: number; owner: string; bookingId: number | null; changeId: number | null } | { kind: 'replay'; outcome: StoredOutcome };
export type OwnerClaim = Extract<KeyClaim, { kind: 'owner' }>;

/**
 * A key no request is known to have used (most are): not written yet. The hold's transaction writes it, naming
 * what it made (`linkKeyToBooking`), so a checkout writes its key in the statement that links it; `rowId` is set
 * then. A key that turns out to be in use rolls the hold back with KeyInUse (see withFreshIdempotencyKey).
 */
export type FreshKey = { kind: 'fresh'; scope: string; key: string; hash: string; owner: string; rowId: number | null };

export const freshKey = (key: { scope: string; key: string; hash: string }): FreshKey => ({ kind: 'fresh', ...key, owner: randomHex(12), rowId: null });

/** A fresh key's hold found the key written by another request (or an earlier one): its transaction is undone. */
export class KeyInUse extends Error {
  constructor() {
    super('This Idempotency-Key is in use.');
  }
}

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The gateway's idempotency key for a booking's charge: derived from the client's key, never the key itself. */
export function paymentKeyFor(scope: string, key: string): string {
  return `booking-${createHash('sha256').update(`${scope}\n${key}`).digest('hex').slice(0, 40)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Owns the key (new, or taken over from a dead request), or returns the stored outcome to replay. */
export async function claimKey(db: DB, scope: string, key: string, hash: string, now = () => new Date()): Promise<KeyClaim> {
  const owner = randomHex(12);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // Insert-or-nothing: of any number of requests with this key, on any server, exactly one inserts it.
    const [inserted] = await insertKey(db).execute({ key, scope, hash, owner, bookingId: null, createdAt: new Date(), updatedAt: now() });
    if (inserted) return { kind: 'owner', rowId: inserted.id, owner, bookingId: null, changeId: null };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) continue;
    if (row.requestHash !== hash) {
      throw new AppError('UNPROCESSABLE_CONTENT', 'This Idempotency-Key was already used for a different request.');
    }
    if (row.status === 'completed') return { kind: 'replay', outcome: decodeOutcome(row.responseBody!) };

    const touched = (row.updatedAt ?? row.createdAt).getTime();
    if (now().getTime() - touched > KEY_LEASE_MS) {
      // The owner died (or gave the key up): take over with a compare-and-set, so only one repeat does.
      const [took] = await db
        .update(idempotencyKeys)
        .set({ owner, updatedAt: now() })
        .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.status, 'in_progress'), row.owner ? eq(idempotencyKeys.owner, row.owner) : isNull(idempotencyKeys.owner)))
        .returning({ bookingId: idempotencyKeys.bookingId, changeId: idempotencyKeys.changeId });
      if (took) return { kind: 'owner', rowId: row.id, owner, bookingId: took.bookingId, changeId: took.changeId };
      continue;
    }
    if (Date.now() > deadline) {
      throw new AppError('CONFLICT', 'This booking is still being processed. Please check your booking history in a moment.');
    }
    await sleep(50);
  }
}

/** A key's row as written, every value a placeholder. */
const keyRow = () => ({
  key: sql.placeholder('key'),
  scope: sql.placeholder('scope'),
  requestHash: sql.placeholder('hash'),
  status: 'in_progress' as const,
  owner: sql.placeholder('owner'),
  bookingId: sql.placeholder('bookingId'),
  createdAt: sql.placeholder('createdAt'),
  updatedAt: sql.placeholder('updatedAt'),
});

// What every checkout with a key runs: built once (db/client.ts, prepared).
const insertKey = prepared((db) => db.insert(idempotencyKeys).values(keyRow()).onConflictDoNothing().returning({ id: idempotencyKeys.id }).prepare('idempotency_key_insert'));

/** The same insert for a hold's fresh key, written with the hold's COMMIT: a key in use fails it (a unique violation). */
const insertFreshKey = prepared((db) => db.insert(idempotencyKeys).values(keyRow()).returning({ id: idempotencyKeys.id }).prepare('idempotency_key_insert_fresh'));

const linkKeyTo = (column: 'bookingId' | 'changeId') =>
  prepared((db) =>
    db
      .update(idempotencyKeys)
      .set({ [column]: bound('made', idempotencyKeys[column]), updatedAt: bound('now', idempotencyKeys.updatedAt) })
      .where(
        and(eq(idempotencyKeys.id, bound('id', idempotencyKeys.id)), eq(idempotencyKeys.owner, bound('owner', idempotencyKeys.owner)), eq(idempotencyKeys.status, 'in_progress')),
      )
      .returning({ id: idempotencyKeys.id })
      .prepare(`idempotency_key_link_${column}`),
  );
const linkBooking = linkKeyTo('bookingId');
const linkChange = linkKeyTo('changeId');

/**
 * In the transaction that makes a hold (a booking, or a change of one): the key now names what it made, so a
 * repeat resumes that row. Throws (rolling the hold back) if the key was lost to another request.
 */
async function linkKey(tx: Pick<DB, 'update'>, claim: OwnerClaim, link: typeof linkBooking, made: number, lost: string): Promise<void> {
  const linked = await link(tx).execute({ made, now: new Date(), id: claim.rowId, owner: claim.owner });
  if (!linked.length) throw new AppError('CONFLICT', lost);
}

/**
 * The key names the booking its hold made, as the hold's last statement. A fresh key is written here, with the
 * hold's COMMIT in the same round trip on PostgreSQL (db/pg-trips.ts, lastTrip): so nothing may follow it in the
 * transaction. Written by another request meanwhile, it fails the hold (a unique violation: KeyInUse).
 */
export async function linkKeyToBookingLast(tx: Pick<DB, 'update' | 'insert'>, claim: OwnerClaim | FreshKey, bookingId: number): Promise<void> {
  if (claim.kind === 'owner') return linkKey(tx, claim, linkBooking, bookingId, 'This booking is already being processed. Please check your booking history in a moment.');
  const now = new Date();
  const values = { key: claim.key, scope: claim.scope, hash: claim.hash, owner: claim.owner, bookingId, createdAt: now, updatedAt: now };
  try {
    const [[written]] = await lastTrip(tx, [() => insertFreshKey(tx).execute(values)]);
    claim.rowId = written!.id;
  } catch (err) {
    throw isUniqueViolation(err) ? new KeyInUse() : err;
  }
}

export const linkKeyToChange = (tx: Pick<DB, 'update'>, claim: OwnerClaim, changeId: number) =>
  linkKey(tx, claim, linkChange, changeId, 'This change is already being processed. Please reload the booking in a moment.');

/** Stores the outcome of the key found by its row, its booking or its change: built once each (db/client.ts, prepared). */
const storeOutcomeBy = (column: 'id' | 'bookingId' | 'changeId') =>
  prepared((db) =>
    db
      .update(idempotencyKeys)
      .set({
        status: 'completed',
        responseStatus: bound('status', idempotencyKeys.responseStatus),
        responseBody: bound('body', idempotencyKeys.responseBody),
        updatedAt: bound('now', idempotencyKeys.updatedAt),
      })
      .where(and(eq(idempotencyKeys[column], bound('by', idempotencyKeys[column])), eq(idempotencyKeys.status, 'in_progress')))
      .prepare(`idempotency_key_complete_by_${column}`),
  );
const storeById = storeOutcomeBy('id');
const storeByBooking = storeOutcomeBy('bookingId');
const storeByChange = storeOutcomeBy('changeId');

async function storeOutcome(tx: Pick<DB, 'update'>, store: typeof storeById, by: number, outcome: StoredOutcome): Promise<void> {
  await store(tx).execute({ by, status: outcome.ok ? 200 : 400, body: encodeOutcome(outcome), now: new Date() });
}

/** A stored outcome as JSON, each date as `{"$date": ms}`: a fifth of superjson's CPU, on every paid request. */
export function encodeOutcome(outcome: StoredOutcome): string {
  return JSON.stringify(outcome, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key]; // before Date's toJSON made it a string
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

const isTaggedDate = (value: unknown): value is { $date: number } =>
  typeof value === 'object' && value !== null && typeof (value as { $date?: unknown }).$date === 'number' && Object.keys(value).length === 1;

/** The outcome as stored: by encodeOutcome, or by superjson (keys completed before it, `{"json": ...}`). */
export function decodeOutcome(body: string): StoredOutcome {
  if (body.startsWith('{"json":')) return superjson.parse<StoredOutcome>(body);
  return JSON.parse(body, (_key, value: unknown) => (isTaggedDate(value) ? new Date(value.$date) : value)) as StoredOutcome;
}

/** In the transaction that settles a change (applied, or released): the key replays this from now on. */
export async function completeKeyForChange(tx: Pick<DB, 'update'>, changeId: number, outcome: StoredOutcome): Promise<void> {
  await storeOutcome(tx, storeByChange, changeId, outcome);
}

/** In the transaction that settles a booking (confirmed, or released): the key replays this from now on. */
export async function completeKeyForBooking(tx: Pick<DB, 'update'>, bookingId: number, outcome: StoredOutcome): Promise<void> {
  await storeOutcome(tx, storeByBooking, bookingId, outcome);
}

/** A refusal before any booking existed (sold out, say). */
export async function completeKey(db: Pick<DB, 'update'>, rowId: number, outcome: StoredOutcome): Promise<void> {
  await storeOutcome(db, storeById, rowId, outcome);
}

/** Whether the key's row is there and still this request's (a fresh key's hold may have been rolled back after writing it). */
export async function ownsKey(db: Pick<DB, 'select'>, claim: Pick<OwnerClaim, 'rowId' | 'owner'>): Promise<boolean> {
  const [row] = await db.select({ owner: idempotencyKeys.owner }).from(idempotencyKeys).where(eq(idempotencyKeys.id, claim.rowId));
  return row?.owner === claim.owner;
}

/** The request stops working on the key without an outcome (the gateway did not answer): a repeat may resume now. */
export async function releaseKey(db: Pick<DB, 'update'>, claim: Pick<OwnerClaim, 'rowId' | 'owner'>): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ updatedAt: new Date(0) })
    .where(and(eq(idempotencyKeys.id, claim.rowId), or(eq(idempotencyKeys.owner, claim.owner), isNull(idempotencyKeys.owner))));
}

export function errorOutcome(err: unknown): StoredOutcome | null {
  if (err instanceof AuthenticationRequired) return null; // the repeat after the bank's check must run
  return err instanceof AppError && REPLAYED_ERRORS.has(err.code) ? { ok: false, code: err.code, message: err.message } : null;
}

export function replay<T>(outcome: StoredOutcome): T {
  if (outcome.ok) return outcome.data as T;
  throw new AppError(outcome.code, outcome.message);
}
