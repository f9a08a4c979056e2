// Today at one lot (its own calendar): how many arrive and leave and how many of them did, counted over every
// row, and the two lists a page at a time in a stable order (time, then booking), so a lot with a thousand
// arrivals is read through to the end instead of stopping at a fixed number.
import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema';
import { lotDate, nextDate } from '../catalogue/lot-time';
import type { TGateListInput } from '@/shared/schemas/gate';
import { rowOf, scopedLot } from './gate.service';
import type { GateScope } from './staff.service';

/** Rows per page of a list: a screenful or two at the gate. */
export const GATE_PAGE = 100;

type List = 'arrivals' | 'departures';

/** Arrivals (paid or cancelled: a cancelled car may still turn up) or departures (paid) in [from, to). */
function listWhere(list: List, lotId: number, from: string, to: string): SQL {
  const at = list === 'arrivals' ? bookings.arrivalDate : bookings.departureDate;
  const statuses = list === 'arrivals' ? (['confirmed', 'completed', 'cancelled'] as const) : (['confirmed', 'completed'] as const);
  return and(eq(bookings.providerId, lotId), inArray(bookings.status, [...statuses]), gte(at, from), lt(at, to))!;
}

/** The cursor of a page: the last row's time and booking id, opaque to callers. */
const cursorOf = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url');
function afterCursor(list: List, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const bookingId = Number(id);
  if (!at || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(at) || !Number.isSafeInteger(bookingId)) return sql`1 = 0`;
  const column = list === 'arrivals' ? bookings.arrivalDate : bookings.departureDate;
  return or(gt(column, at), and(eq(column, at), gt(bookings.id, bookingId)));
}

async function page(db: DB, lot: { id: number; state: string }, list: List, date: string, cursor: string | undefined) {
  const column = list === 'arrivals' ? bookings.arrivalDate : bookings.departureDate;
  const rows = await db
    .select()
    .from(bookings)
    .where(and(listWhere(list, lot.id, `${date}T00:00`, `${nextDate(date)}T00:00`), afterCursor(list, cursor)))
    .orderBy(asc(column), asc(bookings.id))
    .limit(GATE_PAGE + 1);
  const items = rows.slice(0, GATE_PAGE);
  const last = items.at(-1);
  const nextCursor = rows.length > GATE_PAGE && last ? cursorOf(list === 'arrivals' ? last.arrivalDate : last.departureDate, last.id) : null;
  return { items: items.map((b) => rowOf(b, lot.state)), nextCursor };
}

async function counts(db: DB, lotId: number, date: string) {
  const [from, to] = [`${date}T00:00`, `${nextDate(date)}T00:00`];
  const tally = (list: List, done: SQL) =>
    db
      .select({ all: count(), done: sql<number>`coalesce(sum(case when ${done} then 1 else 0 end), 0)`.mapWith(Number) })
      .from(bookings)
      .where(and(listWhere(list, lotId, from, to), list === 'arrivals' ? inArray(bookings.status, ['confirmed', 'completed']) : undefined));
  const [[a], [d]] = await Promise.all([tally('arrivals', isNotNull(bookings.checkedInAt)), tally('departures', isNotNull(bookings.checkedOutAt))]);
  return { arrivals: a?.all ?? 0, checkedIn: a?.done ?? 0, departures: d?.all ?? 0, checkedOut: d?.done ?? 0 };
}

/** A lot's today: counts over every row, and the first page of each list with the cursor of the next. */
export async function gateToday(db: DB, scope: GateScope, lotId: number, now: Date) {
  const lot = await scopedLot(db, scope, lotId);
  const date = lotDate(now, lot.state);
  const [arrivals, departures, tallies] = await Promise.all([page(db, lot, 'arrivals', date, undefined), page(db, lot, 'departures', date, undefined), counts(db, lot.id, date)]);
  return {
    lot: { id: lot.id, name: lot.name, address: lot.address, location: lot.location },
    date,
    arrivals: arrivals.items,
    departures: departures.items,
    /** Where each list goes on (`gate.todayList` with this cursor), or null when the first page holds it all. */
    more: { arrivals: arrivals.nextCursor, departures: departures.nextCursor },
    counts: tallies,
  };
}

/** One page of today's arrivals or departures at a lot, from the start or after `cursor`. */
export async function gateTodayList(db: DB, scope: GateScope, input: TGateListInput, now: Date) {
  const lot = await scopedLot(db, scope, input.lotId);
  const date = lotDate(now, lot.state);
  return { date, ...(await page(db, lot, input.list, date, input.cursor ?? undefined)) };
}
