// The assistant never proposes a start in the past. A stay that starts today at a place (its own calendar:
// "SFO tonight" at 10 PM Pacific is still today in San Francisco) gets a time: the part of the day asked for
// ("tonight": 6 PM) or, when that has passed or none was named, the soonest arrival the lot can still take
// (now plus half an hour, on the next half hour). Stays on later days keep their date.
import type { StayDates } from '@/shared/nlu/dates';
import { formatStay } from '@/shared/format';
import { soonestStart } from '@/shared/stay-times';
import { lotWallClock, nextDate } from '../catalogue/lot-time';

/** Time to get to the lot from the moment of asking. */
export const ARRIVAL_LEAD_MINUTES = 30;

/** The soonest arrival the assistant proposes from a lot-local 'YYYY-MM-DDTHH:mm': time to get there, then checkout's rounding. */
export function soonestArrival(localNow: string): string {
  return soonestStart(localNow, ARRIVAL_LEAD_MINUTES);
}

export interface SameDayStay {
  dates: StayDates;
  /** The part of the day asked for had already passed: the start was moved to the soonest arrival. */
  moved: boolean;
}

/** The stay with a start that is not in the past at the lot; `startTime` is the part of the day asked for. */
export function sameDayStay(dates: StayDates, startTime: string | null, state: string, now: Date): SameDayStay {
  const localNow = lotWallClock(now, state);
  const day = dates.arrivalDate.slice(0, 10);
  // Only a start today gets a time: later days keep their date, earlier ones are the caller's to refuse.
  if (day !== localNow.slice(0, 10)) return { dates, moved: false };
  const soonest = soonestArrival(localNow);
  const asked = dates.arrivalDate.length > 10 ? dates.arrivalDate : `${day}T${startTime ?? '00:00'}`;
  const arrivalDate = asked > soonest ? asked : soonest;
  const departure = dates.departureDate.length > 10 ? dates.departureDate : `${dates.departureDate}T00:00`;
  // A departure the new start overtakes (late at night, "today" alone): a day after the start.
  const departureDate = departure > arrivalDate ? dates.departureDate : `${nextDate(arrivalDate.slice(0, 10))}${arrivalDate.slice(10)}`;
  return { dates: { arrivalDate, departureDate }, moved: startTime !== null && asked < soonest };
}

/** "6:00 PM today" (or its date when the start moved past midnight), for the reply. */
export function startPhrase(arrival: string, state: string, now: Date): string {
  const [date, time] = formatStay(arrival).split(' at ');
  return arrival.slice(0, 10) === lotWallClock(now, state).slice(0, 10) ? `${time} today` : `${time} on ${date}`;
}
