// What the traveller can do with the booking now: change dates or extend, change the vehicle, cancel, and end
// every link to it. Each action is offered only while the server says it is allowed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Car, LinkIcon, ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { ZChangeVehicleInput } from '@/shared/schemas/manage';
import { CancelBookingDialog } from '@/client/features/bookings/cancel-dialog';
import { forgetPassOffline } from '@/client/features/offline-pass/offline-pass';
import { ChangeDatesDialog } from './change-dates-dialog';
import { TravelDialog } from './travel-dialog';
import type { TManaged } from './managed-booking';

export function BookingActions({ booking: b, token }: { booking: TManaged; token?: string }) {
  const { allowed } = b;
  const any = (allowed.dates || allowed.extend || allowed.vehicle || allowed.cancel) && !allowed.changing;
  return (
    <Card className="space-y-3 p-6">
      <h2 className="font-semibold">Manage booking</h2>
      {any ? (
        <div className="space-y-2">
          {(allowed.dates || allowed.extend) && <ChangeDatesDialog booking={b} token={token} extendOnly={allowed.extend} />}
          {allowed.vehicle && <VehicleDialog booking={b} token={token} />}
          {allowed.vehicle && <TravelDialog booking={b} token={token} />}
          {allowed.cancel && <CancelDialog booking={b} token={token} />}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {b.status === 'cancelled' ? 'This booking is cancelled.' : allowed.changing ? 'A change is being processed.' : 'This stay is over: nothing more to change.'}
        </p>
      )}
      <GuaranteeLink booking={b} token={token} />
      <EndLinks booking={b} token={token} />
    </Card>
  );
}

/** "The lot turned me away" during the arrival window; otherwise a quiet link to what the guarantee is. */
export function GuaranteeLink({ booking: b, token, variant = 'action' }: { booking: TManaged; token?: string; variant?: 'action' | 'pass' }) {
  const href = `/manage/${b.confirmationNumber}/guarantee${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  if (b.allowed.guarantee && variant === 'pass')
    return (
      <div className="space-y-1.5 text-center">
        <Button asChild variant="destructive" className="w-full">
          <Link href={href}>
            <ShieldAlert className="size-4" aria-hidden="true" /> The lot turned me away
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">Our parking guarantee: a nearby lot at no extra cost, or a full refund.</p>
      </div>
    );
  if (b.allowed.guarantee)
    return (
      <Button asChild variant="outline" className="w-full justify-start">
        <Link href={href}>
          <ShieldAlert className="size-4" aria-hidden="true" /> The lot turned me away
        </Link>
      </Button>
    );
  if (variant === 'pass' || b.status !== 'confirmed') return null;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <ShieldCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {'Covered by our '}
        <Link href="/guarantee" className="font-medium text-primary underline-offset-4 hover:underline">
          parking guarantee
        </Link>
        : turned away at the lot? You can claim it here from 2 hours before arrival.
      </span>
    </p>
  );
}

function VehicleDialog({ booking: b, token }: { booking: TManaged; token?: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const save = useMutation(trpc.bookings.changeVehicle.mutationOptions());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = ZChangeVehicleInput.safeParse({ ...data, confirmationNumber: b.confirmationNumber, token });
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(form);
    try {
      const next = await save.mutateAsync(parsed.data);
      queryClient.setQueryData(trpc.bookings.manage.queryKey({ confirmationNumber: b.confirmationNumber, token }), next);
      void queryClient.invalidateQueries(trpc.bookings.history.queryFilter());
      setOpen(false);
      toast({ title: 'Vehicle Updated', description: 'The lot will see your new vehicle and plate at the gate.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Update Failed', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="w-full justify-start" variant="outline">
          <Car className="size-4" aria-hidden="true" /> Change vehicle
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Change vehicle</DialogTitle>
        <DialogDescription>Driving a different car? The lot checks the plate at the gate, so keep it current.</DialogDescription>
        <form onSubmit={submit} noValidate aria-label="Vehicle" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Make" name="vehicleMake" defaultValue={b.vehicleMake} error={errors.vehicleMake} />
            <Field label="Model" name="vehicleModel" defaultValue={b.vehicleModel} error={errors.vehicleModel} />
            <Field label="License plate" name="licensePlate" defaultValue={b.licensePlate} maxLength={12} error={errors.licensePlate} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep current
            </Button>
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save vehicle'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ booking: b, token }: { booking: TManaged; token?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.bookings.cancelManaged.mutationOptions());
  return (
    <CancelBookingDialog
      booking={b}
      refund={b.refundIfCancelledNow}
      policy={b.cancellationPolicy}
      pending={cancel.isPending}
      trigger={
        <Button className="w-full justify-start text-destructive hover:bg-destructive/10 hover:text-destructive" variant="outline">
          <XCircle className="size-4" aria-hidden="true" /> Cancel booking
        </Button>
      }
      onCancel={async (reason) => {
        const result = await cancel.mutateAsync({ confirmationNumber: b.confirmationNumber, token, reason });
        await forgetPassOffline(b.confirmationNumber);
        await Promise.all([
          queryClient.invalidateQueries(trpc.bookings.manage.queryFilter()),
          queryClient.invalidateQueries(trpc.bookings.history.queryFilter()),
          queryClient.invalidateQueries(trpc.search.providers.queryFilter()),
        ]);
        return result;
      }}
    />
  );
}

/** Ends every e-mailed link (a forwarded e-mail, a shared device); the owner can still sign in to manage it. */
function EndLinks({ booking: b, token }: { booking: TManaged; token?: string }) {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const end = useMutation(trpc.bookings.endLinks.mutationOptions());
  const queryClient = useQueryClient();
  async function run() {
    if (!window.confirm('End every link to this booking? Links in your e-mails stop working; you can ask for a fresh one any time.')) return;
    try {
      await end.mutateAsync({ confirmationNumber: b.confirmationNumber, token });
      await forgetPassOffline(b.confirmationNumber);
      toast({ title: 'Links Ended', description: 'Every link to this booking has stopped working.', variant: 'success' });
      if (token) navigate(`/manage/${b.confirmationNumber}`, { replace: true });
      else void queryClient.invalidateQueries(trpc.bookings.manage.queryFilter());
    } catch (err) {
      toast({ title: 'Something went wrong', description: (err as Error).message, variant: 'destructive' });
    }
  }
  return (
    <button
      type="button"
      onClick={() => void run()}
      className="inline-flex items-center gap-1.5 pt-1 text-xs font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <LinkIcon className="size-3.5" aria-hidden="true" /> End all links to this booking
    </button>
  );
}
