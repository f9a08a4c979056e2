// Stripe mode at checkout: the Payment Element collects the card (it never reaches our server); on submit it
// becomes a PaymentMethod id that the booking request carries. Loaded only when Stripe is configured.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';

let stripePromise: Promise<Stripe | null> | null = null;

/** Creates a PaymentMethod from what the traveller typed; resolves to its id or rejects with Stripe's message. */
export type CreatePaymentMethod = () => Promise<string>;

/** `amount` set: a payment (checkout); unset: saving a card for later. */
export default function StripeCard({ publishableKey, amount, onReady }: { publishableKey: string; amount?: number; onReady: (create: CreatePaymentMethod | null) => void }) {
  stripePromise ??= loadStripe(publishableKey);
  const options =
    amount === undefined
      ? ({ mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual', appearance: { theme: 'stripe' } } as const)
      : ({ mode: 'payment', amount: Math.max(50, Math.round(amount * 100)), currency: 'usd', paymentMethodCreation: 'manual', appearance: { theme: 'stripe' } } as const);
  return (
    <Elements stripe={stripePromise} options={options}>
      <CardField onReady={onReady} />
    </Elements>
  );
}

function CardField({ onReady }: { onReady: (create: CreatePaymentMethod | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady(async () => {
      const submitted = await elements.submit();
      if (submitted.error) throw new Error(submitted.error.message ?? 'Please check your card details.');
      const { error, paymentMethod } = await stripe.createPaymentMethod({ elements });
      if (error || !paymentMethod) throw new Error(error?.message ?? 'Your card could not be used.');
      return paymentMethod.id;
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);
  return <PaymentElement options={{ layout: 'tabs' }} />;
}
