// Stripe mode: the Payment Element (card data goes to Stripe, never to us). Loaded only when configured.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { getStripe } from '@/client/features/checkout/stripe-loader';

export default function StripePayment({
  publishableKey,
  clientSecret,
  amountLabel,
  onPaid,
  onError,
}: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  onPaid: () => void;
  onError: (title: string, message: string) => void;
}) {
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PayForm amountLabel={amountLabel} onPaid={onPaid} onError={onError} />
    </Elements>
  );
}

function PayForm({ amountLabel, onPaid, onError }: { amountLabel: string; onPaid: () => void; onError: (title: string, message: string) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  // The bank's answer stays beside the card until the next try, not only in a toast.
  const [declined, setDeclined] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setDeclined(null);
    const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setPending(false);
    if (error) {
      if (error.type === 'card_error') setDeclined(error.message ?? 'Your card was declined.');
      return onError(error.type === 'card_error' ? 'Payment Failed' : 'Payment Error', error.message ?? 'Payment processing failed');
    }
    if (paymentIntent?.status === 'succeeded') onPaid();
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      {declined && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {declined}
        </p>
      )}
      <Button type="submit" className="w-full" loading={pending} disabled={!stripe}>
        {pending ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
