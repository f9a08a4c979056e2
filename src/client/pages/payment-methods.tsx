// /payment-methods: saved cards (brand, last four, expiry, billing name and e-mail, Default badge), Add
// Payment Method, Set Default and remove. Card numbers go to the card provider (or the sandbox), never here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, CreditCard, Lock, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { cardBrandName, cardLabel } from '@/shared/format';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { Field, focusFirstInvalid } from '@/client/features/auth/form-field';
import { CardFields, checkCard, EMPTY_CARD, type CardValues } from '@/client/features/checkout/card-fields';
import { useSession } from '@/client/features/auth/use-session';
import type { CreatePaymentMethod } from '@/client/features/checkout/stripe-card';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { ZBillingDetails } from '@/shared/schemas/payment-methods';
import { preloadable } from '@/client/lib/lazy';

const StripeCard = preloadable('stripe-card-methods', () => import('@/client/features/checkout/stripe-card'));
type SavedCard = RouterOutputs['paymentMethods']['list'][number];

export default function PaymentMethodsPage() {
  const { user, isLoading } = useSession();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1">
            <Link href="/" className="hover:text-foreground">
              Home
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
          </li>
          <li className="flex items-center gap-1">
            <Link href="/account-settings" className="hover:text-foreground">
              Account
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            Payment Methods
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Payment Methods</h1>
      {isLoading ? (
        <div className="mt-6 space-y-3" role="status" aria-busy="true" aria-label="Loading payment methods">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : user ? (
        <Cards />
      ) : (
        <SignedOut />
      )}
    </div>
  );
}

function SignedOut() {
  const { openAuth } = useAuthDialog();
  return (
    <Card className="mt-6 flex flex-col items-center gap-3 p-10 text-center">
      <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Authentication Required</h2>
      <p className="text-muted-foreground">Please sign in to manage your payment methods.</p>
      <Button onClick={() => openAuth('login')}>Sign In</Button>
    </Card>
  );
}

function Cards() {
  const trpc = useTRPC();
  const list = useQuery(trpc.paymentMethods.list.queryOptions(undefined, { retry: false }));
  const [adding, setAdding] = useState(false);
  const reported = useRef(false);
  if (list.isError && !reported.current) {
    reported.current = true;
    queueMicrotask(() => toast({ title: 'Error', description: 'Failed to load payment methods', variant: 'destructive' }));
  }
  return (
    <>
      <p className="mt-1 text-muted-foreground">Save a card to book faster. You choose which card pays at checkout.</p>
      <Card className="mt-6 flex items-start gap-3 border-success/30 bg-success/5 p-4">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-semibold">Your card details are safe</p>
          <p className="text-muted-foreground">
            Card numbers go straight to our PCI-compliant payment processor. We keep only the brand, the last four digits and the expiry date.
          </p>
        </div>
      </Card>
      <Card className="mt-6">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <div>
            <CardTitle as="h2">Saved cards</CardTitle>
            <CardDescription>The default card is preselected at checkout.</CardDescription>
          </div>
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" /> Add Payment Method
          </Button>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading payment methods">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20 w-full" />
              ))}
            </div>
          ) : list.isError ? (
            <p className="py-6 text-center text-muted-foreground">Failed to load payment methods</p>
          ) : list.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center">
              <CreditCard className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-semibold">No payment methods</p>
              <p className="text-sm text-muted-foreground">Add your first payment method to start booking parking.</p>
            </div>
          ) : (
            <ul className="space-y-3" aria-label="Saved cards">
              {list.data.map((card) => (
                <CardRow key={card.id} card={card} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <AddCardDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

function CardRow({ card }: { card: SavedCard }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setDefault = useMutation(trpc.paymentMethods.setDefault.mutationOptions());
  const remove = useMutation(trpc.paymentMethods.remove.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const label = cardLabel(card.card.brand, card.card.last4);
  const expiry = `${String(card.card.exp_month).padStart(2, '0')}/${card.card.exp_year}`;

  async function makeDefault() {
    try {
      await setDefault.mutateAsync({ id: card.id });
      await queryClient.invalidateQueries(trpc.paymentMethods.list.queryFilter());
      toast({ title: 'Success', description: 'Default payment method updated', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update default payment method', variant: 'destructive' });
    }
  }
  async function doRemove() {
    try {
      await remove.mutateAsync({ id: card.id });
      setConfirming(false);
      await queryClient.invalidateQueries(trpc.paymentMethods.list.queryFilter());
      toast({ title: 'Success', description: 'Payment method removed successfully', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to remove payment method', variant: 'destructive' });
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <div className="flex h-10 w-14 shrink-0 items-center justify-center rounded-md bg-muted">
          <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span>{cardBrandName(card.card.brand)}</span>
            <span className="font-mono text-sm">{`•••• ${card.card.last4}`}</span>
            {card.is_default && <Badge variant="success">Default</Badge>}
          </p>
          <p className="text-sm text-muted-foreground">{`Expires ${expiry}`}</p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{[card.billing_details.name, card.billing_details.email].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        {!card.is_default && (
          <Button size="sm" variant="outline" loading={setDefault.isPending} onClick={() => void makeDefault()} aria-label={`Set ${label} as default`}>
            Set Default
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => setConfirming(true)}
          aria-label={`Remove ${label}`}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Remove
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Remove this card?</DialogTitle>
          <DialogDescription>{`The ${label} will no longer be offered at checkout. Bookings already paid with it are not affected.`}</DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep Card
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={() => void doRemove()}>
              Remove Card
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function AddCardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const config = useConfig();
  const queryClient = useQueryClient();
  const createSandbox = useMutation(trpc.paymentMethods.createSandbox.mutationOptions());
  const add = useMutation(trpc.paymentMethods.add.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const formRef = useRef<HTMLFormElement>(null);
  const stripeCreate = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((fn: CreatePaymentMethod | null) => (stripeCreate.current = fn), []);
  const [pending, setPending] = useState(false);
  const stripeMode = Boolean(config.stripePublishableKey);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const billing = {
      name: data.name,
      email: data.email,
      address: { line1: data.line1, city: data.city, state: data.state, postal_code: data.postal_code, country: 'US' as const },
    };
    const parsedBilling = ZBillingDetails.safeParse(billing);
    const billingErrors = parsedBilling.success ? {} : Object.fromEntries(parsedBilling.error.issues.map((i) => [String(i.path[i.path.length - 1]), i.message]));
    // The card's ZIP is the billing address's ZIP code (asked once, above).
    const typed = { ...card, billingZip: data.postal_code ?? '' };
    const { billingZip: _zip, ...cardProblems } = stripeMode ? {} : checkCard(typed);
    const all: Record<string, string> = { ...billingErrors, ...cardProblems };
    setErrors(all);
    if (Object.keys(all).length) return focusFirstInvalid(formRef.current);

    setPending(true);
    try {
      let paymentMethodId: string;
      try {
        if (stripeMode) {
          if (!stripeCreate.current) throw new Error('The card form is still loading. Please try again.');
          paymentMethodId = await stripeCreate.current();
        } else {
          paymentMethodId = (await createSandbox.mutateAsync(typed)).id;
        }
      } catch (err) {
        // The card's refusal stays at the card number (sandbox) until it changes.
        if (!stripeMode) {
          setErrors({ cardNumber: (err as Error).message });
          focusFirstInvalid(formRef.current);
        }
        toast({ title: 'Error', description: (err as Error).message, variant: 'destructive' });
        return;
      }
      await add.mutateAsync({ payment_method_id: paymentMethodId, billing_details: parsedBilling.data! });
      await queryClient.invalidateQueries(trpc.paymentMethods.list.queryFilter());
      toast({ title: 'Success', description: 'Payment method added successfully!', variant: 'success' });
      onOpenChange(false);
    } catch {
      toast({ title: 'Error', description: 'Failed to save payment method', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (setErrors({}), setCard(EMPTY_CARD), onOpenChange(o))}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Add Payment Method</DialogTitle>
        <DialogDescription>Your card is saved with your payment processor; we keep only its brand, last four digits and expiry.</DialogDescription>
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Add payment method">
          <Field label="Full name" name="name" autoComplete="cc-name" defaultValue={user?.name ?? ''} error={errors.name} />
          <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={user?.email ?? ''} error={errors.email} />
          <Field label="Address" name="line1" autoComplete="address-line1" defaultValue={user?.address ?? ''} error={errors.line1} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="City" name="city" autoComplete="address-level2" defaultValue={user?.city ?? ''} error={errors.city} />
            <Field label="State" name="state" autoComplete="address-level1" defaultValue={user?.state ?? ''} error={errors.state} />
            <Field label="ZIP code" name="postal_code" inputMode="numeric" autoComplete="postal-code" defaultValue={user?.zipCode ?? ''} error={errors.postal_code} />
          </div>
          <Field label="Country" name="country" value="United States" readOnly disabled />
          {stripeMode ? (
            <Suspense fallback={<Skeleton className="h-36 w-full" />}>
              <StripeCard publishableKey={config.stripePublishableKey!} onReady={onStripeReady} />
            </Suspense>
          ) : (
            <CardFields
              values={card}
              errors={errors}
              withZip={false}
              saving
              onChange={(next, field) => {
                setCard(next);
                setErrors((e) => ({ ...e, [field]: '' }));
              }}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? 'Saving...' : 'Save Card'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
