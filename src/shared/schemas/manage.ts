// zod inputs of managing a booking (/manage/{confirmation}): which booking (and the signed link, when not
// signed in as its owner), new dates, a new vehicle, and asking for a fresh link by e-mail. The forms and the
// procedures share them.
import { z } from './zod';
import { dateMessages, requiredDate } from './dates';
import { ZTravelDetails } from './travel';
import { EMAIL_MESSAGE, stayDateProblems, ZBookingPayment, ZBookingReservation, ZLinkToken } from './bookings';

const confirmationNumber = z
  .string({ error: 'Confirmation number is required' })
  .trim()
  .min(1, 'Confirmation number is required')
  .max(20, 'Please enter the confirmation number from your e-mail, like PP-7K3M9Q2H')
  .transform((v) => v.toUpperCase());

export const ZManageRef = z.object({
  confirmationNumber,
  /** The signed link's token (the e-mail's link); without it the caller must be the booking's owner. */
  token: ZLinkToken.optional(),
});
export type TManageRef = z.input<typeof ZManageRef>;

export const ZNewDates = ZManageRef.extend({
  arrivalDate: requiredDate(dateMessages('Arrival date')),
  departureDate: requiredDate(dateMessages('Departure date')),
}).superRefine((v, ctx) => {
  for (const p of stayDateProblems(v.arrivalDate, v.departureDate)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});
export type TNewDates = z.input<typeof ZNewDates>;

export const ZChangeDatesInput = ZNewDates.and(
  z.object({
    /** How to pay when the new dates cost more: a typed card (sandbox), a saved card or a Stripe payment method. */
    paymentInfo: ZBookingPayment.optional(),
    /** The Idempotency-Key header (REST) or the same value from the tRPC client: a repeat changes nothing twice. */
    idempotencyKey: z
      .string({ error: 'Idempotency-Key is required' })
      .trim()
      .min(8, 'Idempotency-Key must be 8 to 100 characters')
      .max(100, 'Idempotency-Key must be 8 to 100 characters'),
  }),
);
export type TChangeDatesInput = z.input<typeof ZChangeDatesInput>;

export const ZChangeVehicleInput = ZManageRef.extend(ZBookingReservation.pick({ vehicleMake: true, vehicleModel: true, licensePlate: true }).shape);
export type TChangeVehicleInput = z.input<typeof ZChangeVehicleInput>;

/** New flights (or ship and sailing date at a cruise port), until departure: blanks clear them. */
export const ZChangeTravelInput = ZManageRef.extend(ZTravelDetails.shape);
export type TChangeTravelInput = z.input<typeof ZChangeTravelInput>;

/** Paying an overstay that no card on file paid (the manage page's "Pay now"): a card, and the Idempotency-Key. */
export const ZPayOverstayInput = ZManageRef.extend({
  paymentInfo: ZBookingPayment,
  idempotencyKey: z
    .string({ error: 'Idempotency-Key is required' })
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters'),
});
export type TPayOverstay = z.output<typeof ZPayOverstayInput>;

export const ZCancelManagedInput = ZManageRef.extend({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional().default(''),
});

export const ZRequestManageLink = z.object({
  confirmationNumber,
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_MESSAGE)
    .transform((v) => v.toLowerCase()),
});
export type TRequestManageLink = z.input<typeof ZRequestManageLink>;

/** The answer to a link request, the same whether or not the booking exists (nobody learns whose it is). */
export const MANAGE_LINK_SENT_MESSAGE = 'If that confirmation number and e-mail match a booking, a link to manage it is on its way to that e-mail address. It works for 7 days.';
