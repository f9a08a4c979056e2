// One booking on the manage page: status, the stay, the vehicle, the receipt with every change, the pass, and
// the actions the booking allows now (change dates or extend, change vehicle, cancel, end links).
import { CalendarClock, Car, DoorOpen, MapPin, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { ParkingPass } from '@/client/features/checkout/parking-pass';
import type { RouterOutputs } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { cn } from '@/client/lib/utils';
import { formatStay } from '@/shared/format';
import { ReviewPrompt } from '@/client/features/reviews/review-prompt';
import { forgetPassOffline } from '@/client/features/offline-pass/offline-pass';
import { BookingActions, GuaranteeLink } from './booking-actions';
import { TravelIcon } from './travel-dialog';
import { Receipt } from './receipt';
import { OverstayDue } from './overstay-due';
import { vehicleText } from '@/shared/vehicle-text';

export type TManaged = RouterOutputs['bookings']['manage'];

const STATUS: Record<string, { label: string; className: string }> = {
  confirmed: { label: 'Confirmed', className: 'border-success/20 bg-success/10 text-success' },
  cancelled: { label: 'Cancelled', className: 'border-destructive/20 bg-destructive/10 text-destructive' },
  completed: { label: 'Completed', className: 'border-primary/20 bg-primary/10 text-primary' },
};

export function ManagedBooking({ booking: b, token }: { booking: TManaged; token?: string }) {
  const config = useConfig();
  const status = STATUS[b.status] ?? { label: b.status, className: 'border-border bg-muted text-muted-foreground' };
  const live = b.status === 'confirmed';
  // The pass below keeps itself on this device while the booking stands; a cancelled or finished one lets go of it.
  useEffect(() => {
    if (!live) void forgetPassOffline(b.confirmationNumber);
  }, [live, b.confirmationNumber]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{`Booking ${b.confirmationNumber}`}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{b.providerName}</h1>
        </div>
        <Badge variant="outline" className={cn('text-sm', status.className)}>
          {status.label}
        </Badge>
      </div>
      {b.allowed.changing && (
        <p role="status" className="mt-4 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
          A change to this booking is being processed. Reload in a minute to see it.
        </p>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_300px] md:items-start">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle as="h2">Your stay</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
                <Item icon={CalendarClock} label="Check-in" value={formatStay(b.arrivalDate)} />
                <Item icon={CalendarClock} label="Check-out" value={formatStay(b.departureDate)} />
                <Item
                  icon={MapPin}
                  label="Parking location"
                  value={
                    <>
                      {b.providerName}
                      <br />
                      <span className="font-normal text-muted-foreground">{b.address}</span>
                    </>
                  }
                />
                <Item icon={Car} label="Vehicle" value={vehicleText(b)} />
                {b.travel && <Item icon={TravelIcon(b.travelKind)} label="Travel" value={b.travel} />}
                {b.providerPhone && (
                  <Item
                    icon={Phone}
                    label="Lot phone"
                    value={
                      <a className="text-primary underline-offset-4 hover:underline" href={`tel:${b.providerPhone.replace(/[^\d+]/g, '')}`}>
                        {b.providerPhone}
                      </a>
                    }
                  />
                )}
                {b.checkedInLocal && (
                  <Item
                    icon={DoorOpen}
                    label="At the gate"
                    value={[`Checked in ${formatStay(b.checkedInLocal)}`, b.checkedOutLocal && `Checked out ${formatStay(b.checkedOutLocal)}`].filter(Boolean).join(' · ')}
                  />
                )}
              </dl>
              {b.shuttleInfo && <p className="mt-4 rounded-md bg-muted p-3 text-sm">{`Shuttle: ${b.shuttleInfo}`}</p>}
            </CardContent>
          </Card>
          <Receipt booking={b} />
        </div>

        {/* Phones: the pass and the actions first (what a traveller at the gate needs). */}
        <div className="order-first space-y-6 md:order-none">
          <OverstayDue booking={b} token={token} />
          {live && (
            <Card className="p-6">
              <h2 className="sr-only">Parking pass</h2>
              <ParkingPass
                booking={b}
                brand={config.brandName}
                offline={{ token, keep: true, version: [b.arrivalDate, b.departureDate, b.vehicleMake, b.vehicleModel, b.licensePlate].join('|') }}
                wallet={{ confirmationNumber: b.confirmationNumber, token }}
              />
              {b.allowed.guarantee && (
                <div className="mt-4">
                  <GuaranteeLink booking={b} token={token} variant="pass" />
                </div>
              )}
            </Card>
          )}
          {(b.reviewable || b.review) && (
            <Card className="p-6">
              <ReviewPrompt confirmationNumber={b.confirmationNumber} token={token} review={b.review} reviewable={b.reviewable} />
            </Card>
          )}
          <BookingActions booking={b} token={token} />
        </div>
      </div>
    </div>
  );
}

function Item({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-muted-foreground">{label}</dt>
        <dd className="mt-0.5 font-semibold [overflow-wrap:anywhere]">{value}</dd>
      </div>
    </div>
  );
}
