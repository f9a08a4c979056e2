// zod inputs of partners (the companies that own lots): the administrator's partner form, invitations, accepting
// one, members and commission. Forms and procedures check with these.
import { z } from './zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { isPlainText, plainTextMessage } from './operator-input';
import { isUsPhone, US_PHONE_MESSAGE } from '../phone';

export const PARTNER_ROLES = ['owner', 'manager', 'gate'] as const;
export type TPartnerRole = (typeof PARTNER_ROLES)[number];
export const PARTNER_ROLE_LABEL: Record<TPartnerRole, string> = { owner: 'Owner', manager: 'Manager', gate: 'Gate staff' };

/** An invitation link works once, for this many days. */
export const INVITATION_DAYS = 7;

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} is not valid`)
    .positive(`${label} is not valid`);
const email = z.string().trim().toLowerCase().max(254, 'Invalid email address').pipe(z.email('Invalid email address'));
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainText, plainTextMessage(label));
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainText, plainTextMessage(label))
    .optional()
    .transform((v) => (v ? v : null));

/** A commission rate typed as a percentage ('15', '12.5'), kept in basis points (1,500). */
export const commissionPercent = z.coerce
  .number({ error: 'Commission is required' })
  .min(0, 'Commission must be between 0 and 50 %')
  .max(50, 'Commission must be between 0 and 50 %')
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), 'Commission may have at most two decimals')
  .transform((n) => Math.round(n * 100));

export const ZPartnerInput = z.object({
  tradingName: text('Trading name', 120),
  legalName: text('Legal name', 200),
  contactName: text('Contact name', 120),
  contactEmail: email,
  contactPhone: z
    .string()
    .trim()
    .max(32, US_PHONE_MESSAGE)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isUsPhone(v), US_PHONE_MESSAGE),
  payoutDetails: optionalText('Payout details', 200).refine((v) => v === null || !/\d{9,}/.test(v.replace(/[\s-]/g, '')), 'Payout details must not hold a full account number'),
  /** The platform's commission, in percent, from now on. */
  commissionPercent,
  /** Lots (of no partner yet) the partner owns from now on. */
  lotIds: z.array(id('Lot')).max(500).default([]),
});
export type TPartnerInput = z.output<typeof ZPartnerInput>;

export const ZPartnerId = z.object({ partnerId: id('Partner') });

/** Who is invited, as what, over which lots (none listed: all of the partner's lots). */
const invitee = {
  email,
  role: z.enum(PARTNER_ROLES, { error: 'Choose a role: owner, manager or gate staff' }),
  lotIds: z.array(id('Lot')).max(500).default([]),
};
export const ZInvitationInput = z.object({ partnerId: id('Partner'), ...invitee });
export type TInvitationInput = z.output<typeof ZInvitationInput>;
/** A partner's own owner inviting a member: the partner is the caller's (or the one named, if several). */
export const ZMemberInviteInput = z.object({ partnerId: id('Partner').optional(), ...invitee });

export const ZInvitationToken = z.object({ token: z.string().trim().min(20, 'This invitation link is not valid.').max(200, 'This invitation link is not valid.') });
export const ZAcceptInvitation = ZInvitationToken.extend({
  /** For a new account (no account has the invited e-mail yet). */
  name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters').optional(),
  password: z.string().min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters').optional(),
});

export const ZCommissionInput = z.object({
  partnerId: id('Partner'),
  commissionPercent,
  /** From when (ISO date-time); now when left out. Bookings made before keep their rate. */
  effectiveFrom: z.iso.datetime({ offset: true, error: 'Enter when the rate starts' }).optional(),
});

export const ZPartnerStatusInput = z.object({ partnerId: id('Partner'), status: z.enum(['active', 'suspended'], { error: 'Status is active or suspended' }) });

export const ZMemberInput = z.object({ partnerId: id('Partner').optional(), memberId: id('Member') });
export const ZMemberChange = ZMemberInput.extend({ role: z.enum(PARTNER_ROLES).optional(), lotIds: z.array(id('Lot')).max(500).optional() });

/** The caller's partner (or the one named, for an account in several). */
export const ZPartnerScope = z.object({ partnerId: id('Partner').optional() }).default({});
