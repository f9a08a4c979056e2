// The gate (lot staff: today's arrivals and departures, check-in and check-out) and granting staff (admin).
// (Being built: issue 19.)
import { router } from '../../trpc/init';

export const gateRouter = router({});
export const adminStaffRouter = router({});
