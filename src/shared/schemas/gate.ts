// Inputs of the gate (lot staff looking up, checking in and out a parking pass) and of granting lot staff.
// Used by the /gate page, the lot editor's staff section and the procedures.
import { z } from './zod';

const CONFIRMATION_MESSAGE = 'Enter a confirmation number like PP-7K3M9Q2H.';

/**
 * A confirmation number as typed or read from the pass QR (which holds the bare number): spaces anywhere
 * and lower case are accepted, and the 'PP-' prefix may be left out ('7k3m 9q2h' is PP-7K3M9Q2H).
 */
export function normalizeConfirmationNumber(value: string): string {
  const bare = value.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(bare) ? `PP-${bare}` : bare;
}

export const ZConfirmationNumber = z
  .string()
  .max(64, CONFIRMATION_MESSAGE)
  .transform(normalizeConfirmationNumber)
  .pipe(z.string().min(4, CONFIRMATION_MESSAGE).max(24, CONFIRMATION_MESSAGE).regex(/^[A-Z0-9-]+$/, CONFIRMATION_MESSAGE));

const lotId = z.coerce.number({ error: 'Choose a lot.' }).int('Choose a lot.').positive('Choose a lot.');

/** Today's arrivals and departures of one lot. */
export const ZGateTodayInput = z.object({ lotId });
export type TGateTodayInput = z.infer<typeof ZGateTodayInput>;

/** One pass, looked up (or checked in or out) at the gate of `lotId` when given (a pass for another lot is refused). */
export const ZGatePassInput = z.object({ confirmationNumber: ZConfirmationNumber, lotId: lotId.optional() });
export type TGatePassInput = z.infer<typeof ZGatePassInput>;

/** The staff of one lot (admin). */
export const ZLotStaffInput = z.object({ lotId });

/** Granting a lot's gate to an existing account, by its e-mail (admin). */
export const ZGrantStaffInput = z.object({
  lotId,
  email: z.string().trim().toLowerCase().min(1, 'Enter the e-mail of their account.').max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
});
export type TGrantStaffInput = z.infer<typeof ZGrantStaffInput>;

/** Taking a lot's gate away from someone (admin). */
export const ZRevokeStaffInput = z.object({ lotId, userId: z.coerce.number().int().positive() });
