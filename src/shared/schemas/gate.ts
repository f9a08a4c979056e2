// Inputs of the gate (lot staff looking up, checking in and out a parking pass) and of granting lot staff.
// Used by the /gate page, the lot editor's staff section and the procedures.
import { z } from './zod';

const CONFIRMATION_MESSAGE = 'Enter a confirmation number like PP-7K3M9Q2H.';

/**
 * A confirmation number as typed or read from the pass QR (which holds the bare number): spaces and hyphens
 * anywhere, any case, with or without the 'PP' prefix ('pp 7yhn efsk', 'PP7YHNEFSK', '7YHN-EFSK' are all
 * PP-7YHNEFSK). Anything else is only compacted, for the schema to refuse with its message.
 */
export function normalizeConfirmationNumber(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const code = /^(?:PP)?([A-Z0-9]{8})$/.exec(compact.replace(/-/g, ''))?.[1];
  return code ? `PP-${code}` : compact;
}

/** What the gate says of a pass booked at a lot the staff member does not work at (or not at this gate). */
export const OTHER_LOT_PREFIX = 'This pass is for another lot';
export const otherLotMessage = (lotName: string) => `${OTHER_LOT_PREFIX} (${lotName}).`;

export const ZConfirmationNumber = z
  .string()
  .max(64, CONFIRMATION_MESSAGE)
  .transform(normalizeConfirmationNumber)
  .pipe(
    z
      .string()
      .min(4, CONFIRMATION_MESSAGE)
      .max(24, CONFIRMATION_MESSAGE)
      .regex(/^[A-Z0-9-]+$/, CONFIRMATION_MESSAGE),
  );

const lotId = z.coerce.number({ error: 'Choose a lot.' }).int('Choose a lot.').positive('Choose a lot.');

/** Today's arrivals and departures of one lot. */
export const ZGateTodayInput = z.object({ lotId });
export type TGateTodayInput = z.infer<typeof ZGateTodayInput>;

/** One pass, looked up (or checked in or out) at the gate of `lotId` when given (a pass for another lot is refused). */
export const ZGatePassInput = z.object({ confirmationNumber: ZConfirmationNumber, lotId: lotId.optional() });
export type TGatePassInput = z.infer<typeof ZGatePassInput>;

/** A check-out, with the Idempotency-Key (REST header, or the same value from the page) that makes a retry charge a late car's extra days once. */
export const ZGateCheckOutInput = ZGatePassInput.extend({
  idempotencyKey: z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters').max(100, 'Idempotency-Key must be 8 to 100 characters').optional(),
});

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

/** A plate as compared at the gate: letters and digits only, upper case ('abc 1234', 'ABC-1234' are ABC1234). */
export const compactPlate = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const SEARCH_MESSAGE = 'Type a plate, a last name or the last 4 digits of the phone.';

/** Finding today's and current bookings without a code: plate, last name or the phone's last four digits. */
export const ZGateSearchInput = z.object({
  q: z
    .string()
    .trim()
    .min(2, SEARCH_MESSAGE)
    .max(60, SEARCH_MESSAGE)
    .refine((q) => /[\p{L}\p{N}]/u.test(q), SEARCH_MESSAGE),
  lotId: lotId.optional(),
});
export type TGateSearchInput = z.infer<typeof ZGateSearchInput>;

/** One page of today's arrivals or departures at a lot, after the cursor of the page before. */
export const ZGateListInput = z.object({
  lotId,
  list: z.enum(['arrivals', 'departures'], { error: 'Choose arrivals or departures.' }),
  cursor: z.string().max(200).nullish(),
});
export type TGateListInput = z.infer<typeof ZGateListInput>;
