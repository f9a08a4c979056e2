// The portal's Insights: for the member's lots (or one of them), the spaces taken against capacity on each of the
// next 90 days, read from the lots' day rows (a day without a row has nobody on it and the lot's capacity), and
// the gross, commission and net of each of the last 12 months, read and summed as the monthly statement does
// (statements.ts), so each month equals its statement to the cent. Bounded reads: lots x 90 day rows, and 12
// months of ledger lines, whatever the history.
import { and, between, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { locations, lotDays, parkingProviders } from '../../db/schema';
import { AppError } from '../../errors';
import { sum, toDollars, type Cents } from '@/shared/money';
import { dayDate, dayIndex } from '../bookings/capacity';
import { lotDate } from '../catalogue/lot-time';
import type { Membership } from './access';
import { ledgerLines, ledgerTotals } from './statements';

export const OCCUPANCY_DAYS = 90;
export const REVENUE_MONTHS = 12;

const id = (what: string) =>
  z.coerce
    .number({ error: `${what} not found` })
    .int(`${what} not found`)
    .positive(`${what} not found`);
export const ZPartnerInsightsInput = z.object({ partnerId: id('Partner').optional(), lotId: id('Lot').optional() }).default({});

/** Whole percent of `part` in `whole` (0 when there is no whole). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** The member's lots (all they may see, or the one asked for: 404 when it is not one of them), with their zone. */
async function scopedLots(db: DB, m: Membership, lotId: number | undefined) {
  const rows = await db
    .select({ id: parkingProviders.id, name: parkingProviders.name, capacity: parkingProviders.capacity, state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.partnerId, m.partnerId));
  const mine = rows.filter((l) => m.lots.all || m.lots.ids.includes(l.id)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  if (lotId === undefined) return mine;
  const one = mine.find((l) => l.id === lotId);
  if (!one) throw new AppError('NOT_FOUND', 'Lot not found');
  return [one];
}

type Lot = Awaited<ReturnType<typeof scopedLots>>[number];

/**
 * Taken, capacity and closures per day over the lots, from the earliest of their todays (lots in different zones
 * can be a day apart: none of them loses its today) for OCCUPANCY_DAYS days.
 */
async function occupancy(db: DB, lots: Lot[], now: Date) {
  if (!lots.length) return { from: null, to: null, days: [], summary: null };
  const first = Math.min(...lots.map((l) => dayIndex(lotDate(now, l.state))));
  const last = first + OCCUPANCY_DAYS - 1;
  const rows = await db
    .select({ providerId: lotDays.providerId, day: lotDays.day, capacity: lotDays.capacity, taken: lotDays.taken, closed: lotDays.closed })
    .from(lotDays)
    .where(
      and(
        inArray(
          lotDays.providerId,
          lots.map((l) => l.id),
        ),
        between(lotDays.day, first, last),
      ),
    );
  const byKey = new Map(rows.map((r) => [`${r.providerId}:${r.day}`, r]));
  const days = Array.from({ length: OCCUPANCY_DAYS }, (_, i) => {
    const day = first + i;
    const d = { date: dayDate(day), taken: 0, capacity: 0, free: 0, closedSpaces: 0, closedLots: 0, percent: 0 };
    for (const lot of lots) {
      const row = byKey.get(`${lot.id}:${day}`);
      const taken = row?.taken ?? 0;
      const capacity = row?.capacity ?? lot.capacity;
      const unsold = Math.max(0, capacity - taken);
      d.taken += taken;
      d.capacity += capacity;
      // A closed lot's unsold spaces are not for sale that day: closed, not free.
      if (row?.closed === 1) {
        d.closedLots += 1;
        d.closedSpaces += unsold;
      } else d.free += unsold;
    }
    d.percent = percent(d.taken, d.capacity);
    return d;
  });
  const busiest = days.reduce((a, b) => (b.percent > a.percent ? b : a));
  const taken = days.reduce((s, d) => s + d.taken, 0);
  const capacity = days.reduce((s, d) => s + d.capacity, 0);
  return {
    from: days[0]!.date,
    to: days.at(-1)!.date,
    days,
    summary: {
      /** Spaces taken over all the days, as a share of all the days' spaces. */
      percent: percent(taken, capacity),
      busiest: busiest.taken > 0 ? { date: busiest.date, percent: busiest.percent, taken: busiest.taken, capacity: busiest.capacity } : null,
      /** Days on which at least one of the lots is closed. */
      closedDays: days.filter((d) => d.closedLots > 0).length,
    },
  };
}

/** 'YYYY-MM' of the UTC calendar month `back` months before the one `now` is in. */
function monthOf(now: Date, back: number) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

/** Gross, commission and net per calendar month (UTC, as statements are) of the last REVENUE_MONTHS months, oldest first. */
async function revenue(db: DB, m: Membership, lotId: number | undefined, now: Date) {
  const months = Array.from({ length: REVENUE_MONTHS }, (_, i) => monthOf(now, REVENUE_MONTHS - 1 - i));
  const from = new Date(`${months[0]}-01T00:00:00Z`);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const lines = await ledgerLines(db, m, { from, to }, lotId);
  const byMonth = new Map<string, typeof lines>();
  for (const r of lines) {
    const month = r.line.occurredAt.toISOString().slice(0, 7);
    const list = byMonth.get(month);
    if (list) list.push(r);
    else byMonth.set(month, [r]);
  }
  const dollars = (c: { gross: Cents; commission: Cents; net: Cents }) => ({ gross: toDollars(c.gross), commission: toDollars(c.commission), net: toDollars(c.net), cents: c });
  const rows = months.map((month) => {
    const mine = byMonth.get(month) ?? [];
    return { month, lines: mine.length, ...dollars(ledgerTotals(mine.map((r) => r.line))) };
  });
  const total = {
    gross: sum(rows.map((r) => r.cents.gross)),
    commission: sum(rows.map((r) => r.cents.commission)),
    net: sum(rows.map((r) => r.cents.net)),
  };
  return { from: months[0]!, to: months.at(-1)!, months: rows, total: dollars(total), lines: lines.length };
}

/** The Insights of the member's lots, or of one of them (`lotId`; 404 when it is not theirs). */
export async function partnerInsights(db: DB, m: Membership, lotId: number | undefined, now: Date) {
  const lots = await scopedLots(db, m, lotId);
  const [days, months] = await Promise.all([occupancy(db, lots, now), revenue(db, m, lotId, now)]);
  return {
    partnerId: m.partnerId,
    lot: lotId === undefined ? null : { id: lots[0]!.id, name: lots[0]!.name },
    lots: lots.length,
    occupancy: days,
    revenue: months,
  };
}
