// The sandbox gateway's card fields (checkout and paying for a change of dates): clearly test mode, Stripe's
// public test numbers decide the outcome. The number is sent to our server only in sandbox mode and never kept.
import { FlaskConical } from 'lucide-react';
import { Field } from '@/client/features/auth/form-field';

export interface CardValues {
  cardNumber: string;
  expirationDate: string;
  cvv: string;
  billingZip: string;
}

export const EMPTY_CARD: CardValues = { cardNumber: '', expirationDate: '', cvv: '', billingZip: '' };

/** `onChange` names the field that changed, so a form clears only that field's error. */
export function CardFields({ values, errors, onChange }: { values: CardValues; errors: Record<string, string | undefined>; onChange: (next: CardValues, field: keyof CardValues) => void }) {
  const bind = (field: keyof CardValues) => ({
    name: field,
    value: values[field],
    error: errors[field] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [field]: e.target.value }, field),
  });
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p>
          <strong>Test mode.</strong> No real card is charged. Use 4242 4242 4242 4242 with any future date and CVV; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <Field label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" required {...bind('cardNumber')} />
      <div className="grid grid-cols-3 gap-3">
        <Field label="Expiration" autoComplete="cc-exp" placeholder="MM/YY" required {...bind('expirationDate')} />
        <Field label="CVV" inputMode="numeric" autoComplete="cc-csc" placeholder="3 or 4 digits" required maxLength={4} {...bind('cvv')} />
        <Field label="Billing ZIP" inputMode="numeric" autoComplete="postal-code" placeholder="5 digits" required maxLength={10} {...bind('billingZip')} />
      </div>
    </div>
  );
}
