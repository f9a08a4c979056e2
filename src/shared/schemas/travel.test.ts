import { describe, expect, it } from 'vitest';
import { FLIGHT_MESSAGE, normaliseFlight, travelFor, travelText, ZTravelDetails } from './travel';

describe('flight numbers', () => {
  it('normalises an airline code and number like UA 1234', () => {
    expect(normaliseFlight('ua1234')).toBe('UA 1234');
    expect(normaliseFlight(' b6-057 ')).toBe('B6 57');
    expect(normaliseFlight('DL 12a')).toBe('DL 12A');
    expect(normaliseFlight('9W 339')).toBe('9W 339');
  });

  it('refuses what is not a flight number', () => {
    for (const bad of ['12 345', 'UAL 1234', 'UA', 'UA 12345', 'UA 0', 'hello']) expect(normaliseFlight(bad)).toBeNull();
  });

  it('the schema says how to write one, and blanks are absent', () => {
    const bad = ZTravelDetails.safeParse({ outboundFlight: 'flight 1' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['outboundFlight'], message: FLIGHT_MESSAGE });
    expect(ZTravelDetails.parse({ outboundFlight: ' ', returnFlight: 'aa100' })).toEqual({ outboundFlight: null, returnFlight: 'AA 100', shipName: null, sailingDate: null });
    expect(ZTravelDetails.safeParse({ sailingDate: '2026-02-30' }).success).toBe(false);
  });

  it('keeps flights at an airport and the ship at a cruise port', () => {
    const t = ZTravelDetails.parse({ outboundFlight: 'UA 1', shipName: 'Wonder of the Seas', sailingDate: '2026-12-24' });
    expect(travelFor('airport', t)).toMatchObject({ outboundFlight: 'UA 1', shipName: null });
    expect(travelFor('cruise_port', t)).toMatchObject({ outboundFlight: null, shipName: 'Wonder of the Seas' });
    expect(travelText(travelFor('cruise_port', t))).toBe('Sailing: Wonder of the Seas, 2026-12-24');
    expect(travelText({ outboundFlight: 'UA 1', returnFlight: 'UA 2' })).toBe('Flights: UA 1 out, UA 2 back');
    expect(travelText({})).toBeNull();
  });
});
