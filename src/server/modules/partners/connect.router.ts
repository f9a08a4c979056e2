// A partner's payout account (Stripe Connect Express) over tRPC: owners and managers see its state and may read
// it afresh from Stripe; only owners start or resume onboarding. Every call is scoped to the caller's membership
// (another partner's, or a role without it, is 404).
import { ZPartnerScope } from '@/shared/schemas/partners';
import { authedProcedure, router } from '../../trpc/init';
import { PORTAL_ROLES, requireMembership } from './access';
import { payoutAccount, refreshPayoutAccount, startPayoutOnboarding } from './connect';

export const partnerPayoutAccountRouter = router({
  /** The account's state as last known: sandbox, not_started, details_needed or enabled. */
  get: authedProcedure.input(ZPartnerScope).query(async ({ ctx, input }) => payoutAccount(ctx, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES))),
  /** The state read afresh from Stripe (the portal asks on the owner's return from Stripe). */
  refresh: authedProcedure
    .input(ZPartnerScope)
    .mutation(async ({ ctx, input }) => refreshPayoutAccount(ctx, ctx.user, await requireMembership(ctx.db, ctx.user, input.partnerId, PORTAL_ROLES))),
  /** The URL of Stripe's onboarding for the partner's account (created on the first call). */
  startOnboarding: authedProcedure
    .input(ZPartnerScope)
    .mutation(async ({ ctx, input }) => startPayoutOnboarding(ctx, ctx.user, await requireMembership(ctx.db, ctx.user, input.partnerId, ['owner']))),
});
