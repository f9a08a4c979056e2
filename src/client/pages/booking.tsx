// Checkout (/booking): 'Complete Your Reservation' with the 'Booking Details' form and the 'Booking Summary'.
// The form runs the server's own schema (first error wins), the estimate is live, and submitting books and
// pays in one call with an Idempotency-Key so a double click cannot book twice.
import { ArrowLeft, FlaskConical, Lock, SearchX } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { Field } from '@/client/features/auth/form-field';
import { useSession } from '@/client/features/auth/use-session';
import { BookingSummary, EstimateRows } from '@/client/features/checkout/booking-summary';
import { storeConfirmation } from '@/client/features/checkout/confirmation-store';
import type { CreatePaymentMethod } from '@/client/features/checkout/stripe-card';
import { SavedCardPicker } from '@/client/features/checkout/saved-card-picker';
import { CardFields } from '@/client/features/checkout/card-fields';
import { useCreditEmail, useGuestContactPrefill } from '@/client/features/checkout/guest-checkout';
import { isNotFound, trpc, type RouterOutputs } from '@/client/lib/trpc';
import { newIdempotencyKey } from '@/client/lib/requests';
import { track } from '@/client/lib/analytics';
import { useConfig } from '@/client/lib/use-api';
import { billableDays, formatPrice, parseWallClock, priceStay, toWallClock } from '@/shared/pricing';
import { contactFieldProblem, firstBookingFormError, toBookingRequest, type TBookingForm } from '@/shared/schemas/bookings';
import { preloadable } from '@/client/lib/lazy';

const StripeCard = preloadable('stripe-card-booking', () => import('@/client/features/checkout/stripe-card'));

const EMPTY: TBookingForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  arrivalDate: '',
  departureDate: '',
  vehicleMake: '',
  vehicleModel: '',
  licensePlate: '',
  cardNumber: '',
  expirationDate: '',
  cvv: '',
  billingZip: '',
  acceptTerms: false,
};

/** A date from the URL as a datetime-local value; a bare date (or midnight, as search links carry) becomes 10:00. */
function initialDate(value: string | null): string {
  const wall = value ? toWallClock(value) : null;
  if (!wall) return '';
  return wall.endsWith('T00:00') ? `${wall.slice(0, 10)}T10:00` : wall;
}


export default function BookingPage() {
  const params = new URLSearchParams(useSearch());
  const providerId = params.get('providerId') ?? '';
  const providerName = params.get('providerName');
  const provider = trpc.catalogue.getProvider.useQuery({ slug: providerId }, { enabled: Boolean(providerName && providerId), retry: false, retryOnMount: false });

  if (!providerName || (provider.isError && isNotFound(provider.error))) return <ProviderNotFound />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <button type="button" onClick={() => history.back()} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </button>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Complete Your Reservation</h1>
      <p className="mt-2 text-muted-foreground">{`${providerName}${params.get('location') ? ` · ${params.get('location')}` : ''}`}</p>
      <Checkout
        providerId={providerId}
        providerName={providerName}
        location={params.get('location') ?? provider.data?.location ?? ''}
        fallbackPrice={Number(params.get('price')) || 0}
        provider={provider.data}
        initialArrival={initialDate(params.get('arrivalDate'))}
        initialDeparture={initialDate(params.get('departureDate'))}
      />
    </div>
  );
}

function ProviderNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Provider Not Found</h1>
      <p className="mt-2 text-muted-foreground">We couldn&apos;t find the parking lot for this reservation. Please choose a lot from your search results.</p>
      <Button asChild className="mt-6">
        <Link href="/">Return Home</Link>
      </Button>
    </div>
  );
}

type ProviderData = RouterOutputs['catalogue']['getProvider'];

function Checkout({ providerId, providerName, location, fallbackPrice, provider, initialArrival, initialDeparture }: {
  providerId: string;
  providerName: string;
  location: string;
  fallbackPrice: number;
  provider: ProviderData | undefined;
  initialArrival: string;
  initialDeparture: string;
}) {
  const { user, isLoading: sessionLoading } = useSession();
  const config = useConfig();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const preferences = trpc.profile.preferences.useQuery(undefined, { enabled: Boolean(user) });
  const [form, setForm] = useState<TBookingForm>({ ...EMPTY, arrivalDate: initialArrival, departureDate: initialDeparture });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedCard, setSavedCard] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((fn: CreatePaymentMethod | null) => (createPaymentMethod.current = fn), []);
  const [preparing, setPreparing] = useState(false);
  const create = trpc.bookings.create.useMutation();
  const stripeMode = Boolean(config.stripePublishableKey);

  // Prefill from the account (name: first word is the first name) and saved vehicle preferences, once.
  const prefilled = useRef({ user: false, prefs: false });
  useEffect(() => {
    if (!user || prefilled.current.user) return;
    prefilled.current.user = true;
    const [first = '', ...rest] = user.name.trim().split(/\s+/);
    setForm((f) => ({ ...f, firstName: f.firstName || first, lastName: f.lastName || rest.join(' '), email: f.email || user.email, phone: f.phone || (user.phone ?? '') }));
  }, [user]);
  useGuestContactPrefill(!sessionLoading && !user, setForm);
  useEffect(() => {
    const p = preferences.data;
    if (!p || prefilled.current.prefs) return;
    prefilled.current.prefs = true;
    setForm((f) => ({ ...f, vehicleMake: f.vehicleMake || (p.vehicleMake ?? ''), vehicleModel: f.vehicleModel || (p.vehicleModel ?? ''), licensePlate: f.licensePlate || (p.licensePlate ?? '') }));
  }, [preferences.data]);

  const arrival = toWallClock(form.arrivalDate);
  const departure = toWallClock(form.departureDate);
  const datesValid = Boolean(arrival && departure && parseWallClock(departure)! > parseWallClock(arrival)!);
  // A guest's credit is the e-mail's (the detail fee paid with it): the estimate prices it as checkout will.
  const creditEmail = useCreditEmail(!sessionLoading && !user, form.email);
  const estimate = trpc.bookings.estimate.useQuery(
    { providerId: Number(providerId), arrivalDate: arrival ?? '', departureDate: departure ?? '', email: creditEmail },
    { enabled: datesValid && /^\d+$/.test(providerId), placeholderData: (prev) => prev, retry: false },
  );
  useEffect(() => {
    if (estimate.error) console.warn('Estimate failed:', estimate.error.message);
  }, [estimate.error]);
  const shown = datesValid ? (estimate.data ?? null) : null;
  const dailyPrice = provider?.price ?? fallbackPrice;
  // Until the server's estimate arrives, the same arithmetic from pricing.ts (never computed here by hand).
  const total = shown?.total ?? (datesValid ? priceStay({ dailyPrice, weeklyRate: provider?.weeklyRate, days: billableDays(arrival!, departure!) }).total : 0);

  const set = (field: keyof TBookingForm) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }));
  };
  const bind = (field: Exclude<keyof TBookingForm, 'acceptTerms'>) => ({
    name: field,
    value: form[field],
    error: errors[field] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
    // E-mail and phone are checked as soon as the traveller leaves them, not only on submit.
    ...(field === 'email' || field === 'phone'
      ? { onBlur: (e: React.FocusEvent<HTMLInputElement>) => setErrors((x) => ({ ...x, [field]: contactFieldProblem(field, e.target.value) ?? '' })) }
      : {}),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || preparing) return;
    const usesPaymentMethod = Boolean(savedCard) || stripeMode;
    // In Stripe mode the card fields live in Stripe's iframe: validate the rest with a placeholder id.
    const problem = firstBookingFormError(form, providerId || undefined, usesPaymentMethod ? (savedCard ?? 'pm_pending') : undefined);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      toast({ title: 'Form Error', description: problem.message, variant: 'destructive' });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus());
      return;
    }
    setErrors({});
    track('booking_attempted', { location, provider: providerName });
    let paymentMethodId = savedCard ?? undefined;
    if (!paymentMethodId && stripeMode) {
      setPreparing(true);
      try {
        if (!createPaymentMethod.current) throw new Error('The card form is still loading. Please try again.');
        paymentMethodId = await createPaymentMethod.current();
      } catch (err) {
        setPreparing(false);
        toast({ title: 'Booking Failed', description: (err as Error).message, variant: 'destructive' });
        return;
      }
      setPreparing(false);
    }
    try {
      const result = await create.mutateAsync({ ...toBookingRequest(form, Number(providerId), paymentMethodId), idempotencyKey: idempotencyKey.current });
      track('booking_completed', { location, provider: providerName });
      track('purchase_complete', { value: result.booking.totalFee, currency: 'USD' });
      storeConfirmation(result, billableDays(result.booking.arrivalDate, result.booking.departureDate));
      await Promise.all([utils.bookings.history.invalidate(), utils.auth.me.invalidate(), utils.profile.credits.invalidate(), utils.search.providers.invalidate()]);
      toast({ title: 'Booking Confirmed!', description: `Reservation ${result.confirmationNumber} has been successfully created.`, variant: 'success' });
      // A guest sees the booking through its own signed link (checkout never signs a guest in).
      const link = result.viewToken ? `&token=${encodeURIComponent(result.viewToken)}` : '';
      navigate(`/thank-you?confirmation=${encodeURIComponent(result.confirmationNumber)}${link}`);
    } catch (err) {
      // A refusal (declined card, sold out, a form problem) makes the next try a new attempt; when the server or
      // the network failed, the same key goes again so a retry can never book or charge twice.
      const status = (err as { data?: { httpStatus?: number } }).data?.httpStatus;
      if (status !== undefined && status < 500) idempotencyKey.current = newIdempotencyKey();
      if (status === 402) {
        // The bank's answer stays at the card until the card changes, where the traveller looks.
        const field = savedCard || stripeMode ? 'payment' : 'cardNumber';
        setErrors({ [field]: (err as Error).message || 'Your card was declined.' });
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(field === 'payment' ? '#payment-error' : '[name="cardNumber"]')?.focus());
      }
      toast({ title: 'Booking Failed', description: (err as Error).message || 'Unable to process your booking. Please try again.', variant: 'destructive' });
    }
  }

  const busy = create.isPending || preparing;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Booking Details</CardTitle>
          <CardDescription>{user ? 'Check your details and pay securely.' : 'Book as a guest, no account needed: we e-mail your pass and a link to manage the booking. A detail fee paid with this e-mail comes off your total.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-8" aria-label="Booking details">
            <fieldset className="space-y-4">
              <legend className="mb-3 text-base font-semibold">Contact</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First name" autoComplete="given-name" required {...bind('firstName')} />
                <Field label="Last name" autoComplete="family-name" required {...bind('lastName')} />
                <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
                <Field label="Phone" type="tel" autoComplete="tel" required {...bind('phone')} />
              </div>
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="mb-3 text-base font-semibold">Your stay</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Check-in (arrival)" type="datetime-local" required {...bind('arrivalDate')} />
                <Field label="Check-out (departure)" type="datetime-local" required {...bind('departureDate')} min={form.arrivalDate || undefined} />
              </div>
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="mb-3 text-base font-semibold">Vehicle</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                <Field label="Make" placeholder="e.g. Toyota" required {...bind('vehicleMake')} />
                <Field label="Model" placeholder="e.g. Camry" required {...bind('vehicleModel')} />
                <Field label="License plate" placeholder="e.g. 7ABC123" required maxLength={12} {...bind('licensePlate')} />
              </div>
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="mb-3 flex items-center gap-2 text-base font-semibold">
                <Lock className="size-4 text-muted-foreground" aria-hidden="true" /> Payment
              </legend>
              {user && (
                <SavedCardPicker
                  selected={savedCard}
                  onSelect={(card) => {
                    setSavedCard(card);
                    setErrors((e) => ({ ...e, payment: '', cardNumber: '' }));
                  }}
                />
              )}
              {errors.payment && (
                <p id="payment-error" role="alert" tabIndex={-1} className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
                  {errors.payment}
                </p>
              )}
              {!savedCard &&
                (stripeMode ? (
                  <Suspense fallback={<Skeleton className="h-36 w-full" />}>
                    <StripeCard publishableKey={config.stripePublishableKey!} amount={total} onReady={onStripeReady} />
                  </Suspense>
                ) : (
                  <CardFields
                    values={{ cardNumber: form.cardNumber, expirationDate: form.expirationDate, cvv: form.cvv, billingZip: form.billingZip }}
                    errors={errors}
                    onChange={(card, field) => set(field)(card[field])}
                  />
                ))}
            </fieldset>
            <div className="space-y-1.5">
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  checked={form.acceptTerms}
                  onChange={(e) => set('acceptTerms')(e.target.checked)}
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span>
                  I agree to the{' '}
                  <Link href="/terms-of-service" className="font-medium text-primary underline-offset-4 hover:underline">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link href="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
                    Privacy Policy
                  </Link>
                  , including the cancellation policy of this lot.
                </span>
              </label>
              {errors.acceptTerms && (
                <p id="terms-error" className="text-sm text-destructive">
                  {errors.acceptTerms}
                </p>
              )}
            </div>
            {/* Phones: the money is read right above the button that spends it (the side summary sits below). */}
            <section aria-label="Price summary" className="rounded-lg border border-border bg-muted/40 p-4 lg:hidden">
              <EstimateRows estimate={shown} loading={datesValid && estimate.isPending} dailyPrice={dailyPrice} />
            </section>
            <Button type="submit" size="lg" className="w-full" loading={busy}>
              {busy ? 'Processing Booking...' : total > 0 ? `Complete Booking · ${formatPrice(total)}` : 'Complete Booking'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <div className="lg:sticky lg:top-20">
        <BookingSummary
          providerName={providerName}
          location={location}
          address={provider?.address}
          image={provider?.imageUrls[0]}
          arrival={arrival ?? ''}
          departure={departure ?? ''}
          dailyPrice={dailyPrice}
          estimate={shown}
          loading={datesValid && estimate.isPending}
          cancellationPolicy={provider?.cancellationPolicy}
        />
      </div>
    </div>
  );
}
