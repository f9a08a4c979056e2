// /manage and /manage/{confirmation}: one booking from any device, opened by its owner signed in or by the
// signed link from its e-mail (?token=): the pass, the receipt, changes of dates, vehicle and cancellation.
// Without access (no link, a tampered or expired one), a form sends a fresh link to the booking's e-mail.
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useSession } from '@/client/features/auth/use-session';
import { ManagedBooking } from '@/client/features/manage/managed-booking';
import { RequestLinkForm } from '@/client/features/manage/request-link-form';
import { httpStatusOf } from '@/client/lib/requests';
import { isNotFound, useTRPC } from '@/client/lib/trpc';

export default function ManagePage() {
  const trpc = useTRPC();
  const { confirmation = '' } = useParams<{ confirmation?: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? undefined;
  const { user, isLoading: sessionPending } = useSession();
  const ref = { confirmationNumber: confirmation, token };
  const booking = useQuery(trpc.bookings.manage.queryOptions(ref, { enabled: Boolean(confirmation && (token || user)), retry: false, retryOnMount: false }));

  if (!confirmation) return <FindBooking />;
  if ((!token && sessionPending) || (booking.fetchStatus === 'fetching' && !booking.data)) return <ManageSkeleton />;
  if (booking.data) return <ManagedBooking booking={booking.data} token={token} />;
  // A link that does not open (damaged, cut, expired, ended) is answered 404, and an absurd one 400: either way
  // the traveller reads the same human words and can ask for a fresh link, never a validation message.
  const status = httpStatusOf(booking.error);
  const refused = isNotFound(booking.error) || status === 400 || !(token || user);
  return <FindBooking confirmation={confirmation} problem={refused ? (token ? 'link' : 'access') : 'error'} message={booking.error?.message} />;
}

function FindBooking({ confirmation, problem, message }: { confirmation?: string; problem?: 'link' | 'access' | 'error'; message?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      {problem ? (
        <div className="text-center">
          <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">We couldn&apos;t open this booking</h1>
          <p className="mt-2 text-muted-foreground">
            {problem === 'link'
              ? 'This booking link is invalid or has expired. We can e-mail you a fresh one.'
              : problem === 'access'
                ? 'Sign in with the account you booked with, or get a link to this booking by e-mail.'
                : (message ?? 'Something went wrong. Please try again in a moment.')}
          </p>
        </div>
      ) : (
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight">Manage a booking</h1>
          <p className="mt-2 text-muted-foreground">Change your dates or vehicle, see your parking pass, or cancel. We&apos;ll e-mail you a link that works on any device.</p>
        </div>
      )}
      <Card className="mt-8 p-6">
        <RequestLinkForm initialConfirmation={confirmation} />
      </Card>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Booked with an account?{' '}
        <Link href="/?view=history" className="font-medium text-primary underline-offset-4 hover:underline">
          See your booking history
        </Link>
      </p>
    </div>
  );
}

function ManageSkeleton() {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6" role="status" aria-busy="true" aria-label="Loading your booking">
      <Skeleton className="h-10 w-72" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_300px]">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    </div>
  );
}
