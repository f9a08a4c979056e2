// When a booking's two reminder e-mails go, and queuing them. The times are lot-local (the booking's dates are
// wall-clock times at the lot, turned into instants with its state's zone, daylight saving included):
// - arrival: 10:00 at the lot the day before the arrival day; booked later than that (but before arrival),
//   at once. Not planned once the arrival has passed.
// - departure: 07:00 at the lot on the departure day, but at least 3 hours before the departure time (a 08:00
//   check-out gets it at 05:00), and never before the arrival (a same-day stay gets it at check-in); past that
//   instant, at once; not planned once the departure has passed.
// Each is a job whose dedupe key names the booking and the planned date, so the same dates plan one job however
// often they are planned (on every server, after every restart), and new dates plan a new one; the old job,
// finding other dates at run time, ends without sending (reminder-mail.ts).
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { enqueueJobs, jobOf, type JobSpec } from '../../jobs/queue';
import { wallClockToInstant, zoneForState } from '@/shared/time-zones';
import { parseWallClock, toWallClock } from '@/shared/wall-clock';

export const ARRIVAL_REMINDER_TIME = '10:00';
export const DEPARTURE_REMINDER_TIME = '07:00';
/** The departure reminder goes at least this long before the departure time. */
export const DEPARTURE_REMINDER_LEAD_MS = 3 * 60 * 60_000;

type Writer = Pick<DB, 'insert' | 'select'>;
export interface ReminderStay {
  id: number;
  providerId: number;
  arrivalDate: string;
  departureDate: string;
}
export interface ReminderPlan {
  arrival: { date: string; runAt: Date } | null;
  departure: { date: string; runAt: Date } | null;
}

/** 'YYYY-MM-DD' of the day before a wall-clock time's day. */
const dayBefore = (wall: string) => new Date(parseWallClock(wall.slice(0, 10))! - 86_400_000).toISOString().slice(0, 10);

/** The instants the two reminders of a stay go, in the lot's zone (null: too late for that one). */
export function reminderTimes(stay: { arrivalDate: string; departureDate: string }, zone: string, now: Date): ReminderPlan {
  const arrival = toWallClock(stay.arrivalDate);
  const departure = toWallClock(stay.departureDate);
  if (!arrival || !departure) return { arrival: null, departure: null };
  const arrivalAt = wallClockToInstant(arrival, zone)!;
  const departureAt = wallClockToInstant(departure, zone)!;
  const atOrNow = (t: number) => new Date(Math.max(t, now.getTime()));

  const arrivalPlanned = wallClockToInstant(`${dayBefore(arrival)}T${ARRIVAL_REMINDER_TIME}`, zone)!.getTime();
  const departurePlanned = Math.max(
    Math.min(wallClockToInstant(`${departure.slice(0, 10)}T${DEPARTURE_REMINDER_TIME}`, zone)!.getTime(), departureAt.getTime() - DEPARTURE_REMINDER_LEAD_MS),
    arrivalAt.getTime(),
  );
  return {
    arrival: now < arrivalAt ? { date: arrival, runAt: atOrNow(arrivalPlanned) } : null,
    departure: now < departureAt ? { date: departure, runAt: atOrNow(departurePlanned) } : null,
  };
}

export const arrivalReminderKey = (bookingId: number, arrival: string) => `reminder-arrival:${bookingId}:${arrival}`;
export const departureReminderKey = (bookingId: number, departure: string) => `reminder-departure:${bookingId}:${departure}`;

/**
 * Queues a confirmed booking's reminders for its current dates, in the caller's transaction (the confirmation
 * e-mail's job, a change of dates, a move under the guarantee). `state`: the lot's, when the caller has it.
 */
export async function planReminders(tx: Writer, stay: ReminderStay, now: Date, state?: string): Promise<ReminderPlan> {
  const lotState = state ?? (await stateOfLot(tx, stay.providerId));
  const plan = reminderTimes(stay, zoneForState(lotState ?? ''), now);
  const jobs: JobSpec[] = [];
  if (plan.arrival)
    jobs.push(
      jobOf('mail.arrival-reminder', { bookingId: stay.id, arrival: plan.arrival.date }, { runAt: plan.arrival.runAt, dedupeKey: arrivalReminderKey(stay.id, plan.arrival.date) }),
    );
  if (plan.departure)
    jobs.push(
      jobOf(
        'mail.departure-reminder',
        { bookingId: stay.id, departure: plan.departure.date },
        { runAt: plan.departure.runAt, dedupeKey: departureReminderKey(stay.id, plan.departure.date) },
      ),
    );
  // None once both instants have passed (no statement is written then).
  await enqueueJobs(tx, jobs);
  return plan;
}

async function stateOfLot(db: Writer, providerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ state: locations.state })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, providerId));
  return row?.state;
}
