// "Overstay due — Pay now" on the manage page (the link the traveller was e-mailed when no card on file paid a
// late check-out): the due overstay is claimed back to 'pending' with a gateway key made from the request's
// Idempotency-Key, then charged and settled by the one paid-hold module, as at the gate. A decline makes it due
// again (402 with the bank's words); a repeat with the same key replays the answer and never charges twice.
import { and, eq } from 'drizzle-orm';
import { bookingChanges } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import type { TPayOverstay } from '@/shared/schemas/manage';
import { paymentFor } from './checkout';
import { completeKey, linkKeyToChange, paymentKeyFor, requestHash } from './idempotency';
import { loadManaged, manageView } from './manage';
import { OVERSTAY_HOLD_MS, overstayHold } from './overstay';
import { payAndSettle, resumeHold, withIdempotencyKey } from './paid-hold';

export const NOTHING_DUE_MESSAGE = 'Nothing is due on this booking.';

export async function payOverstay(ctx: Context, input: TPayOverstay) {
  const m = await loadManaged(ctx, input);
  const [due] = await ctx.db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, m.booking.id), eq(bookingChanges.kind, 'overstay')));
  if (!due) throw new AppError('BAD_REQUEST', NOTHING_DUE_MESSAGE);
  const scope = `overstay:${due.id}`;
  const { cardNumber, cvv: _cvv, ...payment } = input.paymentInfo;
  const hash = requestHash({ payment: { ...payment, last4: cardNumber?.replace(/\D/g, '').slice(-4) } });
  const payWith = () => paymentFor(ctx, input.paymentInfo);
  const overstay = await withIdempotencyKey(ctx.db, { scope, key: input.idempotencyKey, hash }, async (claim) => {
    // A repeat that took over from a request that died while the bank answered: settle that same charge.
    if (claim.changeId) {
      const [held] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, claim.changeId));
      if (held) return resumeHold(ctx, overstayHold, held, payWith, m.booking);
    }
    if (due.status === 'applied') throw new AppError('BAD_REQUEST', NOTHING_DUE_MESSAGE);
    if (due.status !== 'due') throw new AppError('CONFLICT', 'This payment is already being processed. Please reload the booking in a moment.');
    const card = await payWith();
    const held = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookingChanges)
        .set({ status: 'pending', paymentKey: paymentKeyFor(scope, input.idempotencyKey), holdExpiresAt: new Date(ctx.clock.now().getTime() + OVERSTAY_HOLD_MS) })
        .where(and(eq(bookingChanges.id, due.id), eq(bookingChanges.status, 'due')))
        .returning();
      if (!row) throw new AppError('CONFLICT', 'This payment is already being processed. Please reload the booking in a moment.');
      await linkKeyToChange(tx, claim, row.id);
      return row;
    });
    const paid = await payAndSettle(ctx, overstayHold, held, card, m.booking);
    await completeKey(ctx.db, claim.rowId, { ok: true, data: paid });
    return paid;
  });
  return { success: true as const, overstay, booking: await manageView(ctx, await loadManaged(ctx, input)) };
}
