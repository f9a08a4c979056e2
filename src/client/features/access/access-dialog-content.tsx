// What the access dialog holds: the fee explained, the guest contact form, then the card payment.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Lock } from 'lucide-react';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';
import { formatPrice } from '@/shared/pricing';
import { REQUIRED_INFO_MESSAGE, ZCustomerInfo } from '@/shared/schemas/payments';
import type { AccessRequest } from './access-dialog';
import { rememberGuestContact } from './guest-contact';
import { SandboxCardForm, type CardSubmit } from './sandbox-card-form';
import { SavedCardFee } from './saved-card-fee';
import { preloadable } from '@/client/lib/lazy';
import { ACCESS_FEE_UNLOCKS } from '@/shared/access-fee';

const StripePayment = preloadable('stripe-payment', () => import('./stripe-payment'));
const UNLOCKS = ACCESS_FEE_UNLOCKS;

export default function AccessDialogContent({ request, onDone }: { request: AccessRequest; onDone: () => void }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const config = useConfig();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.payments.createInformationAccess.mutationOptions());
  const confirm = useMutation(trpc.payments.confirmSandbox.mutationOptions());
  const complete = useMutation(trpc.payments.completeInformationAccess.mutationOptions());
  const [intent, setIntent] = useState<{ paymentIntentId: string; clientSecret: string; mode: 'stripe' | 'sandbox' } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const fee = formatPrice(DETAIL_ACCESS_FEE);

  async function granted() {
    await Promise.all([
      queryClient.invalidateQueries(trpc.payments.checkAccess.queryFilter()),
      queryClient.invalidateQueries(trpc.auth.me.queryFilter()),
      queryClient.invalidateQueries(trpc.profile.credits.queryFilter()),
    ]);
    toast({ title: 'Access Granted!', description: `Detailed information is unlocked. The ${fee} fee is credited back when you complete a booking here.`, variant: 'success' });
    onDone();
  }

  async function finish(paymentIntentId: string) {
    try {
      await complete.mutateAsync({ paymentIntentId });
      await granted();
    } catch (err) {
      toast({ title: 'Payment Error', description: (err as Error).message || 'Payment processing failed', variant: 'destructive' });
    }
  }

  async function start(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    let customerInfo;
    if (!user) {
      const parsed = ZCustomerInfo.safeParse(Object.fromEntries(new FormData(event!.currentTarget)));
      // The spec's message is one toast; each empty field just says it is required.
      const found = fieldErrors(parsed) ?? {};
      for (const key of Object.keys(found)) if (found[key] === REQUIRED_INFO_MESSAGE) found[key] = 'This field is required';
      setErrors(found);
      if (!parsed.success) {
        const missing = parsed.error.issues.some((i) => i.message === REQUIRED_INFO_MESSAGE);
        if (missing) toast({ title: 'Required Information Missing', description: 'Please fill in your contact information to proceed', variant: 'destructive' });
        return focusFirstInvalid(formRef.current);
      }
      customerInfo = parsed.data;
      // Guest checkout starts with this contact: booking with the same e-mail applies the fee's credit.
      rememberGuestContact(parsed.data);
    }
    try {
      const res = await create.mutateAsync({ location: request.locationCode, amount: DETAIL_ACCESS_FEE, customerInfo });
      if (res.hasAccess) return void (await granted());
      setIntent({ paymentIntentId: res.paymentIntentId, clientSecret: res.clientSecret, mode: res.mode });
    } catch (err) {
      toast({ title: 'Payment Setup Failed', description: (err as Error).message || 'Failed to initialize payment', variant: 'destructive' });
    }
  }

  /** Resolves to a decline's words, which the card form shows at the card number. */
  async function paySandbox(card: CardSubmit): Promise<string | void> {
    if (!intent) return;
    try {
      await confirm.mutateAsync({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card });
    } catch (err) {
      const code = (err as { data?: { code?: string } }).data?.code;
      toast(
        code === 'PAYMENT_REQUIRED'
          ? { title: 'Payment Failed', description: (err as Error).message, variant: 'destructive' }
          : { title: 'Payment Error', description: (err as Error).message || 'Payment processing failed', variant: 'destructive' },
      );
      return code === 'PAYMENT_REQUIRED' ? (err as Error).message || 'Your card was declined.' : undefined;
    }
    await finish(intent.paymentIntentId);
  }

  return (
    <div className="space-y-5">
      <div className="space-y-1.5 pr-6">
        <DialogTitle className="flex items-center gap-2 text-xl font-bold">
          <Lock className="size-5 text-primary" aria-hidden="true" /> Access Detailed Information
        </DialogTitle>
        <DialogDescription>
          {`Unlock full details for every lot near ${request.locationName} for a one-time ${fee}. We compare the total price of every lot we list there, and the fee is credited back toward your booking.`}
        </DialogDescription>
      </div>
      <ul className="space-y-2 text-sm">
        {UNLOCKS.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>

      {!intent ? (
        user ? (
          <SavedCardFee locationCode={request.locationCode} feeLabel={fee} onPaid={granted} onNewCard={() => void start()} preparingNewCard={create.isPending} />
        ) : (
          <form ref={formRef} onSubmit={(e) => void start(e)} noValidate className="space-y-4">
            <p className="text-sm text-muted-foreground">{`Your contact details: no account needed. The ${fee} is kept as credit for this e-mail and comes off your total when you book here with it.`}</p>
            <div className="grid grid-cols-2 gap-3">
              <Field label="First name" name="firstName" autoComplete="given-name" error={errors.firstName} required />
              <Field label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} required />
            </div>
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
            <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" error={errors.phone} />
            <Button type="submit" className="w-full" loading={create.isPending}>
              {create.isPending ? 'Preparing...' : 'Continue to Payment'}
            </Button>
          </form>
        )
      ) : intent.mode === 'sandbox' ? (
        <SandboxCardForm amountLabel={fee} pending={confirm.isPending || complete.isPending} onSubmit={paySandbox} />
      ) : (
        <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading secure payment" />}>
          <StripePayment
            publishableKey={config.stripePublishableKey ?? ''}
            clientSecret={intent.clientSecret}
            amountLabel={fee}
            onPaid={() => void finish(intent.paymentIntentId)}
            onError={(title, description) => toast({ title, description, variant: 'destructive' })}
          />
        </Suspense>
      )}
      <p className="text-center text-xs text-muted-foreground">Payments are processed securely. We never store your card number.</p>
    </div>
  );
}
