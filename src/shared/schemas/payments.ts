// zod inputs of payments: the $0.99 detail-access fee and the sandbox card form.
import { z } from './zod';
import { acceptingCardAliases, ZSandboxCardFields } from './card';
import { DETAIL_ACCESS_FEE } from '../constants';
import { isUsPhone, US_PHONE_MESSAGE } from '../phone';

export const REQUIRED_INFO_MESSAGE = 'Required Information Missing: Please fill in your contact information to proceed';

export const ZCustomerInfo = z.object({
  firstName: z.string().trim().min(1, REQUIRED_INFO_MESSAGE).max(60),
  lastName: z.string().trim().min(1, REQUIRED_INFO_MESSAGE).max(60),
  email: z.string().trim().toLowerCase().min(1, REQUIRED_INFO_MESSAGE).max(254).pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .max(32, US_PHONE_MESSAGE)
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isUsPhone(v), US_PHONE_MESSAGE),
});

export const ZInformationAccessInput = z.object({
  location: z.string().trim().min(1, 'Location is required').max(120),
  amount: z.coerce
    .number()
    .optional()
    .refine((v) => v === undefined || Math.abs(v - DETAIL_ACCESS_FEE) < 0.001, `The detail access fee is $${DETAIL_ACCESS_FEE}`),
  customerInfo: ZCustomerInfo.optional(),
  /** Signed in: pay with one of your saved cards at once (its id as listed), instead of a card form. */
  paymentMethodId: z.string().trim().min(1).max(200).optional(),
  /** With a saved card: the same key for a retry charges once. */
  idempotencyKey: z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters').max(100, 'Idempotency-Key must be 8 to 100 characters').optional(),
});
export type TInformationAccessInput = z.input<typeof ZInformationAccessInput>;
export type TInformationAccess = z.output<typeof ZInformationAccessInput>;

export const ZPaymentIntentRef = z.object({ paymentIntentId: z.string().trim().min(1).max(200) });

/** Sandbox only: the fee's intent confirmed with a typed card (the one card form's fields). */
export const ZSandboxCardInput = acceptingCardAliases(
  ZSandboxCardFields.extend({
    paymentIntentId: z.string().trim().min(1).max(200),
    clientSecret: z.string().trim().min(1).max(300),
  }),
);

export const ZCheckAccessInput = z.object({ location: z.string().trim().min(1).max(120) });
