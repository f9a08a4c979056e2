// One paid hold, for every kind of thing that is held while a card is charged (a new booking, a change of dates
// that costs more; later overstays and guarantees). The kind places its hold in a transaction of its own (the
// days, the row in 'pending'); from there this module does the rest, the same way for every kind:
//   charge the card outside any transaction → settle (one conditional claim on the pending row: exactly one of
//   settle or release wins, on whichever server and path gets there first: the request, its retry with the same
//   Idempotency-Key, the payment webhook or the reaper) → or release on a decline → refund money taken for a
//   hold that was released meanwhile. A crash anywhere is settled by the retry, the webhook or the reaper.
// A bank that asks the cardholder to confirm (3-D Secure) keeps the hold: the row remembers the payment, the
// answer carries its client secret for Stripe.js, and the repeat with the same key (or the webhook, or the
// reaper) reads what the bank decided and settles or releases as above.
// Each kind says how (HoldKind); the webhook and the reaper dispatch on it.
import { countPaymentFailure, type PaymentPurpose } from '../../observability/metrics';
import type { DB } from '../../db/client';
import type { Context, Services } from '../../deps';
import { AppError, AuthenticationRequired, type AppErrorCode } from '../../errors';
import { CardError, type ChargeInput, type PaymentIntent } from '../../integrations/payments';
import type { Cents } from '@/shared/money';
import { claimKey, completeKey, errorOutcome, freshKey, KeyInUse, ownsKey, releaseKey, replay, type FreshKey, type OwnerClaim, type StoredOutcome } from './idempotency';

export const EXPIRED_HOLD_MESSAGE = 'Your payment took too long and the space was released. You have not been charged. Please try again.';
const GATEWAY_DOWN_MESSAGE = 'We could not reach the payment processor. Please try again: you will not be charged twice.';
const AUTHENTICATION_FAILED_MESSAGE = 'Your bank could not confirm this payment. You have not been charged; please try again or use another card.';
const STILL_PROCESSING_MESSAGE = 'Your bank is still confirming this payment. Please try again in a moment: you will not be charged twice.';

/** One refund key per charge whose hold is gone, whichever path (request, webhook, reaper) notices it. */
export const orphanRefundKey = (paymentIntentId: string) => `orphan-charge-${paymentIntentId}`;

export type Refusal = { code: AppErrorCode; message: string };
type SettleServices = Pick<Services, 'db' | 'payments' | 'jobs'>;

/** What the card step needs: a typed test card (sandbox) or a payment method, and its customer. */
export interface PayWith {
  card?: { number: string; expMonth: number; expYear: number; cvc: string; postalCode?: string };
  paymentMethodId?: string;
  customerId?: string;
  /** Charged with the cardholder away (the card on file): see ChargeInput.offSession. */
  offSession?: boolean;
}

/** How one kind of hold is read, settled and released. `Row` is its pending row; `Result` what a request answers. */
export interface HoldKind<Row extends { id: number }, Result, Hint = undefined> {
  /** The charge's metadata purpose (the webhook finds the kind by it). */
  purpose: PaymentPurpose;
  /** The metadata key naming the row ('bookingId', 'changeId'). */
  idKey: string;
  load(db: Pick<DB, 'select'>, id: number): Promise<Row | undefined>;
  state(row: Row): 'pending' | 'settled' | 'failed';
  amount(row: Row): Cents;
  /** The gateway's idempotency key of the row's charge. */
  paymentKey(row: Row): string;
  paymentIntentId(row: Row): string | null;
  /** Remembers, on the pending row, the payment its bank asked the cardholder to confirm. */
  awaitAuthentication(db: Pick<DB, 'update'>, id: number, paymentIntentId: string): Promise<unknown>;
  /** The charge's words and metadata (its amount and key come from the row). */
  chargeInput(row: Row, hint: Hint | undefined): Pick<ChargeInput, 'description' | 'receiptEmail' | 'metadata'>;
  /** Finds the row's charge at the gateway (the reaper's question). */
  chargeLookup(row: Row): Parameters<Services['payments']['findCharge']>[0];
  /** Settles the pending row as paid (the claim), in one transaction; null if it was no longer pending (or could not apply). */
  settle(services: SettleServices, id: number, intent: PaymentIntent | null, hint?: Hint): Promise<Result | null>;
  /** Releases the pending row (the days, the credit...) with `refusal` as its key's outcome; false if it was not pending. */
  release(services: Pick<Services, 'db'>, id: number, refusal: Refusal): Promise<boolean>;
  /** What a request answers for a settled row. */
  result(db: Pick<DB, 'select'>, row: Row): Promise<Result>;
  /** Stores a settled row's outcome against the Idempotency-Key that made it. */
  completeKey(db: Pick<DB, 'update'>, id: number, outcome: StoredOutcome): Promise<void>;
  /** Pending rows whose hold expired before `now`. */
  expired(db: Pick<DB, 'select'>, now: Date): Promise<Row[]>;
}

export type AnyKind = HoldKind<any, any, any>;

const PURPOSES: readonly PaymentPurpose[] = ['booking', 'booking-change', 'overstay', 'information-access'];
const purposeOf = (charge: ChargeInput): PaymentPurpose => PURPOSES.find((p) => p === charge.metadata?.purpose) ?? 'booking';

/**
 * Charges for a hold, outside any transaction. A decline releases the hold with `release` and is 402 with the
 * bank's words; no answer keeps the hold (the charge may have happened): the retry with the same key, the
 * webhook or the reaper settles it (502). A bank that asks the cardholder to confirm keeps the hold too when
 * `awaitAuthentication` is given (it remembers the payment) and answers AuthenticationRequired; without it (a
 * payment with no hold to keep) that card is refused.
 */
export async function chargeHeld(
  ctx: Pick<Context, 'payments'>,
  charge: ChargeInput,
  release: (refusal: { code: 'PAYMENT_REQUIRED'; message: string }) => Promise<unknown>,
  what: string,
  awaitAuthentication?: (intent: PaymentIntent) => Promise<unknown>,
): Promise<PaymentIntent> {
  let intent: PaymentIntent;
  try {
    intent = await ctx.payments.charge(charge);
  } catch (err) {
    if (err instanceof CardError) {
      countPaymentFailure('declined', purposeOf(charge));
      await release({ code: 'PAYMENT_REQUIRED', message: err.message });
      throw new AppError('PAYMENT_REQUIRED', err.message);
    }
    throw gatewayDown(charge, what, err);
  }
  if (intent.status === 'requires_action' && awaitAuthentication && intent.clientSecret) {
    await awaitAuthentication(intent);
    throw new AuthenticationRequired(intent.clientSecret);
  }
  if (intent.status !== 'succeeded') {
    const message =
      intent.status === 'requires_action'
        ? 'Your bank asked for extra verification, which we cannot complete here. You have not been charged; please use another card.'
        : (intent.lastError ?? 'Your card was declined.');
    countPaymentFailure('declined', purposeOf(charge));
    await release({ code: 'PAYMENT_REQUIRED', message });
    throw new AppError('PAYMENT_REQUIRED', message);
  }
  return intent;
}

function gatewayDown(charge: Pick<ChargeInput, 'metadata'>, what: string, err: unknown): AppError {
  countPaymentFailure('gateway_error', purposeOf(charge as ChargeInput));
  console.warn(`${what}: the payment gateway did not answer (${(err as Error).message}).`);
  return new AppError('BAD_GATEWAY', GATEWAY_DOWN_MESSAGE);
}

/**
 * A pending row whose bank asked the cardholder to confirm its payment: what the bank decided. Paid: the intent
 * (to settle); still waiting: AuthenticationRequired again; refused or abandoned: the hold is released (402).
 */
async function afterAuthentication<Row extends { id: number }>(ctx: Context, kind: HoldKind<Row, unknown, any>, row: Row, paymentIntentId: string): Promise<PaymentIntent> {
  const metadata = { purpose: kind.purpose };
  let intent: PaymentIntent | null;
  try {
    intent = await ctx.payments.retrieveIntent(paymentIntentId);
  } catch (err) {
    throw gatewayDown({ metadata }, `${kind.purpose} ${row.id}`, err);
  }
  if (intent?.status === 'succeeded') return intent;
  if (intent?.status === 'requires_action' && intent.clientSecret) throw new AuthenticationRequired(intent.clientSecret);
  if (intent?.status === 'processing') throw new AppError('BAD_GATEWAY', STILL_PROCESSING_MESSAGE);
  const message = intent?.lastError ?? AUTHENTICATION_FAILED_MESSAGE;
  countPaymentFailure('declined', kind.purpose);
  await kind.release(ctx, row.id, { code: 'PAYMENT_REQUIRED', message });
  // The page still holds the payment's secret: it must not be completed for a hold that is gone.
  if (intent && intent.status !== 'canceled') await ctx.payments.cancelIntent(intent.id);
  throw new AppError('PAYMENT_REQUIRED', message);
}

/** Gives back money taken for a hold that is gone (released meanwhile, or paid by another charge). */
async function refundOrphan(services: Pick<Services, 'payments'>, intent: PaymentIntent): Promise<void> {
  await services.payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: orphanRefundKey(intent.id) });
}

/** Charges a held row (nothing to charge: settles it free) and settles it; the answer, or 409 if the hold was lost. */
export async function payAndSettle<Row extends { id: number }, Result, Hint>(
  ctx: Context,
  kind: HoldKind<Row, Result, Hint>,
  row: Row,
  payWith: PayWith,
  hint?: Hint,
): Promise<Result> {
  const amount = kind.amount(row);
  // A pending row that names a payment is waiting for its bank's check (3-D Secure): never charged again.
  const awaiting = amount > 0 ? kind.paymentIntentId(row) : null;
  const intent =
    amount <= 0
      ? null
      : awaiting
        ? await afterAuthentication(ctx, kind, row, awaiting)
        : await chargeHeld(
            ctx,
            { amount, idempotencyKey: kind.paymentKey(row), ...kind.chargeInput(row, hint), ...payWith },
            (refusal) => kind.release(ctx, row.id, refusal),
            `${kind.purpose} ${row.id}`,
            (asked) => kind.awaitAuthentication(ctx.db, row.id, asked.id),
          );
  const settled = await kind.settle(ctx, row.id, intent, hint);
  if (settled !== null) return settled;
  const now = await kind.load(ctx.db, row.id);
  // A concurrent path (the webhook, a retry) settled it with this same charge.
  if (now && kind.state(now) === 'settled' && (!intent || kind.paymentIntentId(now) === intent.id)) return kind.result(ctx.db, now);
  // The reaper released the hold while the bank answered and the space may be gone: give the money back.
  if (intent) await refundOrphan(ctx, intent);
  throw new AppError('CONFLICT', EXPIRED_HOLD_MESSAGE);
}

/**
 * A charge that succeeded, seen by the webhook or the reaper: settles the row if it is still pending, and
 * refunds money taken for a row that was released or that another charge paid.
 */
export async function settlePaid(services: SettleServices, kind: AnyKind, id: number, intent: PaymentIntent): Promise<'settled' | 'refunded' | 'unchanged'> {
  if ((await kind.settle(services, id, intent)) !== null) return 'settled';
  const now = await kind.load(services.db, id);
  if (now && kind.state(now) === 'settled' && kind.paymentIntentId(now) === intent.id) return 'unchanged';
  await refundOrphan(services, intent);
  return 'refunded';
}

/** A repeat of a request that died: its row is settled now if still pending, else its outcome is answered. */
export async function resumeHold<Row extends { id: number }, Result, Hint>(
  ctx: Context,
  kind: HoldKind<Row, Result, Hint>,
  row: Row,
  payWith: () => Promise<PayWith>,
  hint?: Hint,
): Promise<Result> {
  const state = kind.state(row);
  if (state === 'pending') return payAndSettle(ctx, kind, row, await payWith(), hint);
  if (state === 'failed') throw new AppError('CONFLICT', EXPIRED_HOLD_MESSAGE);
  const result = await kind.result(ctx.db, row);
  await kind.completeKey(ctx.db, row.id, { ok: true, data: result });
  return result;
}

/**
 * Settles holds that expired with no answer (a crash, a closed tab): a successful charge found at the gateway
 * settles the row, otherwise it is released. Two servers running it at once settle each row once.
 */
export async function reapExpired(services: SettleServices, kind: AnyKind, now = new Date()): Promise<{ settled: number; released: number }> {
  let settled = 0;
  let released = 0;
  for (const row of await kind.expired(services.db, now)) {
    if (kind.amount(row) <= 0) {
      if ((await kind.settle(services, row.id, null)) !== null) settled++;
      continue;
    }
    // A payment waiting for the cardholder's bank is read by its id; otherwise the charge is looked up.
    const awaiting = kind.paymentIntentId(row);
    const intent = awaiting ? await services.payments.retrieveIntent(awaiting) : await services.payments.findCharge(kind.chargeLookup(row));
    if (intent?.status === 'succeeded') {
      if ((await settlePaid(services, kind, row.id, intent)) === 'settled') settled++;
    } else if (await kind.release(services, row.id, { code: 'CONFLICT', message: EXPIRED_HOLD_MESSAGE })) {
      released++;
      // A bank's check left open (a closed tab): the payment is cancelled so it cannot complete for nothing.
      if (awaiting && intent && intent.status !== 'canceled') await services.payments.cancelIntent(awaiting);
    }
  }
  return { settled, released };
}

/**
 * The Idempotency-Key envelope around a paid request: the first request with a key owns it and `run`s (placing
 * a new hold, or resuming the one a dead owner had made: the claim names it); a repeat replays the stored
 * outcome. A refusal worth replaying is stored; a fault (the gateway did not answer) gives the key up so a
 * repeat may resume at once.
 */
export async function withIdempotencyKey<T>(db: DB, key: { scope: string; key: string; hash: string }, run: (claim: OwnerClaim) => Promise<T>): Promise<T> {
  const claim = await claimKey(db, key.scope, key.key, key.hash);
  if (claim.kind === 'replay') return replay<T>(claim.outcome);
  try {
    return await run(claim);
  } catch (err) {
    await afterFailure(db, claim, err);
    throw err;
  }
}

/**
 * The same envelope for a request whose hold writes its key (checkout: one statement fewer, and no commit of its
 * own): `run` first takes the key as fresh. Once its hold wrote the key, a failure is kept as above. If the key
 * was in use (KeyInUse: the hold was undone), or `run` failed before its hold wrote it (nothing of it is left),
 * the request runs again through withIdempotencyKey: a repeat replays, waits for, or takes over and resumes the
 * hold of the request that had the key (a hold that may be what made this attempt find the lot full), and a
 * refusal of a new key (sold out, say) is stored for its repeats.
 */
export async function withFreshIdempotencyKey<T>(db: DB, key: { scope: string; key: string; hash: string }, run: (claim: OwnerClaim | FreshKey) => Promise<T>): Promise<T> {
  const fresh = freshKey(key);
  try {
    return await run(fresh);
  } catch (err) {
    if (fresh.rowId !== null) {
      // Written by the hold, unless its commit failed (then the row may be gone, and its id another request's).
      const owned = { rowId: fresh.rowId, owner: fresh.owner };
      if (await ownsKey(db, owned)) await afterFailure(db, owned, err);
      throw err;
    }
    if (!(err instanceof KeyInUse) && !(err instanceof AppError)) throw err; // a fault: nothing to repeat
    return withIdempotencyKey(db, key, run);
  }
}

/** A request that owns its key failed: a refusal worth replaying is stored, a fault gives the key up. */
async function afterFailure(db: DB, claim: Pick<OwnerClaim, 'rowId' | 'owner'>, err: unknown): Promise<void> {
  const outcome = errorOutcome(err);
  if (outcome)
    await completeKey(db, claim.rowId, outcome); // no-op when settling stored it already
  else await releaseKey(db, claim);
}
