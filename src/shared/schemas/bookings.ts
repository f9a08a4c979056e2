// zod inputs of bookings: checkout (the form and POST /api/bookings/automated share this schema), the
// estimate and cancellation. Checks run in the spec's order: the API answers with the first message, the form
// marks every field that has one.
import { z } from './zod';
import { isUsPhone, US_PHONE_MESSAGE } from '../phone';
import { parseWallClock } from '../pricing';
import { ZCardDetails } from './card';
import { dateMessages, requiredDate } from './dates';
import { ZTravelDetails } from './travel';
import { ZLinkToken } from './link-token';

export const PROVIDER_MISSING_MESSAGE = 'Provider information is missing. Please select a parking provider.';
export const DEPARTURE_ORDER_MESSAGE = 'Departure date must be after arrival date';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const TERMS_MESSAGE = 'Please accept the Terms of Service and Privacy Policy';
export const MAX_STAY_DAYS = 90;
/** Lots publish rates a year out: arrivals further ahead are refused. */
export const MAX_ADVANCE_DAYS = 366;
export const MAX_ADVANCE_MESSAGE = 'Bookings can be made up to 12 months ahead. Please choose an arrival date within the next year.';

/** 'firstName' → 'First name' */
export function fieldWords(field: string): string {
  const words = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const requiredMessage = (field: string) => `${fieldWords(field)} is required`;

const required = (field: string, max: number) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field))
    .max(max, `${fieldWords(field)} is too long`);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The check a contact field gets when the traveller leaves it (the same rules as the whole form's). */
export function contactFieldProblem(field: 'email' | 'phone', value: string): string | null {
  const v = value.trim();
  if (!v) return null; // an empty field is reported on submit, first error first
  if (field === 'email') return EMAIL_PATTERN.test(v) ? null : EMAIL_MESSAGE;
  return isUsPhone(v) ? null : US_PHONE_MESSAGE;
}

export const ZBookingCustomer = z.object({
  firstName: required('firstName', 60),
  lastName: required('lastName', 60),
  email: required('email', 254).transform((v) => v.toLowerCase()),
  phone: required('phone', 32).refine(isUsPhone, US_PHONE_MESSAGE),
});

export const ZBookingReservation = z.object({
  arrivalDate: requiredDate(dateMessages(fieldWords('arrivalDate'))),
  departureDate: requiredDate(dateMessages(fieldWords('departureDate'))),
  vehicleMake: required('vehicleMake', 40),
  vehicleModel: required('vehicleModel', 40),
  licensePlate: z.string().trim().max(12, 'License plate is too long').optional().default(''),
});

/** A typed card (sandbox mode: the one card form, ./card.ts) or a payment method: a saved card, or one Stripe's Payment Element created. */
export const ZBookingPayment = z
  .object({
    paymentMethodId: z.string().trim().min(1).max(120).optional(),
    cardNumber: z.string().optional(),
    expirationDate: z.string().optional(),
    cvv: z.string().optional(),
    billingZip: z.string().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.paymentMethodId) return;
    const card = ZCardDetails.safeParse(p);
    for (const issue of card.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/** A problem with a stay's dates and the field it belongs to ('stay': the stay as a whole, such as a sold-out day). */
export interface TStayProblem {
  field: 'arrivalDate' | 'departureDate' | 'stay';
  message: string;
}

/**
 * What is wrong with a stay's dates on their own, before any lot is asked (empty dates are the required
 * check's): each problem once, at its field. Checkout, the estimate and the form use it.
 */
export function stayDateProblems(arrivalDate: string, departureDate: string, now = Date.now()): TStayProblem[] {
  const problems: TStayProblem[] = [];
  const arrival = parseWallClock(arrivalDate);
  const departure = parseWallClock(departureDate);
  if (arrival === null && arrivalDate.trim()) problems.push({ field: 'arrivalDate', message: 'Arrival date is not a valid date' });
  if (departure === null && departureDate.trim()) problems.push({ field: 'departureDate', message: 'Departure date is not a valid date' });
  if (arrival === null || departure === null) return problems;
  if (departure <= arrival) problems.push({ field: 'departureDate', message: DEPARTURE_ORDER_MESSAGE });
  else if (departure - arrival > MAX_STAY_DAYS * 86_400_000) problems.push({ field: 'departureDate', message: `Stays can be booked online for up to ${MAX_STAY_DAYS} days` });
  // Wall-clock arrival against now: a day of time-zone slack is immaterial at a year's distance.
  if (arrival > now + MAX_ADVANCE_DAYS * 86_400_000) problems.push({ field: 'arrivalDate', message: MAX_ADVANCE_MESSAGE });
  return problems;
}

export const ZCreateBookingInput = z
  .object({
    // A missing group reports its first missing field, not a type error.
    customerInfo: ZBookingCustomer.prefault({} as z.input<typeof ZBookingCustomer>),
    reservationDetails: ZBookingReservation.prefault({} as z.input<typeof ZBookingReservation>),
    paymentInfo: ZBookingPayment.prefault({} as z.input<typeof ZBookingPayment>),
    /** Optional flights (an airport) or ship and sailing date (a cruise port); see ./travel.ts. */
    travelDetails: ZTravelDetails.optional(),
    providerId: z.coerce.number({ error: PROVIDER_MISSING_MESSAGE }).int(PROVIDER_MISSING_MESSAGE).positive(PROVIDER_MISSING_MESSAGE),
    /** The Idempotency-Key header (REST) or the same value from the tRPC client. */
    idempotencyKey: z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters').max(100, 'Idempotency-Key must be 8 to 100 characters').optional(),
  })
  // Every field's problem is reported (the form marks them all); the API's message is the first, so the
  // required checks above still come before these.
  .superRefine((b, ctx) => {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const stay = stayDateProblems(text(b.reservationDetails?.arrivalDate), text(b.reservationDetails?.departureDate));
    for (const p of stay) ctx.addIssue({ code: 'custom', path: ['reservationDetails', p.field], message: p.message });
    const email = text(b.customerInfo?.email);
    if (email && !EMAIL_PATTERN.test(email)) ctx.addIssue({ code: 'custom', path: ['customerInfo', 'email'], message: EMAIL_MESSAGE });
  });
export type TCreateBookingInput = z.input<typeof ZCreateBookingInput>;
export type TCreateBooking = z.output<typeof ZCreateBookingInput>;

export const ZEstimateInput = z
  .object({
    providerId: z.coerce.number({ error: PROVIDER_MISSING_MESSAGE }).int(PROVIDER_MISSING_MESSAGE).positive(PROVIDER_MISSING_MESSAGE),
    arrivalDate: requiredDate(dateMessages(fieldWords('arrivalDate'))),
    departureDate: requiredDate(dateMessages(fieldWords('departureDate'))),
    /** Sent by one of the spec's forms; ignored: the server's price wins. */
    providerPrice: z.unknown().optional(),
    /** A guest's e-mail: the estimate then applies the credit that e-mail has at this place, as checkout will. */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((v) => EMAIL_PATTERN.test(v), EMAIL_MESSAGE)
      .optional(),
  })
  .superRefine((e, ctx) => {
    const arrival = parseWallClock(e.arrivalDate);
    const departure = parseWallClock(e.departureDate);
    if (arrival === null || departure === null) return void ctx.addIssue({ code: 'custom', path: ['arrivalDate'], message: 'Please enter valid dates' });
    if (departure <= arrival) ctx.addIssue({ code: 'custom', path: ['departureDate'], message: DEPARTURE_ORDER_MESSAGE });
  });

export const ZUpdateBookingStatusInput = z.object({
  id: z.coerce.number().int().positive(),
  status: z.literal('cancelled', { error: "Only 'cancelled' can be set" }),
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional().default(''),
});

// A signed link's token and what a link that does not open says: in ./link-token.ts (small, for the pages that
// need only them, such as the reviews on a lot's page).
export { LINK_INVALID_MESSAGE, ZLinkToken } from './link-token';

export const ZBookingRef = z.object({ confirmationNumber: z.string().trim().min(4).max(20) });
export const ZBookingLinkRef = ZBookingRef.extend({ token: ZLinkToken });

/** The checkout form's fields (spec section 3, Booking form), flat as the screen holds them. */
export interface TBookingForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  arrivalDate: string;
  departureDate: string;
  vehicleMake: string;
  vehicleModel: string;
  licensePlate: string;
  /** Optional: flights at an airport, the ship and its sailing date at a cruise port (./travel.ts). */
  outboundFlight: string;
  returnFlight: string;
  shipName: string;
  sailingDate: string;
  cardNumber: string;
  expirationDate: string;
  cvv: string;
  billingZip: string;
  acceptTerms: boolean;
}

/** Maps the flat form to the request body; with a payment method the card fields are not sent. */
export function toBookingRequest(form: TBookingForm, providerId: number | string | undefined, paymentMethodId?: string): TCreateBookingInput {
  return {
    providerId,
    customerInfo: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
    reservationDetails: {
      arrivalDate: form.arrivalDate,
      departureDate: form.departureDate,
      vehicleMake: form.vehicleMake,
      vehicleModel: form.vehicleModel,
      licensePlate: form.licensePlate,
    },
    travelDetails: { outboundFlight: form.outboundFlight, returnFlight: form.returnFlight, shipName: form.shipName, sailingDate: form.sailingDate },
    paymentInfo: paymentMethodId ? { paymentMethodId } : { cardNumber: form.cardNumber, expirationDate: form.expirationDate, cvv: form.cvv, billingZip: form.billingZip },
  };
}

/**
 * Every problem of the checkout form at once (the server runs the same schema): one message per field, the
 * first each field has, keyed by the form's field names.
 */
export function bookingFormErrors(form: TBookingForm, providerId: number | string | undefined, paymentMethodId?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = ZCreateBookingInput.safeParse(toBookingRequest(form, providerId, paymentMethodId));
  for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[issue.path.length - 1] ?? 'form')] ??= issue.message;
  if (!form.acceptTerms) errors.acceptTerms = TERMS_MESSAGE;
  return errors;
}
