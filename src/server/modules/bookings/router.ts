// Bookings over tRPC: the booking history of the signed-in traveller.
import { authedProcedure, router } from '../../trpc/init';
import { bookingHistory } from './bookings.service';

export const bookingsRouter = router({
  history: authedProcedure.query(({ ctx }) => bookingHistory(ctx.db, ctx.user.id)),
});
