// Stripe.js, loaded once per page and only when asked for (Stripe mode): the card form and the bank's check
// (3-D Secure) share it. Importing @stripe/stripe-js injects its script, so it is imported here, on demand.
import type { Stripe } from '@stripe/stripe-js';

let stripe: Promise<Stripe | null> | null = null;

export const getStripe = (publishableKey: string): Promise<Stripe | null> => (stripe ??= import('@stripe/stripe-js').then((m) => m.loadStripe(publishableKey)));
