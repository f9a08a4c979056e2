// The one card form (sandbox gateway): Card number, Expiry, CVC, ZIP, checked by ZCardDetails. Checkout, a change
// of dates, the $0.99 detail fee and saved cards all use it; Stripe mode uses Stripe's own field instead. Clearly
// test mode: Stripe's public test numbers decide the outcome. The number reaches our server only in sandbox
// mode and is never kept, nor stored in the browser.
import { FlaskConical } from 'lucide-react';
import { Field } from '@/client/features/auth/form-field';
import { cn } from '@/client/lib/utils';
import { CARD_LABELS, EMPTY_CARD, ZCardDetails, type TCardField } from '@/shared/schemas/card';

export type CardValues = Record<TCardField, string>;
export { EMPTY_CARD };

/** Every card field's problem at once (the first each field has), or {} when the card is complete. */
export function checkCard(values: CardValues): Partial<Record<TCardField, string>> {
  const parsed = ZCardDetails.safeParse(values);
  const errors: Partial<Record<TCardField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as TCardField] ??= issue.message;
  return errors;
}

/**
 * `onChange` names the field that changed, so a form clears only that field's error (a decline shown at the
 * card number stays while the CVC is typed). `withZip={false}` where the billing address already asks for it.
 */
export function CardFields({
  values,
  errors,
  onChange,
  withZip = true,
  saving = false,
}: {
  values: CardValues;
  errors: Partial<Record<string, string | undefined>>;
  onChange: (next: CardValues, field: TCardField) => void;
  withZip?: boolean;
  /** Saving a card for later rather than paying now (the test-mode note says so). */
  saving?: boolean;
}) {
  const bind = (field: TCardField) => ({
    name: field,
    label: CARD_LABELS[field],
    value: values[field],
    error: errors[field] || undefined,
    required: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [field]: e.target.value }, field),
  });
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p>
          <strong>Test mode.</strong>
          {saving
            ? ' No real card is saved. Use 4242 4242 4242 4242 with any future date and CVC.'
            : ' No real card is charged. Use 4242 4242 4242 4242 with any future date and CVC; 4000 0000 0000 0002 is declined.'}
        </p>
      </div>
      <Field {...bind('cardNumber')} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} />
      {/* Short placeholders: three columns are about 90 px wide in a dialog at 390 px. */}
      <div className={cn('grid gap-3', withZip ? 'grid-cols-3' : 'grid-cols-2')}>
        <Field {...bind('expirationDate')} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} />
        <Field {...bind('cvv')} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
        {withZip && <Field {...bind('billingZip')} inputMode="numeric" autoComplete="postal-code" placeholder="12345" maxLength={10} />}
      </div>
    </div>
  );
}
