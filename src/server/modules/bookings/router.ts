// Bookings over tRPC: estimate, checkout, one booking, history and cancellation, and managing a booking from
// any device (its owner signed in, or its signed link): see it, change its dates or vehicle, cancel it.
import { ZBookingLinkRef, ZBookingRef, ZCreateBookingInput, ZEstimateInput, ZUpdateBookingStatusInput } from '@/shared/schemas/bookings';
import { ZCancelManagedInput, ZChangeDatesInput, ZChangeTravelInput, ZChangeVehicleInput, ZPayOverstayInput, ZManageRef, ZNewDates } from '@/shared/schemas/manage';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { manageLinkProcedure } from '../../trpc/rate-limits';
import * as service from './bookings.service';
import { changeDates, quoteChange } from './change-dates';
import { changeVehicle, endLinks, getManaged, requestManageLink } from './manage';
import { claimGuarantee } from './guarantee';
import { guaranteeOptions } from './guarantee-options';
import { changeTravel } from './travel';
import { payOverstay } from './overstay-pay';
import { ZGuaranteeClaimInput, ZGuaranteeRef } from '@/shared/schemas/guarantee';
import { getOfflinePass } from '../offline-pass/offline-pass.service';

export const bookingsRouter = router({
  estimate: publicProcedure.input(ZEstimateInput).query(({ ctx, input }) => service.estimate(ctx, input)),
  create: publicProcedure.input(ZCreateBookingInput).mutation(({ ctx, input }) => service.createBooking(ctx, input)),
  history: authedProcedure.query(({ ctx }) => service.bookingHistory(ctx.db, ctx.user.id, ctx.clock.now())),
  get: authedProcedure.input(ZBookingRef).query(({ ctx, input }) => service.getBooking(ctx.db, ctx.user.id, input.confirmationNumber, ctx.clock.now())),
  /** One booking through its signed link (no session needed): the guest's thank-you page, the e-mail's link. */
  getByLink: publicProcedure.input(ZBookingLinkRef).query(({ ctx, input }) => service.getBookingByLink(ctx.db, input.confirmationNumber, input.token)),
  updateStatus: authedProcedure.input(ZUpdateBookingStatusInput).mutation(({ ctx, input }) => service.cancelBooking(ctx, input)),
  // Managing: its owner signed in, or a live 'manage' link (anything else is 404).
  manage: publicProcedure.input(ZManageRef).query(({ ctx, input }) => getManaged(ctx, input)),
  quoteChange: publicProcedure.input(ZNewDates).query(({ ctx, input }) => quoteChange(ctx, input)),
  changeDates: publicProcedure.input(ZChangeDatesInput).mutation(({ ctx, input }) => changeDates(ctx, input)),
  changeVehicle: publicProcedure.input(ZChangeVehicleInput).mutation(({ ctx, input }) => changeVehicle(ctx, input)),
  changeTravel: publicProcedure.input(ZChangeTravelInput).mutation(({ ctx, input }) => changeTravel(ctx, input)),
  /** An overstay no card on file paid (the e-mailed pay link): once per Idempotency-Key. */
  payOverstay: publicProcedure.input(ZPayOverstayInput).mutation(({ ctx, input }) => payOverstay(ctx, input)),
  cancelManaged: publicProcedure.input(ZCancelManagedInput).mutation(({ ctx, input }) => service.cancelManaged(ctx, input)),
  endLinks: publicProcedure.input(ZManageRef).mutation(({ ctx, input }) => endLinks(ctx, input)),
  /** What a device keeps to open the pass offline (the service worker); 404 once cancelled or the link ended. */
  offlinePass: publicProcedure.input(ZManageRef).query(({ ctx, input }) => getOfflinePass(ctx, input)),
  /** The parking guarantee (a lot turned the traveller away): the lots to move to, then the move or a full refund. */
  guarantee: publicProcedure.input(ZGuaranteeRef).query(({ ctx, input }) => guaranteeOptions(ctx, input)),
  claimGuarantee: publicProcedure.input(ZGuaranteeClaimInput).mutation(({ ctx, input }) => claimGuarantee(ctx, input)),
  /** A fresh manage link, mailed only to the booking's e-mail; the same answer whether or not it matched. */
  requestManageLink: manageLinkProcedure.mutation(({ ctx, input }) => requestManageLink(ctx, input)),
});
