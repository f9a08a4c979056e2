// The gate's check-out with the lot's delay grace applied: what a late car owes is shown before (the lookup's
// `overstay` quote: "Late by 3 h — 1 extra day, $12.95, charged to the card on file") and, at check-out, written
// with the check-out in one transaction and charged to the card on file (bookings/overstay.ts). With an
// Idempotency-Key a retried check-out replays its answer (a retry after a crash resumes the same charge); the
// charge's own gateway key is one per booking, so a repeat with another key (refused: already checked out)
// never charges twice either.
import { eq } from 'drizzle-orm';
import { bookingChanges } from '../../db/schema';
import type { Context } from '../../deps';
import { formatCents, toDollars } from '@/shared/money';
import { completeKey, linkKeyToChange, requestHash, type KeyClaim } from '../bookings/idempotency';
import { cardOnFile, chargeOverstay, openOverstay, overstayHold, overstayOf, overstaySummary, type OverstayRow, type TOverstaySummary } from '../bookings/overstay';
import { resumeHold, withIdempotencyKey } from '../bookings/paid-hold';
import { lotWallClock } from '../catalogue/lot-time';
import { checkOut, lookupPass, scopedPass, type TGatePass } from './gate.service';
import type { GateScope } from './staff.service';

type GateCtx = Context & { user: NonNullable<Context['user']>; scope: GateScope };
type PassInput = { confirmationNumber: string; lotId?: number; idempotencyKey?: string };

/** What a car leaving now would owe, for staff to tell the driver before checking out (null: nothing). */
export async function overstayQuote(ctx: Pick<Context, 'db' | 'clock'>, scope: GateScope, input: PassInput) {
  const pass = await scopedPass(ctx.db, scope, input.confirmationNumber);
  const b = pass.booking;
  if (!b.checkedInAt || b.checkedOutAt || b.status !== 'confirmed') return null;
  const o = overstayOf(b, pass, ctx.clock.now());
  if (o.days === 0) return null;
  const card = await cardOnFile(ctx.db, b.userId);
  const late = `${Math.floor(o.lateMinutes / 60)} h${o.lateMinutes % 60 ? ` ${o.lateMinutes % 60} min` : ''}`;
  return {
    lateMinutes: o.lateMinutes,
    graceHours: pass.graceHours,
    days: o.days,
    rate: toDollars(o.rate),
    amount: toDollars(o.amount),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    /** One sentence for the staff member. */
    text: `Late by ${late} — ${o.days} extra day${o.days === 1 ? '' : 's'}, ${formatCents(o.amount)}, ${card ? 'charged to the card on file' : 'the traveller is sent a link to pay'}.`,
  };
}

/** A pass at the gate, with the overstay a check-out now would charge. */
export async function lookupWithOverstay(ctx: GateCtx, input: PassInput) {
  const pass = await lookupPass(ctx.db, ctx.scope, input, ctx.clock.now());
  return { ...pass, overstay: pass.canCheckOut ? await overstayQuote(ctx, ctx.scope, input) : null };
}

export type TGateCheckOut = TGatePass & { overstay: TOverstaySummary | null };

/** Checks the car out; a late one's extra days are charged (or made due) in the same step. */
export async function gateCheckOut(ctx: GateCtx, input: PassInput): Promise<TGateCheckOut> {
  if (!input.idempotencyKey) return checkOutAndCharge(ctx, input, null);
  const key = {
    scope: `gate-check-out:${input.confirmationNumber}`,
    key: input.idempotencyKey,
    hash: requestHash({ confirmationNumber: input.confirmationNumber, lotId: input.lotId ?? null }),
  };
  return withIdempotencyKey(ctx.db, key, async (claim) => {
    const answer = await checkOutAndCharge(ctx, input, claim);
    await completeKey(ctx.db, claim.rowId, { ok: true, data: answer });
    return answer;
  });
}

async function checkOutAndCharge(ctx: GateCtx, input: PassInput, claim: Extract<KeyClaim, { kind: 'owner' }> | null): Promise<TGateCheckOut> {
  // A retry of a check-out that died after it was recorded: the same overstay is settled, never a new one.
  if (claim?.changeId) {
    const [row] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, claim.changeId));
    const pass = await lookupPass(ctx.db, ctx.scope, input, ctx.clock.now());
    const overstay = row ? await resumeOverstay(ctx, row, input) : null;
    return { ...pass, overstay };
  }
  let opened: OverstayRow | null = null;
  const now = ctx.clock.now();
  const pass = await checkOut(ctx.db, ctx.scope, ctx.user, input, now, async (tx, booking, p) => {
    opened = await openOverstay(tx, booking, p, lotWallClock(now, p.state), now);
    if (opened && claim) await linkKeyToChange(tx, claim, opened.id);
  });
  ctx.jobs.kick(); // the review invitation, an overstay's pay link
  const row = opened as OverstayRow | null;
  if (!row) return { ...pass, overstay: null };
  const booking = (await scopedPass(ctx.db, ctx.scope, input.confirmationNumber)).booking;
  return { ...pass, overstay: await chargeOverstay(ctx, row, booking) };
}

async function resumeOverstay(ctx: GateCtx, row: OverstayRow, input: PassInput): Promise<TOverstaySummary> {
  const booking = (await scopedPass(ctx.db, ctx.scope, input.confirmationNumber)).booking;
  if (row.status !== 'pending') return overstaySummary(row);
  const card = await cardOnFile(ctx.db, booking.userId);
  if (!card) return chargeOverstay(ctx, row, booking);
  try {
    return await resumeHold(ctx, overstayHold, row, async () => ({ paymentMethodId: card.paymentMethodId, customerId: card.customerId, offSession: true }), booking);
  } catch {
    const [now] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, row.id));
    return overstaySummary(now ?? row);
  }
}
