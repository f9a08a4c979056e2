// Confirmation (/thank-you): 'Booking Confirmed' with the confirmation details, the QR parking pass,
// add-to-calendar, 'What's Next?', Print, Return to Home, Book Another Spot and the support contact.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Mail, Phone, Printer, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useSession } from '@/client/features/auth/use-session';
import { readConfirmation, type StoredConfirmation } from '@/client/features/checkout/confirmation-store';
import { ParkingPass, type PassBooking } from '@/client/features/checkout/parking-pass';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import { vehicleText } from '@/shared/vehicle-text';

type Shown = PassBooking & {
  arrivalDate: string;
  departureDate: string;
  email: string;
  vehicleMake: string;
  vehicleModel: string;
  licensePlate: string;
  totalFee: number;
  shuttleInfo?: string | null;
  status: string;
};

export default function ThankYouPage() {
  const trpc = useTRPC();
  const search = new URLSearchParams(useSearch());
  const confirmation = search.get('confirmation');
  const token = search.get('token');
  const { user, isLoading: sessionPending } = useSession();
  const owned = useQuery(
    trpc.bookings.get.queryOptions({ confirmationNumber: confirmation ?? '' }, { enabled: Boolean(user && confirmation && !token), retry: false, retryOnMount: false }),
  );
  // The booking's own signed link (a guest's checkout, the confirmation e-mail) works in any browser.
  const linked = useQuery(
    trpc.bookings.getByLink.queryOptions(
      { confirmationNumber: confirmation ?? '', token: token ?? '' },
      { enabled: Boolean(confirmation && token), retry: false, retryOnMount: false },
    ),
  );
  const fromServer = token ? linked : owned;
  // This tab's own checkout result (storage is read after hydration, never during render).
  const [stored, setStored] = useState<StoredConfirmation | null | undefined>(undefined);
  useEffect(() => setStored(readConfirmation(confirmation)), [confirmation]);

  const booking: Shown | null = fromServer.data ? { ...fromServer.data, address: fromServer.data.address } : stored ? { ...stored } : null;
  const loading = stored === undefined || (!token && sessionPending) || (Boolean((token || user) && confirmation) && fromServer.isPending && !stored);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {loading ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading your booking">
          <Skeleton className="mx-auto h-10 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : booking ? (
        <Confirmed booking={booking} token={token} />
      ) : (
        <NoBooking confirmation={token ? confirmation : null} />
      )}
    </div>
  );
}

function Confirmed({ booking: b, token }: { booking: Shown; token: string | null }) {
  const config = useConfig();
  const signedIn = Boolean(useSession().user);
  const cancelled = b.status === 'cancelled';
  return (
    <>
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{cancelled ? 'Booking Cancelled' : 'Booking Confirmed'}</h1>
        <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
          {cancelled ? 'This reservation was cancelled.' : `Your parking is reserved. We sent the confirmation and your parking pass to ${b.email}.`}
        </p>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-[minmax(0,1fr)_260px]">
        <Card>
          <CardHeader className="pb-4">
            <CardTitle as="h2">Confirmation Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
              <Item label="Confirmation number" value={<span className="font-mono text-base font-bold tracking-wider">{b.confirmationNumber}</span>} />
              <Item label="Email sent to" value={b.email} />
              <Item label="Check-in" value={formatStay(b.arrivalDate)} />
              <Item label="Check-out" value={formatStay(b.departureDate)} />
              <Item
                label="Parking location"
                value={
                  <>
                    {b.providerName}
                    <br />
                    <span className="font-normal text-muted-foreground">{b.address}</span>
                  </>
                }
                className="sm:col-span-2"
              />
              <Item label="Vehicle" value={vehicleText(b)} />
              <Item label="Total paid" value={formatPrice(b.totalFee)} />
            </dl>
          </CardContent>
        </Card>
        <Card className="p-6">
          <h2 className="sr-only">Parking pass</h2>
          {/* Kept on this device for offline opening (the server checks the link or the session before handing it over). */}
          <ParkingPass
            booking={b}
            brand={config.brandName}
            offline={{ token, keep: !cancelled && Boolean(token || signedIn) }}
            wallet={cancelled ? undefined : { confirmationNumber: b.confirmationNumber, token }}
          />
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader className="pb-4">
          <CardTitle as="h2">What&apos;s Next?</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            <li>Check your inbox: the e-mail has your parking pass and a calendar file with your drop-off and pick-up times.</li>
            <li>Drive to {b.providerName} at check-in time and show the QR pass (on your phone or printed) at the entrance.</li>
            <li>{b.shuttleInfo ? `Ride the shuttle to the terminal: ${b.shuttleInfo}` : 'Follow the lot staff’s directions to the terminal.'}</li>
            <li>
              {signedIn
                ? 'Need to change plans? Choose Manage booking below (or open Booking History) to change your dates or vehicle, extend, or cancel.'
                : 'Need to change plans? Open the link in your confirmation e-mail on any device to change your dates or vehicle, extend, or cancel.'}
            </li>
          </ol>
        </CardContent>
      </Card>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center print:hidden">
        {!cancelled && (
          <Button asChild variant="outline">
            <Link href={`/manage/${encodeURIComponent(b.confirmationNumber)}${token ? `?token=${encodeURIComponent(token)}` : ''}`}>Manage booking</Link>
          </Button>
        )}
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" /> Print
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Return to Home</Link>
        </Button>
        <Button asChild>
          <Link href="/locations">Book Another Spot</Link>
        </Button>
      </div>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        Questions about your booking? We answer 24/7:{' '}
        <a href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          <Phone className="size-3.5" aria-hidden="true" /> {config.supportPhone}
        </a>{' '}
        or{' '}
        <a href={`mailto:${config.supportEmail}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          <Mail className="size-3.5" aria-hidden="true" /> {config.supportEmail}
        </a>
      </p>
    </>
  );
}

function Item({ label, value, className }: { label: string; value: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-semibold [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** `confirmation`: the booking a link named (its link did not open): a fresh one can be asked for by e-mail. */
function NoBooking({ confirmation }: { confirmation: string | null }) {
  return (
    <div className="flex flex-col items-center py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">We couldn&apos;t show this booking</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        Sign in with the e-mail you booked with to see it, or use the confirmation e-mail we sent you. Your booking is safe either way.
      </p>
      <div className="mt-6 flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row">
        {confirmation && (
          <Button asChild variant="outline">
            <Link href={`/manage/${encodeURIComponent(confirmation)}`}>E-mail me a fresh link</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href="/">Return to Home</Link>
        </Button>
        <Button asChild>
          <Link href="/locations">Book Another Spot</Link>
        </Button>
      </div>
    </div>
  );
}
