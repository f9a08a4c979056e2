// A stay's day rates (holiday rates) as search, the estimate and checkout read them: the rows of lot_days with
// a price on the stay's billed days, for any number of lots in one query. pricing.ts turns them into money.
import { and, asc, between, eq, inArray, isNotNull } from 'drizzle-orm';
import { bound, prepared, type DB } from '../../db/client';
import { lotDays } from '../../db/schema';
import { billableDays, parseWallClock, stayDayRates, toWallClock, type DayRate } from '@/shared/pricing';
import type { Cents } from '@/shared/money';

const DAY = 86_400_000;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * One lot's rates (every estimate and change of dates reads them): built once (db/client.ts, prepared), with no
 * ORDER BY (on SQLite one next to bound values has the statement planned again on every run): stayDayRates
 * puts the rates in day order.
 */
const oneLotRates = prepared((db) =>
  db
    .select({ providerId: lotDays.providerId, day: lotDays.day, price: lotDays.priceCents })
    .from(lotDays)
    .where(
      and(eq(lotDays.providerId, bound('lot', lotDays.providerId)), between(lotDays.day, bound('first', lotDays.day), bound('last', lotDays.day)), isNotNull(lotDays.priceCents)),
    )
    .prepare('lot_day_rates_one'),
);

/** Each lot's day rates on the billed days of the stay (lots without any are left out). */
export async function dayRatesForStay(db: Pick<DB, 'select'>, lotIds: readonly number[], arrival: string, departure: string): Promise<Map<number, DayRate[]>> {
  const byLot = new Map<number, DayRate[]>();
  const a = toWallClock(arrival);
  const d = toWallClock(departure);
  if (!lotIds.length || !a || !d) return byLot;
  const first = Math.floor(parseWallClock(a)! / DAY);
  const last = first + billableDays(a, d) - 1;
  const rows =
    lotIds.length === 1
      ? await oneLotRates(db).execute({ lot: lotIds[0]!, first, last })
      : await db
          .select({ providerId: lotDays.providerId, day: lotDays.day, price: lotDays.priceCents })
          .from(lotDays)
          .where(and(inArray(lotDays.providerId, [...lotIds]), between(lotDays.day, first, last), isNotNull(lotDays.priceCents)))
          .orderBy(asc(lotDays.providerId), asc(lotDays.day));
  const rowsByLot = new Map<number, typeof rows>();
  for (const r of rows) {
    const lotRows = rowsByLot.get(r.providerId);
    if (lotRows) lotRows.push(r);
    else rowsByLot.set(r.providerId, [r]);
  }
  for (const [id, lotRows] of rowsByLot) byLot.set(id, dayRatesOfRows(a, d, lotRows));
  return byLot;
}

/**
 * The day rates of a stay from its lot's day rows: those read above, or those checkout has from taking its days
 * (inventory.ts, takeDays: every day the stay occupies, which covers the days it is billed for), so checkout
 * need not read them again. The billed days are pricing's rule: only what it bills is kept.
 */
export function dayRatesOfRows(arrival: string, departure: string, rows: readonly { day: number; price: Cents | null }[]): DayRate[] {
  const rates = rows.filter((r) => r.price !== null).map((r) => ({ date: dateOf(r.day), price: r.price! }));
  return rates.length ? stayDayRates(arrival, departure, rates) : [];
}

/** One lot's day rates on the billed days of the stay. */
export async function lotDayRatesForStay(db: Pick<DB, 'select'>, lotId: number, arrival: string, departure: string): Promise<DayRate[]> {
  return (await dayRatesForStay(db, [lotId], arrival, departure)).get(lotId) ?? [];
}
