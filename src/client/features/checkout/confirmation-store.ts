// What the confirmation page reads after checkout: the spec's local-storage keys, plus the whole booking
// summary for this tab (a guest whose e-mail already had an account is not signed in, so cannot fetch it).
import type { RouterOutputs } from '@/client/lib/trpc';

export type CreatedBooking = RouterOutputs['bookings']['create'];
export type StoredConfirmation = CreatedBooking['booking'] & { days: number };

const SUMMARY_KEY = 'pp:lastBooking';

export function storeConfirmation(result: CreatedBooking, days: number) {
  const b = result.booking;
  try {
    localStorage.setItem('lastConfirmationNumber', result.confirmationNumber);
    localStorage.setItem('checkInDate', b.arrivalDate);
    localStorage.setItem('checkOutDate', b.departureDate);
    localStorage.setItem('parkingLocation', `${b.providerName}, ${b.address}`);
    localStorage.setItem('customerEmail', b.email);
    sessionStorage.setItem(SUMMARY_KEY, JSON.stringify({ ...b, days }));
  } catch {
    // Storage may be full or disabled; the confirmation e-mail carries the same details.
  }
}

export function readConfirmation(confirmationNumber: string | null): StoredConfirmation | null {
  try {
    const raw = sessionStorage.getItem(SUMMARY_KEY);
    const stored = raw ? (JSON.parse(raw) as StoredConfirmation) : null;
    if (stored && (!confirmationNumber || stored.confirmationNumber === confirmationNumber)) return stored;
  } catch {
    // fall through
  }
  return null;
}
