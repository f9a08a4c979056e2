// "Overstay due $X — Pay now": a late check-out no card on file paid (the traveller was e-mailed this page). Paid
// with a saved card, Stripe's card field or the sandbox card form, once per Idempotency-Key like a change of dates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { withCardAuthentication } from '@/client/features/checkout/card-authentication';
import { CardFields, checkCard, EMPTY_CARD, type CardValues } from '@/client/features/checkout/card-fields';
import { SavedCardPicker } from '@/client/features/checkout/saved-card-picker';
import type { CreatePaymentMethod } from '@/client/features/checkout/stripe-card';
import { preloadable } from '@/client/lib/lazy';
import { httpStatusOf, newIdempotencyKey } from '@/client/lib/requests';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { formatPrice } from '@/shared/pricing';
import type { TManaged } from './managed-booking';

const StripeCard = preloadable('stripe-card-overstay', () => import('@/client/features/checkout/stripe-card'));

export function OverstayDue({ booking: b, token }: { booking: TManaged; token?: string }) {
  const due = b.overstayDue;
  const [paying, setPaying] = useState(false);
  if (!due) return null;
  return (
    <Card className="space-y-3 border-warning/40 p-6" data-testid="overstay-due">
      <h2 className="flex items-center gap-2 font-semibold">
        <Clock className="size-4 text-warning" aria-hidden="true" /> {`Overstay due ${formatPrice(due.amount)}`}
      </h2>
      <p className="text-sm text-muted-foreground">
        {`Your car left after the booked departure and the lot’s grace period: ${due.lines.map((l) => l.label).join(', ')}, at the rate you booked.`}
      </p>
      {paying ? <PayForm booking={b} token={token} amount={due.amount} /> : <Button onClick={() => setPaying(true)}>Pay now</Button>}
    </Card>
  );
}

function PayForm({ booking: b, token, amount }: { booking: TManaged; token?: string; amount: number }) {
  const trpc = useTRPC();
  const config = useConfig();
  const queryClient = useQueryClient();
  const pay = useMutation(trpc.bookings.payOverstay.mutationOptions());
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedCard, setSavedCard] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const key = useRef(newIdempotencyKey());
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((fn: CreatePaymentMethod | null) => (createPaymentMethod.current = fn), []);
  const stripeMode = Boolean(config.stripePublishableKey);

  async function submit() {
    let paymentMethodId = savedCard ?? undefined;
    setPreparing(true);
    try {
      if (!paymentMethodId && stripeMode) {
        if (!createPaymentMethod.current) throw new Error('The card form is still loading. Please try again.');
        paymentMethodId = await createPaymentMethod.current();
      }
    } catch (err) {
      setPreparing(false);
      return void setErrors({ payment: (err as Error).message });
    }
    const problems = paymentMethodId ? {} : checkCard(card);
    if (Object.keys(problems).length) return void (setPreparing(false), setErrors(problems));
    setErrors({});
    try {
      const request = { confirmationNumber: b.confirmationNumber, token, paymentInfo: paymentMethodId ? { paymentMethodId } : card, idempotencyKey: key.current };
      const result = await withCardAuthentication(config.stripePublishableKey, () => pay.mutateAsync(request));
      queryClient.setQueryData(trpc.bookings.manage.queryKey({ confirmationNumber: b.confirmationNumber, token }), result.booking);
      toast({ title: 'Overstay Paid', description: `${formatPrice(result.overstay.amount)} charged. Your receipt is updated.`, variant: 'success' });
    } catch (err) {
      const status = httpStatusOf(err);
      if (status !== undefined && status < 500) key.current = newIdempotencyKey();
      if (status === 402) setErrors({ [savedCard || stripeMode ? 'payment' : 'cardNumber']: (err as Error).message });
      toast({ title: 'Payment Failed', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    } finally {
      setPreparing(false);
    }
  }

  const busy = pay.isPending || preparing;
  return (
    <div className="space-y-3">
      {b.via === 'owner' && <SavedCardPicker selected={savedCard} onSelect={setSavedCard} />}
      {errors.payment && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {errors.payment}
        </p>
      )}
      {!savedCard &&
        (stripeMode ? (
          <Suspense fallback={<Skeleton className="h-36 w-full" />}>
            <StripeCard publishableKey={config.stripePublishableKey!} amount={amount} onReady={onStripeReady} />
          </Suspense>
        ) : (
          <CardFields
            values={card}
            errors={errors}
            onChange={(v, field) => {
              setCard(v);
              setErrors((e) => ({ ...e, [field]: '', payment: '' }));
            }}
          />
        ))}
      <Button className="w-full" loading={busy} onClick={() => void submit()}>
        {busy ? 'Paying...' : `Pay ${formatPrice(amount)}`}
      </Button>
    </div>
  );
}
