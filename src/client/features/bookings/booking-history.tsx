// 'Your Booking History' (spec section 2): skeleton of 3 cards, error and empty states, status colours,
// and View Details for confirmed bookings that are still ahead.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appliedCancellationPolicy } from '@/shared/cancellation';
import { CalendarClock, Car, DoorOpen, MapPin } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { formatStay } from '@/shared/format';
import { cn } from '@/client/lib/utils';
import { preloadable } from '@/client/lib/lazy';
import { CancelBookingDialog } from './cancel-dialog';
import { ReviewPrompt } from '@/client/features/reviews/review-prompt';
import { vehicleText } from '@/shared/vehicle-text';

type Booking = RouterOutputs['bookings']['history'][number];

const BookingDetails = preloadable('booking-details', () => import('./booking-details'));

const STATUS_STYLES: Record<string, string> = {
  confirmed: 'border-success/20 bg-success/10 text-success',
  pending: 'border-warning/20 bg-warning/10 text-warning',
  cancelled: 'border-destructive/20 bg-destructive/10 text-destructive',
  completed: 'border-primary/20 bg-primary/10 text-primary',
};

export { formatStay };

export function BookingHistory() {
  const trpc = useTRPC();
  const history = useQuery(trpc.bookings.history.queryOptions());
  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <h2 id="history-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
        Your Booking History
      </h2>
      {history.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading bookings">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : history.isError ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">Unable to load booking history</p>
          <p className="text-sm text-muted-foreground">Please try again later</p>
        </Card>
      ) : history.data.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">No bookings found</p>
          <p className="text-sm text-muted-foreground">You haven't made any bookings yet</p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {history.data.map((b) => (
            <li key={b.id}>
              <BookingCard booking={b} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ booking: b }: { booking: Booking }) {
  const upcoming = b.status === 'confirmed' && b.cancellable;
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{b.providerName}</h3>
          <p className="text-sm text-muted-foreground">{`Confirmation ${b.confirmationNumber}`}</p>
        </div>
        <Badge className={cn('capitalize', STATUS_STYLES[b.status ?? 'pending'] ?? 'border-border bg-muted text-muted-foreground')} variant="outline">
          {b.status ?? 'pending'}
        </Badge>
      </div>
      <div className="grid gap-2 text-sm sm:grid-cols-3">
        <p className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{`${formatStay(b.arrivalDate)} – ${formatStay(b.departureDate)}`}</span>
        </p>
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {b.providerLocation}
        </p>
        <p className="flex items-start gap-2">
          <Car className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {vehicleText(b)}
        </p>
      </div>
      {b.checkedInLocal && (
        <p className="flex items-start gap-2 text-sm">
          <DoorOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{[`Checked in ${formatStay(b.checkedInLocal)}`, b.checkedOutLocal && `Checked out ${formatStay(b.checkedOutLocal)}`].filter(Boolean).join(' · ')}</span>
        </p>
      )}
      {(b.reviewable || b.review) && (
        <div className="rounded-lg bg-muted/60 p-3">
          <ReviewPrompt confirmationNumber={b.confirmationNumber} review={b.review} reviewable={b.reviewable} compact />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <p className="font-semibold">
          {formatPrice(b.totalFee)}
          {b.status === 'cancelled' && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">{b.refundedAmount > 0 ? `${formatPrice(b.refundedAmount)} refunded` : 'No refund'}</span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {upcoming && <CancelBooking booking={b} />}
          {/* Change dates, extend, vehicle, receipt and pass: the booking's own page. */}
          <Button asChild size="sm" variant={upcoming ? 'default' : 'outline'}>
            <Link href={`/manage/${b.confirmationNumber}`}>{upcoming ? 'Manage' : 'View booking'}</Link>
          </Button>
          {upcoming && (
            <Dialog>
              <DialogTrigger asChild>
                <Button size="sm" variant="outline">
                  View Details
                </Button>
              </DialogTrigger>
              <DialogContent className="sm:max-w-2xl">
                <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                  <BookingDetails booking={b} />
                </Suspense>
              </DialogContent>
            </Dialog>
          )}
        </div>
      </div>
    </Card>
  );
}

function CancelBooking({ booking: b }: { booking: Booking }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.bookings.updateStatus.mutationOptions());
  return (
    <CancelBookingDialog
      booking={b}
      refund={b.refundIfCancelledNow}
      policy={appliedCancellationPolicy(b.cancellationPolicy)}
      pending={cancel.isPending}
      trigger={
        <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive">
          Cancel Booking
        </Button>
      }
      onCancel={async (reason) => {
        const result = await cancel.mutateAsync({ id: b.id, status: 'cancelled', reason });
        await Promise.all([
          queryClient.invalidateQueries(trpc.bookings.history.queryFilter()),
          queryClient.invalidateQueries(trpc.search.providers.queryFilter()),
          queryClient.invalidateQueries(trpc.auth.me.queryFilter()),
        ]);
        return result;
      }}
    />
  );
}
