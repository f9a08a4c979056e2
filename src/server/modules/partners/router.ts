// Partners over tRPC: the administrator's (create, commission, suspend, invite, approve lots) and the partner's
// own (its lots, bookings, members), each call scoped to the caller's membership (access.ts: 404 outside it).
// Accepting an invitation is public: the link's token is the proof.
import { z } from 'zod';
import { ZLotIdInput, ZLotInput, ZUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import {
  ZAcceptInvitation,
  ZCommissionInput,
  ZInvitationInput,
  ZInvitationToken,
  ZMemberInput,
  ZMemberInviteInput,
  ZPartnerInput,
  ZPartnerScope,
  ZPartnerStatusInput,
} from '@/shared/schemas/partners';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/init';
import { membershipsOf, PORTAL_ROLES, requireMembership } from './access';
import { acceptInvitation, invitationInfo, invite, listMembers, removeMember } from './invitations.service';
import { approveLot, createPartner, draftLots, listPartners, lotsWithoutPartner, setCommission, setPartnerStatus } from './partners.service';
import { createPartnerLot, partnerBookings, partnerBookingsCsv, partnerLot, partnerLots, partnerToday, updatePartnerLot } from './portal.service';

const ZFreeLotsInput = z.object({ q: z.string().trim().max(100).optional() }).default({});
import { partnerBalances, runPayouts } from './payouts';
import { partnerLotEditorRouter } from './lot-editor.router';
import { partnerPayoutAccountRouter } from './connect.router';
import { listGuaranteeClaims } from '../bookings/guarantee-claims';
import { payoutHistory, statement } from './statements';
import { partnerInsights, ZPartnerInsightsInput } from './insights';

const ZStatementInput = z.object({
  partnerId: z.coerce.number().int().positive().optional(),
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM'),
});

const ZBookingFilter = z.object({
  partnerId: z.coerce.number().int().positive().optional(),
  lotId: z.coerce.number().int().positive().optional(),
  from: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
  status: z.enum(['confirmed', 'cancelled', 'completed'], { error: 'Status is confirmed, cancelled or completed' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const adminPartnersRouter = router({
  list: adminProcedure.query(({ ctx }) => listPartners(ctx.db, ctx.clock.now())),
  create: adminProcedure.input(ZPartnerInput).mutation(({ ctx, input }) => createPartner(ctx, ctx.user, input)),
  invite: adminProcedure.input(ZInvitationInput).mutation(({ ctx, input }) => invite(ctx, ctx.user, input.partnerId, input)),
  setCommission: adminProcedure.input(ZCommissionInput).mutation(({ ctx, input }) => setCommission(ctx, ctx.user, input)),
  setStatus: adminProcedure.input(ZPartnerStatusInput).mutation(({ ctx, input }) => setPartnerStatus(ctx, ctx.user, input)),
  drafts: adminProcedure.query(({ ctx }) => draftLots(ctx.db)),
  approveLot: adminProcedure.input(ZLotIdInput).mutation(({ ctx, input }) => approveLot(ctx, ctx.user, input.id)),
  /** Runs this week's payouts now (the weekly job does the same; a second run in the week pays nothing twice). */
  runPayouts: adminProcedure.mutation(({ ctx }) => runPayouts(ctx)),
  balances: adminProcedure.query(({ ctx }) => partnerBalances(ctx.db, ctx.payments.mode)),
  /** Lots no partner owns yet, by name or place (the new partner form's lot picker). */
  freeLots: adminProcedure.input(ZFreeLotsInput).query(({ ctx, input }) => lotsWithoutPartner(ctx.db, input.q)),
});

export const partnerRouter = router({
  /** A lot's days and photos, as the back office edits them (lot-editor.router.ts). */
  lotEditor: partnerLotEditorRouter,
  /** The payout account with Stripe Connect: its state, and the owner's onboarding (connect.router.ts). */
  payoutAccount: partnerPayoutAccountRouter,
  /** The partners the caller belongs to, with their role (the portal's switcher and the account menu). */
  memberships: authedProcedure.query(({ ctx }) => membershipsOf(ctx.db, ctx.user.id)),
  invitation: publicProcedure.input(ZInvitationToken).query(({ ctx, input }) => invitationInfo(ctx, input.token)),
  acceptInvitation: publicProcedure.input(ZAcceptInvitation).mutation(async ({ ctx, input }) => {
    const { session, ...accepted } = await acceptInvitation(ctx, input);
    if (session) ctx.response.session = session;
    return accepted;
  }),

  lots: authedProcedure.input(ZPartnerScope).query(async ({ ctx, input }) => partnerLots(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES))),
  lot: authedProcedure
    .input(ZLotIdInput.extend(ZPartnerScope.unwrap().shape))
    .query(async ({ ctx, input }) => partnerLot(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.id)),
  createLot: authedProcedure
    .input(ZLotInput.extend(ZPartnerScope.unwrap().shape))
    .mutation(async ({ ctx, input: { partnerId, ...lot } }) => createPartnerLot(ctx, ctx.user, await requireMembership(ctx.db, ctx.user, partnerId, PORTAL_ROLES), lot)),
  updateLot: authedProcedure
    .input(ZUpdateLotInput.extend(ZPartnerScope.unwrap().shape))
    .mutation(async ({ ctx, input: { partnerId, ...lot } }) => updatePartnerLot(ctx, ctx.user, await requireMembership(ctx.db, ctx.user, partnerId, PORTAL_ROLES), lot)),
  bookings: authedProcedure
    .input(ZBookingFilter)
    .query(async ({ ctx, input: { partnerId, ...filter } }) => partnerBookings(ctx.db, await requireMembership(ctx.db, ctx.user, partnerId, PORTAL_ROLES), filter)),

  /** Parking guarantee claims at the member's lots (a lot turned a traveller away). */
  guaranteeClaims: authedProcedure
    .input(ZPartnerScope)
    .query(async ({ ctx, input }) => listGuaranteeClaims(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES))),

  statement: authedProcedure
    .input(ZStatementInput)
    .query(async ({ ctx, input }) => statement(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.month)),
  payouts: authedProcedure.input(ZPartnerScope).query(async ({ ctx, input }) => payoutHistory(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES))),
  /** Occupancy of the next 90 days and revenue of the last 12 months, of the member's lots or one of them (insights.ts). */
  insights: authedProcedure
    .input(ZPartnerInsightsInput)
    .query(async ({ ctx, input }) => partnerInsights(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), input.lotId, ctx.clock.now())),
  /** The same rows as `bookings` (same filter and scope, every page) as a CSV file. */
  bookingsCsv: authedProcedure
    .input(ZBookingFilter.omit({ limit: true, offset: true }))
    .query(async ({ ctx, input: { partnerId, ...filter } }) =>
      partnerBookingsCsv(ctx.db, await requireMembership(ctx.db, ctx.user, partnerId, PORTAL_ROLES), filter, ctx.clock.now()),
    ),
  /** Each of the member's lots' arrivals and departures on the lot's today. */
  today: authedProcedure
    .input(ZPartnerScope)
    .query(async ({ ctx, input }) => partnerToday(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), ctx.clock.now())),

  members: authedProcedure
    .input(ZPartnerScope)
    .query(async ({ ctx, input }) => listMembers(ctx.db, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES), ctx.clock.now())),
  inviteMember: authedProcedure.input(ZMemberInviteInput).mutation(async ({ ctx, input: { partnerId, ...who } }) => {
    const m = await requireMembership(ctx.db, ctx.user, partnerId, ['owner']);
    return invite(ctx, ctx.user, m.partnerId, who);
  }),
  removeMember: authedProcedure
    .input(ZMemberInput)
    .mutation(async ({ ctx, input }) => removeMember(ctx.db, ctx.user, await requireMembership(ctx.db, ctx.user, input.partnerId, ['owner']), input.memberId)),
});
