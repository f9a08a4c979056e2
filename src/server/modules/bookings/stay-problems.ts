// Why a lot cannot take a stay: the rules checkout enforces when it books, in one place, so the estimate can
// say which one as soon as the dates are chosen (each with the field it belongs to) and checkout refuses with
// the same words. The estimate only reads; checkout takes the days under lock and re-checks.
import type { DB } from '../../db/client';
import { formatDayDate } from '@/shared/format';
import { MAX_ADVANCE_DAYS, MAX_ADVANCE_MESSAGE, stayDateProblems, type TStayProblem } from '@/shared/schemas/bookings';
import { PAST_ARRIVAL_MESSAGE } from '@/shared/schemas/search';
import { instantAt } from './booking-view';
import { closedDays, freeSpaces } from './inventory';

/** Arrivals may be a little in the past (a traveller booking from the shuttle queue). */
export const ARRIVAL_GRACE_MS = 60 * 60_000;

export function soldOutMessage(providerName: string) {
  return `Sorry, ${providerName} is sold out for these dates. Please choose different dates or another lot.`;
}

export function closedDaysMessage(providerName: string, closed: string[]) {
  const shown = closed.slice(0, 3).map(formatDayDate).join('; ') + (closed.length > 3 ? ` and ${closed.length - 3} more` : '');
  return `Sorry, ${providerName} is not taking bookings on ${shown}. Please choose different dates or another lot.`;
}

/** Why a stay could not be taken: days closed to new bookings, or else sold out. */
export async function unavailableMessage(db: Pick<DB, 'select'>, provider: { id: number; name: string }, arrival: string, departure: string) {
  const closed = await closedDays(db, provider.id, arrival, departure);
  return closed.length ? closedDaysMessage(provider.name, closed) : soldOutMessage(provider.name);
}

/** The arrival's own problem at this lot now (lot-local wall-clock time): in the past, or too far ahead. */
export function arrivalProblem(arrival: string, state: string, now: Date): string | null {
  const arrivalAt = instantAt(arrival, state).getTime();
  if (arrivalAt < now.getTime() - ARRIVAL_GRACE_MS) return PAST_ARRIVAL_MESSAGE;
  if (arrivalAt > now.getTime() + MAX_ADVANCE_DAYS * 86_400_000) return MAX_ADVANCE_MESSAGE;
  return null;
}

/**
 * The first reason this lot cannot take this stay now, at its field, or null: the dates themselves, the
 * arrival at the lot's time, then closed or sold-out days (a read; booking takes them under lock).
 */
export async function stayProblem(
  db: Pick<DB, 'select'>,
  lot: { provider: { id: number; name: string; capacity: number; onlineBuffer?: number }; location: { state: string } },
  arrival: string,
  departure: string,
  now: Date,
): Promise<TStayProblem | null> {
  const [dates] = stayDateProblems(arrival, departure, now.getTime());
  if (dates) return dates;
  const arriving = arrivalProblem(arrival, lot.location.state, now);
  if (arriving) return { field: 'arrivalDate', message: arriving };
  const closed = await closedDays(db, lot.provider.id, arrival, departure);
  if (closed.length) return { field: 'stay', message: closedDaysMessage(lot.provider.name, closed) };
  const free = await freeSpaces(db, [lot.provider], arrival, departure);
  if ((free.get(lot.provider.id) ?? 0) <= 0) return { field: 'stay', message: soldOutMessage(lot.provider.name) };
  return null;
}
