// How a booking's flights or sailing read in one line (the pass, the manage page, the gate). No zod here: the
// pass is on pages whose code is kept small.
import type { TTravelDetails } from './schemas/travel';

/** 'Flights UA 1234 out, UA 987 back' / 'Sailing: Wonder of the Seas, 2026-12-24', or null when none was given. */
export function travelText(t: Partial<TTravelDetails>): string | null {
  if (t.shipName || t.sailingDate) return `Sailing: ${[t.shipName, t.sailingDate].filter(Boolean).join(', ')}`;
  const parts = [t.outboundFlight && `${t.outboundFlight} out`, t.returnFlight && `${t.returnFlight} back`].filter(Boolean);
  return parts.length ? `Flights: ${parts.join(', ')}` : null;
}
