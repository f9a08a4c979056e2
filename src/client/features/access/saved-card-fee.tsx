// Signed in: the detail fee paid in one step with a saved card (the same picker as checkout), or with a new
// card through the usual card step. A decline stays beside the cards until another card is picked.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { SavedCardPicker } from '@/client/features/checkout/saved-card-picker';
import { newIdempotencyKey } from '@/client/lib/requests';
import { useTRPC } from '@/client/lib/trpc';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';

export function SavedCardFee({
  locationCode,
  feeLabel,
  onPaid,
  onNewCard,
  preparingNewCard,
}: {
  locationCode: string;
  feeLabel: string;
  onPaid: () => Promise<void>;
  /** Pay with a new card instead: the dialog's card step. */
  onNewCard: () => void;
  preparingNewCard: boolean;
}) {
  const trpc = useTRPC();
  const [card, setCard] = useState<string | null>(null);
  const [error, setError] = useState('');
  const create = useMutation(trpc.payments.createInformationAccess.mutationOptions());
  // One key per attempt: a double click charges once; a refusal makes the next try a new attempt.
  const key = useRef(newIdempotencyKey());

  async function pay() {
    if (!card || create.isPending) return;
    setError('');
    try {
      await create.mutateAsync({ location: locationCode, amount: DETAIL_ACCESS_FEE, paymentMethodId: card, idempotencyKey: key.current });
    } catch (err) {
      const data = (err as { data?: { code?: string; httpStatus?: number } }).data;
      if (data?.httpStatus !== undefined && data.httpStatus < 500) key.current = newIdempotencyKey();
      const message = (err as Error).message || 'Payment processing failed';
      if (data?.code === 'PAYMENT_REQUIRED') setError(message);
      toast({ title: data?.code === 'PAYMENT_REQUIRED' ? 'Payment Failed' : 'Payment Error', description: message, variant: 'destructive' });
      return;
    }
    await onPaid();
  }

  return (
    <div className="space-y-3">
      <SavedCardPicker
        selected={card}
        onSelect={(id) => {
          setCard(id);
          setError('');
        }}
      />
      {error && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      {card ? (
        <Button className="w-full" loading={create.isPending} onClick={() => void pay()}>
          {create.isPending ? 'Processing...' : `Pay ${feeLabel} with this card`}
        </Button>
      ) : (
        <Button className="w-full" loading={preparingNewCard} onClick={onNewCard}>
          {preparingNewCard ? 'Preparing...' : 'Continue to Payment'}
        </Button>
      )}
    </div>
  );
}
