// The stay a lot's page prices and the estimate it asks the server for. The page works them out in the browser
// once hydrated (the start depends on the clock: use-stay-start.ts); the server works out the same for the first
// render's data, so the browser finds the estimate there and sends no request before the tRPC client has loaded.
import { defaultArrival, defaultDeparture } from '@/shared/stay-times';
import { zoneForState } from '@/shared/time-zones';
import { dayFromToday, toWallClock } from '@/shared/wall-clock';

/** The address's dates (a departure not after the arrival is a day later), else a day from tomorrow. */
export function lotStayDates(params: URLSearchParams): { arrival: string; departure: string } {
  const arrival = toWallClock(params.get('arrivalDate') ?? '') ?? toWallClock(dayFromToday(1))!;
  const departureRaw = toWallClock(params.get('departureDate') ?? '');
  const departure = departureRaw && departureRaw > arrival ? departureRaw : toWallClock(new Date(Date.parse(`${arrival}:00Z`) + 86_400_000).toISOString().slice(0, 10))!;
  return { arrival, departure };
}

/** The estimate's input for a stay starting at `start` (the arrival's time as checkout will set it). */
export const estimateInput = (providerId: number, start: string, departure: string) => ({
  providerId,
  arrivalDate: start,
  departureDate: defaultDeparture(departure) ?? departure,
});

/** The estimate's input the page will ask for at `now`: the server's prefetch (routes.tsx). */
export function lotEstimateInput(lot: { id: number; terminal: { state: string } }, params: URLSearchParams, now: number) {
  const { arrival, departure } = lotStayDates(params);
  return estimateInput(lot.id, defaultArrival(arrival, zoneForState(lot.terminal.state), now) ?? arrival, departure);
}
