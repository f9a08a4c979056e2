// Bookings over tRPC: estimate, checkout, one booking, history and cancellation.
import { ZBookingLinkRef, ZBookingRef, ZCreateBookingInput, ZEstimateInput, ZUpdateBookingStatusInput } from '@/shared/schemas/bookings';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as service from './bookings.service';

export const bookingsRouter = router({
  estimate: publicProcedure.input(ZEstimateInput).query(({ ctx, input }) => service.estimate(ctx, input)),
  create: publicProcedure.input(ZCreateBookingInput).mutation(({ ctx, input }) => service.createBooking(ctx, input)),
  history: authedProcedure.query(({ ctx }) => service.bookingHistory(ctx.db, ctx.user.id)),
  get: authedProcedure.input(ZBookingRef).query(({ ctx, input }) => service.getBooking(ctx.db, ctx.user.id, input.confirmationNumber)),
  /** One booking through its signed link (no session needed): the guest's thank-you page, the e-mail's link. */
  getByLink: publicProcedure.input(ZBookingLinkRef).query(({ ctx, input }) => service.getBookingByLink(ctx.db, input.confirmationNumber, input.token)),
  updateStatus: authedProcedure.input(ZUpdateBookingStatusInput).mutation(({ ctx, input }) => service.cancelBooking(ctx, input)),
});
