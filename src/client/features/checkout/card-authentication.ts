// 3-D Secure: when a card's bank asks the cardholder to confirm a payment, the server keeps the space held and
// answers 402 with the payment's client secret (data.nextAction). Stripe.js shows the bank's check; then the
// same request goes again with the same Idempotency-Key and the server settles what the bank decided (a failed
// check comes back as a refusal with the bank's words).
import { getStripe } from './stripe-loader';

/** The client secret of a payment waiting for the cardholder's bank, if that is why the request failed. */
export const authenticationOf = (err: unknown): string | null =>
  (err as { data?: { nextAction?: { type?: string; clientSecret?: string } } } | null)?.data?.nextAction?.clientSecret ?? null;

/**
 * Runs a paid request (its Idempotency-Key fixed by the caller); when the bank asks for the cardholder's check,
 * completes it with Stripe.js and runs the request again. Only with Stripe configured (`publishableKey`).
 */
export async function withCardAuthentication<T>(publishableKey: string | null | undefined, run: () => Promise<T>): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await run();
    } catch (err) {
      const clientSecret = authenticationOf(err);
      if (!clientSecret || !publishableKey || round >= 2) throw err;
      const stripe = await getStripe(publishableKey);
      if (!stripe) throw err;
      // Passed, failed or closed: the server reads the payment's state on the repeat and answers accordingly.
      await stripe.handleNextAction({ clientSecret });
    }
  }
}
