// The detail fee's card entry in sandbox mode: the one card form (features/checkout/card-fields) and its pay
// button. A decline is shown at the card number and stays until the card changes.
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { CardFields, checkCard, EMPTY_CARD, type CardValues } from '@/client/features/checkout/card-fields';
import { focusFirstInvalid } from '@/client/features/auth/form-field';

export type CardSubmit = CardValues;

/** `onSubmit` resolves to the bank's refusal to show at the card, or nothing when the card went through. */
export function SandboxCardForm({ amountLabel, pending, onSubmit }: { amountLabel: string; pending: boolean; onSubmit: (card: CardSubmit) => Promise<string | void> }) {
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = checkCard(card);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(form);
    const refusal = await onSubmit(card);
    if (refusal) {
      setErrors({ cardNumber: refusal });
      focusFirstInvalid(form);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Card details">
      <CardFields
        values={card}
        errors={errors}
        onChange={(next, field) => {
          setCard(next);
          setErrors((e) => ({ ...e, [field]: '' }));
        }}
      />
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
