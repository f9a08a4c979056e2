// zod inputs of accounts, with the spec's exact messages (section 5). Used by forms and procedures.
import { z } from './zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { isUsPhone, US_PHONE_MESSAGE } from '../phone';

const email = z.string().trim().toLowerCase().max(254, 'Invalid email address').pipe(z.email('Invalid email address'));
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));
const phone = z
  .string()
  .trim()
  .max(32, US_PHONE_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isUsPhone(v), US_PHONE_MESSAGE);
const zipCode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^\d{5}(-\d{4})?$/.test(v), 'Please enter a valid ZIP code');
/** argon2 input is bounded so a huge password cannot be used to burn CPU. */
const newPassword = (message: string) => z.string().min(PASSWORD_MIN_LENGTH, message).max(128, 'Password must be at most 128 characters');

export const ZRegisterInput = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  email,
  password: newPassword('Password must be at least 8 characters'),
  phone,
  address: optionalText(200, 'Address'),
  city: optionalText(100, 'City'),
  state: optionalText(50, 'State'),
  zipCode,
});
export type TRegisterInput = z.input<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(128, 'Invalid email or password'),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128, 'Current password is incorrect'),
  newPassword: newPassword('New password must be at least 8 characters'),
});
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

/** Profile update: every user field optional; a password (or any other key) is refused. */
export const ZUpdateProfileInput = z.strictObject(
  {
    name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters').optional(),
    email: email.optional(),
    /** Needed only when the e-mail changes. */
    currentPassword: z.string().max(128, 'Current password is incorrect').optional(),
    phone: phone.nullable(),
    address: optionalText(200, 'Address').nullable(),
    city: optionalText(100, 'City').nullable(),
    state: optionalText(50, 'State').nullable(),
    zipCode: zipCode.nullable(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.some((k) => /password/i.test(k))
          ? 'The password cannot be changed here. Use Change Password instead.'
          : `Unknown field: ${issue.keys.join(', ')}`
        : undefined,
  },
);
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileInput>;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v === true || v === 1 ? 1 : 0));
export const ZPreferencesInput = z.strictObject({
  defaultVehicleType: optionalText(50, 'Vehicle type').nullable(),
  vehicleMake: optionalText(50, 'Vehicle make').nullable(),
  vehicleModel: optionalText(50, 'Vehicle model').nullable(),
  licensePlate: optionalText(15, 'License plate').nullable(),
  preferredPaymentMethod: optionalText(100, 'Payment method').nullable(),
  emailNotifications: flag.optional(),
  smsNotifications: flag.optional(),
  marketingEmails: flag.optional(),
});
export type TPreferencesInput = z.input<typeof ZPreferencesInput>;

export const ZForgotPasswordInput = z.object({ email });
export const ZResetPasswordInput = z.object({
  token: z.string().trim().min(1, 'This reset link is invalid or has expired.').max(200, 'This reset link is invalid or has expired.'),
  password: newPassword('Password must be at least 8 characters'),
});
export const ZVerifyEmailInput = z.object({
  token: z.string().trim().min(1, 'This verification link is invalid or has already been used.').max(200, 'This verification link is invalid or has already been used.'),
});
