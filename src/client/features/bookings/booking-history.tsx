// 'Your Booking History' (spec section 2): skeleton of 3 cards, error and empty states, status colours,
// and View Details for confirmed bookings that are still ahead.
import { CalendarClock, Car, MapPin } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { trpc, type RouterOutputs } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { formatStay } from '@/shared/format';
import { cn } from '@/client/lib/utils';

type Booking = RouterOutputs['bookings']['history'][number];

const STATUS_STYLES: Record<string, string> = {
  confirmed: 'border-success/20 bg-success/10 text-success',
  pending: 'border-warning/20 bg-warning/10 text-warning',
  cancelled: 'border-destructive/20 bg-destructive/10 text-destructive',
  completed: 'border-primary/20 bg-primary/10 text-primary',
};

export { formatStay };

export function BookingHistory() {
  const history = trpc.bookings.history.useQuery();
  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <h2 id="history-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
        Your Booking History
      </h2>
      {history.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading bookings">
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
  const upcoming = b.status === 'confirmed' && Date.parse(`${b.arrivalDate}:00Z`) > Date.now();
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
          {`${b.vehicleMake} ${b.vehicleModel} · ${b.licensePlate}`}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-3">
        <p className="font-semibold">{formatPrice(b.totalFee)}</p>
        {upcoming && (
          <Dialog>
            <DialogTrigger asChild>
              <Button size="sm" variant="outline">
                View Details
              </Button>
            </DialogTrigger>
            <DialogContent aria-describedby={undefined}>
              <DialogTitle>{`Booking ${b.confirmationNumber}`}</DialogTitle>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Lot</dt>
                <dd>{b.providerName}</dd>
                <dt className="text-muted-foreground">Check-in</dt>
                <dd>{formatStay(b.arrivalDate)}</dd>
                <dt className="text-muted-foreground">Check-out</dt>
                <dd>{formatStay(b.departureDate)}</dd>
                <dt className="text-muted-foreground">Name</dt>
                <dd>{`${b.firstName} ${b.lastName}`}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd>{b.email}</dd>
                <dt className="text-muted-foreground">Vehicle</dt>
                <dd>{`${b.vehicleMake} ${b.vehicleModel} · ${b.licensePlate}`}</dd>
                <dt className="text-muted-foreground">Total</dt>
                <dd className="font-semibold">{formatPrice(b.totalFee)}</dd>
              </dl>
            </DialogContent>
          </Dialog>
        )}
      </div>
    </Card>
  );
}
