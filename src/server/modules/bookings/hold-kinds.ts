// Every kind of paid hold (paid-hold.ts), for the paths that meet a charge or a row without knowing its kind:
// the payment webhook (by the charge's metadata) and the reaper (each kind's expired holds).
import { dateChangeHold } from './change-dates';
import type { AnyKind } from './paid-hold';
import { overstayHold } from './overstay';
import { bookingHold } from './settle';

export const HOLD_KINDS: readonly AnyKind[] = [bookingHold, dateChangeHold, overstayHold];

/** The hold a charge paid for, by its metadata (null for other charges: the access fee). */
export function holdOfCharge(metadata: Record<string, string> | null | undefined): { kind: AnyKind; id: number } | null {
  const kind = HOLD_KINDS.find((k) => k.purpose === metadata?.purpose);
  const id = kind ? Number(metadata?.[kind.idKey]) : NaN;
  return kind && Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
}
