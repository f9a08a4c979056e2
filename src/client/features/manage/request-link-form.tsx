// "Find your booking": a traveller without the e-mail asks for a fresh manage link by confirmation number and
// e-mail. The link goes only to the booking's e-mail, and the answer is the same whether or not they matched.
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { MANAGE_LINK_SENT_MESSAGE, ZRequestManageLink } from '@/shared/schemas/manage';

export function RequestLinkForm({ initialConfirmation = '' }: { initialConfirmation?: string }) {
  const trpc = useTRPC();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(trpc.bookings.requestManageLink.mutationOptions());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = ZRequestManageLink.safeParse(data);
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(form);
    try {
      await request.mutateAsync(parsed.data);
      setSentTo(parsed.data.email);
    } catch (err) {
      setErrors({ email: (err as Error).message || 'Please try again in a moment.' });
    }
  }

  if (sentTo) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div>
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1 text-muted-foreground">{MANAGE_LINK_SENT_MESSAGE}</p>
          <button type="button" className="mt-2 font-medium text-primary underline-offset-4 hover:underline" onClick={() => setSentTo(null)}>
            Use another confirmation number
          </button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Find your booking" className="space-y-4">
      <Field
        label="Confirmation number"
        name="confirmationNumber"
        defaultValue={initialConfirmation}
        placeholder="PP-7K3M9Q2H"
        autoComplete="off"
        autoCapitalize="characters"
        error={errors.confirmationNumber}
      />
      <Field label="E-mail used to book" name="email" type="email" autoComplete="email" placeholder="you@example.com" error={errors.email} />
      <Button type="submit" className="w-full sm:w-auto" loading={request.isPending}>
        {request.isPending ? 'Sending...' : 'E-mail me a link'}
      </Button>
    </form>
  );
}
