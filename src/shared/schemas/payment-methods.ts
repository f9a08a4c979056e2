// zod inputs of saved cards: the add form's billing details (spec: name, e-mail, address, city, state, ZIP;
// country fixed US) and payment method references.
import { z } from './zod';
import { acceptingCardAliases, ZSandboxCardFields } from './card';

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message.replace('is required', 'is too long'));

export const ZBillingDetails = z.object({
  name: required('Full name is required', 100),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254).pipe(z.email('Please enter a valid email address')),
  address: z.object({
    line1: required('Address is required', 200),
    city: required('City is required', 100),
    state: required('State is required', 50),
    postal_code: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .min(1, 'ZIP code is required')
      .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid 5-digit ZIP code'),
    country: z.literal('US').optional().default('US'),
  }),
});
export type TBillingDetails = z.input<typeof ZBillingDetails>;

export const ZAddPaymentMethodInput = z.object({
  payment_method_id: z.string({ error: 'A card is required' }).trim().min(1, 'A card is required').max(120),
  billing_details: ZBillingDetails,
});

export const ZPaymentMethodRef = z.object({ id: z.string().trim().min(1).max(120) });

/** The sandbox's stand-in for Stripe.js: a test card (the one card form's fields) becomes a payment method id. */
export const ZSandboxPaymentMethodInput = acceptingCardAliases(ZSandboxCardFields);
