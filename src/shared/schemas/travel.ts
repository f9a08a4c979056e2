// The traveller's flights (or, at a cruise port, the ship and its sailing date), given at checkout and changed
// on the manage page: optional, validated and normalised here for the form and the server alike.
import { z } from './zod';
import { parseWallClock } from '../wall-clock';

export const FLIGHT_MESSAGE = 'Enter a flight number like UA 1234.';
export const SHIP_MESSAGE = 'Enter the ship’s name (up to 60 characters).';
export const SAILING_DATE_MESSAGE = 'Enter the sailing date like 2026-12-24.';

/** An airline's IATA code (two letters or digits, not two digits), 1-4 digits and an optional letter: 'ua1234', 'B6-57', 'DL 12a'. */
const FLIGHT = /^([A-Z][A-Z0-9]|[0-9][A-Z])\s*-?\s*0*([0-9]{1,4})([A-Z]?)$/;

/** 'ua1234' → 'UA 1234', 'b6 057' → 'B6 57'; null when it is not a flight number. */
export function normaliseFlight(value: string): string | null {
  const m = FLIGHT.exec(value.trim().toUpperCase());
  if (!m || m[2] === '0') return null;
  return `${m[1]} ${m[2]}${m[3]}`;
}

/** An optional text field (blank is absent: null), normalised by `check` (null: `message`). */
const optionalText = (max: number, message: string, check: (v: string) => string | null) =>
  z
    .string({ error: message })
    .max(max, message)
    .nullish()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) return null;
      const ok = check(t);
      if (ok === null) ctx.addIssue({ code: 'custom', message });
      return ok;
    });

const flight = optionalText(20, FLIGHT_MESSAGE, normaliseFlight);
const validDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && parseWallClock(`${v}T00:00`) !== null ? v : null);

export const ZTravelDetails = z.object({
  outboundFlight: flight,
  returnFlight: flight,
  shipName: optionalText(60, SHIP_MESSAGE, (v) => v),
  sailingDate: optionalText(10, SAILING_DATE_MESSAGE, validDate),
});
export type TTravelDetailsInput = z.input<typeof ZTravelDetails>;
export type TTravelDetails = z.output<typeof ZTravelDetails>;

export const NO_TRAVEL: TTravelDetails = { outboundFlight: null, returnFlight: null, shipName: null, sailingDate: null };

/** Flights for an airport lot, ship and sailing for a cruise port: the other pair is dropped. */
export function travelFor(kind: 'airport' | 'cruise_port', t: TTravelDetails | undefined): TTravelDetails {
  if (!t) return NO_TRAVEL;
  return kind === 'cruise_port'
    ? { ...NO_TRAVEL, shipName: t.shipName, sailingDate: t.sailingDate }
    : { ...NO_TRAVEL, outboundFlight: t.outboundFlight, returnFlight: t.returnFlight };
}

export { travelText } from '../travel-text';
