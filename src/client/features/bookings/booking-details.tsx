// The View Details dialog body (lazy: it carries the QR code library): the booking and its parking pass.
import { DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { ParkingPass } from '@/client/features/checkout/parking-pass';
import type { RouterOutputs } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import { vehicleText } from '@/shared/vehicle-text';

type Booking = RouterOutputs['bookings']['history'][number];

export default function BookingDetails({ booking: b }: { booking: Booking }) {
  const config = useConfig();
  return (
    <>
      <DialogTitle>{`Booking ${b.confirmationNumber}`}</DialogTitle>
      <DialogDescription>{`${b.providerName}, ${b.address}`}</DialogDescription>
      <div className="grid gap-6 sm:grid-cols-[1fr_auto]">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Check-in</dt>
          <dd>{formatStay(b.arrivalDate)}</dd>
          <dt className="text-muted-foreground">Check-out</dt>
          <dd>{formatStay(b.departureDate)}</dd>
          <dt className="text-muted-foreground">Name</dt>
          <dd>{`${b.firstName} ${b.lastName}`}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">{b.email}</dd>
          <dt className="text-muted-foreground">Vehicle</dt>
          <dd>{vehicleText(b)}</dd>
          {b.shuttleInfo && (
            <>
              <dt className="text-muted-foreground">Shuttle</dt>
              <dd>{b.shuttleInfo}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Parking</dt>
          <dd>{formatPrice(b.parkingFee)}</dd>
          <dt className="text-muted-foreground">Service fee</dt>
          <dd>{formatPrice(b.serviceFee)}</dd>
          {b.creditApplied > 0 && (
            <>
              <dt className="text-muted-foreground">Credit</dt>
              <dd>{`−${formatPrice(b.creditApplied)}`}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Total</dt>
          <dd className="font-semibold">{formatPrice(b.totalFee)}</dd>
        </dl>
        <ParkingPass booking={b} brand={config.brandName} />
      </div>
    </>
  );
}
