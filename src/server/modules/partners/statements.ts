// A partner's monthly statement: every line of its ledger in the month (a booking, a change, a refund) with
// gross, commission and net, and the totals, which are the ledger's own sums (one query, to the cent). Months
// are calendar months in UTC. As JSON (amounts in dollars, as the REST API shows them, and in cents) or CSV.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, parkingProviders, partnerLedger, partnerPayouts } from '../../db/schema';
import { AppError } from '../../errors';
import { sum, toDollars, type Cents } from '@/shared/money';
import { formatCsv, spreadsheetSafe } from '../catalogue-admin/csv-format';
import type { Membership } from './access';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthRange(month: string): { from: Date; to: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new AppError('BAD_REQUEST', 'A month is YYYY-MM');
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

const KIND_LABEL = {
  booking: 'Booking',
  change: 'Change of dates',
  refund: 'Refund',
  guarantee: 'Parking guarantee: a traveller turned away, moved at our cost',
  overstay: 'Late check-out (extra days)',
} as const;

/**
 * The member's ledger lines from `from` to `to` (excluded), oldest first, with each line's booking and lot: the
 * lines of the lots the member may see only (a member scoped to some lots sees those lots' lines), and of one lot
 * when `lotId` is given. The statement and the portal's revenue per month read their lines here.
 */
export async function ledgerLines(db: DB, m: Membership, range: { from: Date; to: Date }, lotId?: number) {
  const rows = await db
    .select({ line: partnerLedger, confirmationNumber: bookings.confirmationNumber, lotId: bookings.providerId, lot: parkingProviders.name })
    .from(partnerLedger)
    .innerJoin(bookings, eq(bookings.id, partnerLedger.bookingId))
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(and(eq(partnerLedger.partnerId, m.partnerId), gte(partnerLedger.occurredAt, range.from), lt(partnerLedger.occurredAt, range.to)))
    .orderBy(asc(partnerLedger.occurredAt), asc(partnerLedger.id));
  return rows.filter((r) => (m.lots.all || m.lots.ids.includes(r.lotId)) && (lotId === undefined || r.lotId === lotId));
}

type LedgerLine = typeof partnerLedger.$inferSelect;

/** Gross, commission and net of some lines: the ledger's own sums, to the cent. */
export function ledgerTotals(lines: readonly Pick<LedgerLine, 'grossCents' | 'commissionCents' | 'netCents'>[]) {
  return {
    gross: sum(lines.map((l) => l.grossCents)),
    commission: sum(lines.map((l) => l.commissionCents)),
    net: sum(lines.map((l) => l.netCents)),
  };
}

export async function statement(db: DB, m: Membership, month: string) {
  const mine = await ledgerLines(db, m, monthRange(month));
  const lines = mine.map(({ line, confirmationNumber, lot }) => ({
    id: line.id,
    date: line.occurredAt.toISOString(),
    kind: line.kind,
    description: KIND_LABEL[line.kind],
    confirmationNumber,
    lot,
    commissionRate: line.commissionBps / 100,
    gross: toDollars(line.grossCents),
    commission: toDollars(line.commissionCents),
    net: toDollars(line.netCents),
    paid: line.payoutId !== null,
    cents: { gross: line.grossCents, commission: line.commissionCents, net: line.netCents },
  }));
  const cents = ledgerTotals(mine.map((r) => r.line));
  return {
    partnerId: m.partnerId,
    partner: m.partnerName,
    month,
    lines,
    totals: { gross: toDollars(cents.gross), commission: toDollars(cents.commission), net: toDollars(cents.net), cents },
  };
}

/** The statement as CSV: one row per line, then the totals. */
export function statementCsv(s: Awaited<ReturnType<typeof statement>>): string {
  const header = ['Date', 'Type', 'Confirmation', 'Lot', 'Commission rate %', 'Gross', 'Commission', 'Net'];
  const money = (c: Cents) => (c / 100).toFixed(2);
  const rows = s.lines.map((l) => [
    l.date.slice(0, 10),
    l.description,
    l.confirmationNumber,
    spreadsheetSafe(l.lot),
    String(l.commissionRate),
    money(l.cents.gross),
    money(l.cents.commission),
    money(l.cents.net),
  ]);
  const total = ['Total', '', '', '', '', money(s.totals.cents.gross), money(s.totals.cents.commission), money(s.totals.cents.net)];
  return formatCsv([header, ...rows, total]);
}

/** A partner's payouts, newest first. */
export async function payoutHistory(db: DB, m: Membership) {
  const rows = await db.select().from(partnerPayouts).where(eq(partnerPayouts.partnerId, m.partnerId)).orderBy(asc(partnerPayouts.createdAt));
  return rows.reverse().map((p) => ({
    id: p.id,
    status: p.status,
    amount: toDollars(p.amountCents),
    amountCents: p.amountCents,
    transferId: p.transferId,
    failureReason: p.failureReason,
    createdAt: p.createdAt,
    paidAt: p.paidAt,
  }));
}
