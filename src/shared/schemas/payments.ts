// zod inputs of payments: the $0.99 detail-access fee and the sandbox card form.
import { z } from './zod';
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

export const ZSandboxCardInput = z.object({
  paymentIntentId: z.string().trim().min(1).max(200),
  clientSecret: z.string().trim().min(1).max(300),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Please enter a valid card number')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Expiry must look like MM/YY'),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit security code'),
  postalCode: z.string().trim().max(10).optional(),
});

export const ZCheckAccessInput = z.object({ location: z.string().trim().min(1).max(120) });
