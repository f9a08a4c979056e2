// Cancelling a booking, wherever it is offered (booking history, the manage page): what comes back (or that
// nothing does, with the terms), an optional reason, and the outcome as a toast. The caller cancels.
import { useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { formatPrice } from '@/shared/pricing';

export function CancelBookingDialog({
  booking: b,
  refund,
  policy,
  trigger,
  pending,
  onCancel,
}: {
  booking: { id: number; confirmationNumber: string; serviceFee: number };
  /** What cancelling now gives back (null: nothing). */
  refund: { card: number; credit: number } | null;
  /** The cancellation terms applied, in words (appliedCancellationPolicy). */
  policy: string;
  trigger: ReactNode;
  pending: boolean;
  onCancel: (reason: string) => Promise<{ refundAmount: number }>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');

  async function confirm() {
    try {
      const result = await onCancel(reason);
      setOpen(false);
      toast({
        title: 'Booking Cancelled',
        description: result.refundAmount > 0 ? `${formatPrice(result.refundAmount)} is on its way back to your card.` : `Reservation ${b.confirmationNumber} is cancelled.`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Cancellation Failed', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>{`Cancel booking ${b.confirmationNumber}?`}</DialogTitle>
        <DialogDescription>
          {refund && refund.card > 0
            ? `You will get ${formatPrice(refund.card)} back to your card${refund.credit > 0 ? ` and ${formatPrice(refund.credit)} as credit` : ''}. The ${formatPrice(b.serviceFee)} service fee is not refundable.`
            : `This cancellation is not refundable: ${policy.replace(/^F/, 'f')}`}
        </DialogDescription>
        <div className="space-y-1.5">
          <Label htmlFor={`reason-${b.id}`}>Reason (optional)</Label>
          <Textarea id={`reason-${b.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder="Flight changed, plans moved…" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep Booking
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => void confirm()}>
            {pending ? 'Cancelling...' : 'Cancel Booking'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
