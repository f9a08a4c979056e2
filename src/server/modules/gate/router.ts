// The gate over tRPC (lot staff: their lots, today's arrivals and departures, a pass, check-in and check-out)
// and granting lot staff (admin). Thin: access here, rules in gate.service.ts and staff.service.ts.
import { TRPCError } from '@trpc/server';
import { ZGateCheckOutInput, ZGateListInput, ZGatePassInput, ZGateSearchInput, ZGateTodayInput, ZGrantStaffInput, ZLotStaffInput, ZRevokeStaffInput } from '@/shared/schemas/gate';
import { adminProcedure, authedProcedure, router } from '../../trpc/init';
import { checkIn } from './gate.service';
import { gateCheckOut, lookupWithOverstay } from './check-out';
import { searchGate } from './search';
import { gateToday, gateTodayList } from './today';
import { gateScope, grantStaff, lotStaffList, lotsWorked, NOT_STAFF, revokeStaff } from './staff.service';

/** Signed in and staff of at least one lot, or an administrator (who works every lot); carries the scope. */
export const staffProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const scope = await gateScope(ctx.db, ctx.user);
  if (!scope.all && scope.lotIds.length === 0) throw new TRPCError({ code: 'FORBIDDEN', message: NOT_STAFF });
  return next({ ctx: { ...ctx, scope } });
});

export const gateRouter = router({
  lots: staffProcedure.query(({ ctx }) => lotsWorked(ctx.db, ctx.scope)),
  today: staffProcedure.input(ZGateTodayInput).query(({ ctx, input }) => gateToday(ctx.db, ctx.scope, input.lotId, ctx.clock.now())),
  todayList: staffProcedure.input(ZGateListInput).query(({ ctx, input }) => gateTodayList(ctx.db, ctx.scope, input, ctx.clock.now())),
  search: staffProcedure.input(ZGateSearchInput).query(({ ctx, input }) => searchGate(ctx.db, ctx.scope, input, ctx.clock.now())),
  lookup: staffProcedure.input(ZGatePassInput).query(({ ctx, input }) => lookupWithOverstay(ctx, input)),
  checkIn: staffProcedure.input(ZGatePassInput).mutation(({ ctx, input }) => checkIn(ctx.db, ctx.scope, ctx.user, input, ctx.clock.now())),
  // A late car's extra days are charged with the check-out (check-out.ts), once per Idempotency-Key.
  checkOut: staffProcedure.input(ZGateCheckOutInput).mutation(({ ctx, input }) => gateCheckOut(ctx, input)),
});

export const adminStaffRouter = router({
  list: adminProcedure.input(ZLotStaffInput).query(({ ctx, input }) => lotStaffList(ctx.db, input.lotId)),
  grant: adminProcedure.input(ZGrantStaffInput).mutation(({ ctx, input }) => grantStaff(ctx.db, ctx.user, input)),
  revoke: adminProcedure.input(ZRevokeStaffInput).mutation(({ ctx, input }) => revokeStaff(ctx.db, ctx.user, input)),
});
