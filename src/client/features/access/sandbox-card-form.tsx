// The sandbox gateway's card form: clearly test mode, accepts Stripe's public test numbers.
import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field, fieldErrors } from '@/client/features/auth/form-field';
import { ZSandboxCardInput } from '@/shared/schemas/payments';

export interface CardSubmit {
  cardNumber: string;
  expiry: string;
  cvc: string;
  postalCode?: string;
}

export function SandboxCardForm({ amountLabel, pending, onSubmit }: { amountLabel: string; pending: boolean; onSubmit: (card: CardSubmit) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = ZSandboxCardInput.safeParse({ paymentIntentId: 'x', clientSecret: 'x', ...data });
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return;
    onSubmit({ cardNumber: parsed.data.cardNumber, expiry: parsed.data.expiry, cvc: parsed.data.cvc, postalCode: parsed.data.postalCode });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card details">
      <div className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p>
          <strong>Test mode.</strong> No real card is charged. Use 4242 4242 4242 4242 with any future date and CVC; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <Field label="Card number" name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" error={errors.cardNumber} />
      <div className="grid grid-cols-3 gap-3">
        <Field label="Expiry" name="expiry" autoComplete="cc-exp" placeholder="MM/YY" error={errors.expiry} />
        <Field label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="3 or 4 digits" error={errors.cvc} />
        <Field label="ZIP" name="postalCode" inputMode="numeric" autoComplete="postal-code" placeholder="5 digits" error={errors.postalCode} />
      </div>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
