// Weekly payouts: each partner is paid the net of its ledger lines whose booking has ended (checked out,
// completed, cancelled, or past its departure), less refunds, that no payout took yet. One payout per partner
// per run key (the ISO week): the payout and the lines it takes are written in one transaction, then the money
// moves outside it with the run key as the gateway's idempotency key, so running twice pays once and a crash
// mid-run is resumed by the next run (the pending payout is paid with the same key). A net at or below zero
// (refunds after an earlier payout) pays nothing: its lines wait and are carried to the next payout. A failed
// transfer gives its lines back for the next run. With Stripe, a partner is paid by a Connect transfer to its
// Express account (connect.ts): without one, or before its onboarding is finished, the payout fails with that
// reason before any money moves, and its lines wait for the next run.
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, partnerLedger, partnerPayouts, partners } from '../../db/schema';
import type { Services } from '../../deps';
import { CardError, type PaymentsGateway } from '../../integrations/payments';
import { payoutAccountState, payoutBlocker } from './connect';
import { cents, sum, toDollars } from '@/shared/money';
import { toWallClock } from '@/shared/pricing';

type PayoutServices = Pick<Services, 'db' | 'payments' | 'clock'>;

/** '2026-W48': the ISO week of `at` (UTC), which names a weekly run. */
export function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Lines of `partnerId` no payout took, whose booking has ended by `now` (a day's margin covers every US zone). */
async function payableLines(db: Pick<DB, 'select'>, partnerId: number, now: Date) {
  const ended = toWallClock(new Date(now.getTime() - 24 * 3_600_000).toISOString().slice(0, 16))!;
  return db
    .select({ id: partnerLedger.id, net: partnerLedger.netCents })
    .from(partnerLedger)
    .innerJoin(bookings, eq(bookings.id, partnerLedger.bookingId))
    .where(
      and(
        eq(partnerLedger.partnerId, partnerId),
        isNull(partnerLedger.payoutId),
        or(inArray(bookings.status, ['completed', 'cancelled']), isNotNull(bookings.checkedOutAt), lt(bookings.departureDate, ended)),
      ),
    )
    .orderBy(asc(partnerLedger.id));
}

/** Pays a pending payout (again, after a crash: the same key pays once) and records paid or failed. */
async function pay(services: PayoutServices, payout: typeof partnerPayouts.$inferSelect) {
  const [partner] = await services.db.select().from(partners).where(eq(partners.id, payout.partnerId));
  try {
    // Refused before any money moves, the same way as a transfer Stripe refuses.
    const blocked = services.payments.mode === 'stripe' ? await payoutBlocker(services, partner) : null;
    if (blocked) throw new CardError(blocked);
    const transfer = await services.payments.transfer({
      amount: payout.amountCents,
      destination: partner?.stripeAccountId ?? null,
      idempotencyKey: payout.runKey,
      description: `Payout ${payout.runKey}`,
    });
    await services.db
      .update(partnerPayouts)
      .set({ status: 'paid', transferId: transfer.id, paidAt: services.clock.now() })
      .where(and(eq(partnerPayouts.id, payout.id), eq(partnerPayouts.status, 'pending')));
    return 'paid' as const;
  } catch (err) {
    if (!(err instanceof CardError)) throw err; // the gateway did not answer: the payout stays pending for the next run
    await services.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(partnerPayouts)
        .set({ status: 'failed', failureReason: err.message })
        .where(and(eq(partnerPayouts.id, payout.id), eq(partnerPayouts.status, 'pending')))
        .returning();
      if (failed) await tx.update(partnerLedger).set({ payoutId: null }).where(eq(partnerLedger.payoutId, payout.id));
    });
    return 'failed' as const;
  }
}

/** One weekly run (the periodic job, or the administrator's "run now"): every partner once per run key. */
export async function runPayouts(services: PayoutServices, runKey = isoWeek(services.clock.now())) {
  const { db } = services;
  const result = { paid: 0, failed: 0, skipped: 0, resumed: 0 };
  // A run that died between its payout and the money: finished first, with the same key.
  for (const pending of await db.select().from(partnerPayouts).where(eq(partnerPayouts.status, 'pending')).orderBy(asc(partnerPayouts.id))) {
    result[await pay(services, pending)]++;
    result.resumed++;
  }
  for (const partner of await db.select().from(partners).orderBy(asc(partners.id))) {
    const key = `payout-${partner.id}-${runKey}`;
    const payout = await db.transaction(async (tx) => {
      const lines = await payableLines(tx, partner.id, services.clock.now());
      const amount = sum(lines.map((l) => l.net));
      if (amount <= 0) return null;
      const [row] = await tx.insert(partnerPayouts).values({ partnerId: partner.id, runKey: key, amountCents: amount, status: 'pending' }).onConflictDoNothing().returning();
      if (!row) return null; // this run paid this partner already
      const taken = await tx
        .update(partnerLedger)
        .set({ payoutId: row.id })
        .where(
          and(
            inArray(
              partnerLedger.id,
              lines.map((l) => l.id),
            ),
            isNull(partnerLedger.payoutId),
          ),
        )
        .returning({ net: partnerLedger.netCents });
      // Another run took some meanwhile: this payout is what it took.
      const took = sum(taken.map((l) => l.net));
      if (took !== amount) await tx.update(partnerPayouts).set({ amountCents: took }).where(eq(partnerPayouts.id, row.id));
      return { ...row, amountCents: took };
    });
    if (!payout) {
      result.skipped++;
      continue;
    }
    if (payout.amountCents <= 0) {
      await db.transaction(async (tx) => {
        await tx.update(partnerLedger).set({ payoutId: null }).where(eq(partnerLedger.payoutId, payout.id));
        await tx.delete(partnerPayouts).where(eq(partnerPayouts.id, payout.id));
      });
      result.skipped++;
      continue;
    }
    result[await pay(services, payout)]++;
  }
  return result;
}

/** What each partner is owed (unpaid lines, ended or not) and was paid, and its payout account: the administrator's view. */
export async function partnerBalances(db: DB, mode: PaymentsGateway['mode']) {
  const owed = await db
    .select({ partnerId: partnerLedger.partnerId, cents: sql<number>`coalesce(sum(${partnerLedger.netCents}), 0)`.mapWith(Number) })
    .from(partnerLedger)
    .where(isNull(partnerLedger.payoutId))
    .groupBy(partnerLedger.partnerId);
  const paid = await db
    .select({ partnerId: partnerPayouts.partnerId, cents: sql<number>`coalesce(sum(${partnerPayouts.amountCents}), 0)`.mapWith(Number) })
    .from(partnerPayouts)
    .where(eq(partnerPayouts.status, 'paid'))
    .groupBy(partnerPayouts.partnerId);
  const rows = await db
    .select({ id: partners.id, name: partners.tradingName, stripeAccountId: partners.stripeAccountId, stripePayoutsEnabled: partners.stripePayoutsEnabled })
    .from(partners)
    .orderBy(asc(partners.tradingName));
  const of = (list: { partnerId: number; cents: number }[], id: number) => list.find((r) => r.partnerId === id)?.cents ?? 0;
  return rows.map((p) => ({
    partnerId: p.id,
    partner: p.name,
    owed: toDollars(cents(of(owed, p.id))),
    paid: toDollars(cents(of(paid, p.id))),
    payoutAccount: payoutAccountState(mode, p),
  }));
}
