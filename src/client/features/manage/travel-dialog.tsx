// The traveller's flights (or ship and sailing date at a cruise port) on the manage page: added or changed until
// departure, like the vehicle; the lot sees them at the gate.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlaneTakeoff, Ship } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { ZChangeTravelInput } from '@/shared/schemas/manage';
import type { TManaged } from './managed-booking';

/** The icon of a lot's kind of travel (a plane, a ship). */
export const TravelIcon = (kind: string) => (kind === 'cruise_port' ? Ship : PlaneTakeoff);

export function TravelDialog({ booking: b, token }: { booking: TManaged; token?: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const save = useMutation(trpc.bookings.changeTravel.mutationOptions());
  const cruise = b.travelKind === 'cruise_port';
  const given = cruise ? b.shipName || b.sailingDate : b.outboundFlight || b.returnFlight;
  const Icon = TravelIcon(b.travelKind);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = ZChangeTravelInput.safeParse({ ...data, confirmationNumber: b.confirmationNumber, token });
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(form);
    try {
      const next = await save.mutateAsync({ ...data, confirmationNumber: b.confirmationNumber, token });
      queryClient.setQueryData(trpc.bookings.manage.queryKey({ confirmationNumber: b.confirmationNumber, token }), next);
      setOpen(false);
      toast({ title: cruise ? 'Cruise Saved' : 'Flights Saved', description: 'The lot will see them at the gate.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Update Failed', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    }
  }

  const label = cruise ? (given ? 'Change cruise' : 'Add your cruise') : given ? 'Change flights' : 'Add your flights';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="w-full justify-start" variant="outline">
          <Icon className="size-4" aria-hidden="true" /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{cruise ? 'Your cruise' : 'Your flights'}</DialogTitle>
        <DialogDescription>
          {cruise ? 'The lot knows when your ship is due back.' : 'A short delay on the way back is covered by the lot’s grace period. Leave a field empty to remove it.'}
        </DialogDescription>
        <form onSubmit={submit} noValidate aria-label={cruise ? 'Cruise' : 'Flights'} className="space-y-4">
          {cruise ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Ship" name="shipName" defaultValue={b.shipName ?? ''} maxLength={60} error={errors.shipName} />
              <Field label="Sailing date" name="sailingDate" type="date" defaultValue={b.sailingDate ?? ''} error={errors.sailingDate} />
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Outbound flight" name="outboundFlight" placeholder="e.g. UA 1234" defaultValue={b.outboundFlight ?? ''} maxLength={20} error={errors.outboundFlight} />
              <Field label="Return flight" name="returnFlight" placeholder="e.g. UA 1235" defaultValue={b.returnFlight ?? ''} maxLength={20} error={errors.returnFlight} />
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep current
            </Button>
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
