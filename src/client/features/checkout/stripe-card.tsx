// Stripe mode at checkout: the Payment Element collects the card (it never reaches our server); on submit it
// becomes a PaymentMethod id that the booking request carries. Loaded only when Stripe is configured.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect } from 'react';
import { toCents } from '@/shared/money';
import { getStripe } from './stripe-loader';

/** Creates a PaymentMethod from what the traveller typed; resolves to its id or rejects with Stripe's message. */
export type CreatePaymentMethod = () => Promise<string>;

/** `amount` set: a payment (checkout); unset: saving a card for later. */
export default function StripeCard({ publishableKey, amount, onReady }: { publishableKey: string; amount?: number; onReady: (create: CreatePaymentMethod | null) => void }) {
  const options =
    amount === undefined
      ? ({ mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual', appearance: { theme: 'stripe' } } as const)
      : ({ mode: 'payment', amount: Math.max(50, toCents(amount)), currency: 'usd', paymentMethodCreation: 'manual', appearance: { theme: 'stripe' } } as const);
  return (
    <Elements stripe={getStripe(publishableKey)} options={options}>
      <CardField onReady={onReady} />
    </Elements>
  );
}

function CardField({ onReady }: { onReady: (create: CreatePaymentMethod | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    // (No cleanup to return here: React calls whatever an effect returns when it runs again.)
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
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
