// Checkout (/booking): 'Complete Your Reservation' with the 'Booking Details' form and the 'Booking Summary'.
// The form runs the server's own schema and marks every wrong field at once; the live estimate says at the date
// fields why these dates cannot be booked (past, closed, sold out) as soon as they are chosen. A reload keeps
// what was typed (never the card). Submitting books and pays in one call with an Idempotency-Key, so a double
// click cannot book twice; a refusal stays where it belongs (the card, the dates) until it is fixed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useSession } from '@/client/features/auth/use-session';
import { BookingSummary, EstimateRows } from '@/client/features/checkout/booking-summary';
import { CardFields, EMPTY_CARD } from '@/client/features/checkout/card-fields';
import { initialStay, useCheckoutDraft } from '@/client/features/checkout/checkout-draft';
import { ContactFields, FormProblem, StayFields, TermsField, TravelFields, VehicleFields, type Bind } from '@/client/features/checkout/checkout-fields';
import { storeConfirmation } from '@/client/features/checkout/confirmation-store';
import { SavedCardPicker } from '@/client/features/checkout/saved-card-picker';
import type { CreatePaymentMethod } from '@/client/features/checkout/stripe-card';
import { withCardAuthentication } from '@/client/features/checkout/card-authentication';
import { useCreditEmail, useGuestContactPrefill } from '@/client/features/checkout/guest-checkout';
import { track } from '@/client/lib/analytics';
import { preloadable } from '@/client/lib/lazy';
import { httpStatusOf, newIdempotencyKey } from '@/client/lib/requests';
import { isNotFound, useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { toCents, toDollars } from '@/shared/money';
import { billableDays, formatPrice, parseWallClock, priceStay, toWallClock } from '@/shared/pricing';
import { bookingFormErrors, contactFieldProblem, stayDateProblems, toBookingRequest, type TBookingForm } from '@/shared/schemas/bookings';
import { zoneName } from '@/shared/stay-times';
import { zoneForState } from '@/shared/time-zones';

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
  outboundFlight: '',
  returnFlight: '',
  shipName: '',
  sailingDate: '',
  ...EMPTY_CARD,
  acceptTerms: false,
};

export default function BookingPage() {
  const trpc = useTRPC();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const providerId = params.get('providerId') ?? '';
  const providerName = params.get('providerName');
  const provider = useQuery(trpc.catalogue.getProvider.queryOptions({ slug: providerId }, { enabled: Boolean(providerName && providerId), retry: false, retryOnMount: false }));

  if (!providerName || (provider.isError && isNotFound(provider.error))) return <ProviderNotFound />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <button type="button" onClick={() => history.back()} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </button>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Complete Your Reservation</h1>
      <p className="mt-2 text-muted-foreground">{`${providerName}${params.get('location') ? ` · ${params.get('location')}` : ''}`}</p>
      <Checkout
        url={search}
        providerId={providerId}
        providerName={providerName}
        location={params.get('location') ?? provider.data?.location ?? ''}
        fallbackPrice={Number(params.get('price')) || 0}
        provider={provider.data}
        // The lot's zone decides what "now" means for the stay; an unreadable lot falls back to Eastern.
        zone={provider.data ? zoneForState(provider.data.terminal.state) : provider.isError ? zoneForState('') : null}
        urlArrival={params.get('arrivalDate')}
        urlDeparture={params.get('departureDate')}
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
type DateField = 'arrivalDate' | 'departureDate';

function Checkout({
  url,
  providerId,
  providerName,
  location,
  fallbackPrice,
  provider,
  zone,
  urlArrival,
  urlDeparture,
}: {
  url: string;
  providerId: string;
  providerName: string;
  location: string;
  fallbackPrice: number;
  provider: ProviderData | undefined;
  zone: string | null;
  urlArrival: string | null;
  urlDeparture: string | null;
}) {
  const trpc = useTRPC();
  const { user, isLoading: sessionLoading } = useSession();
  const config = useConfig();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.profile.preferences.queryOptions(undefined, { enabled: Boolean(user) }));
  const [form, setForm] = useState<TBookingForm>(() => ({ ...EMPTY, ...initialStay(urlArrival, urlDeparture) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedCard, setSavedCard] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((fn: CreatePaymentMethod | null) => (createPaymentMethod.current = fn), []);
  const [preparing, setPreparing] = useState(false);
  const create = useMutation(trpc.bookings.create.mutationOptions());
  const stripeMode = Boolean(config.stripePublishableKey);
  const draft = useCheckoutDraft({ url, form, setForm, zone, urlArrival, urlDeparture });
  /** The date field last changed: a problem with the stay as a whole (a closed or full day) is shown there. */
  const lastDate = useRef<DateField>('arrivalDate');

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
    setForm((f) => ({
      ...f,
      vehicleMake: f.vehicleMake || (p.vehicleMake ?? ''),
      vehicleModel: f.vehicleModel || (p.vehicleModel ?? ''),
      licensePlate: f.licensePlate || (p.licensePlate ?? ''),
    }));
  }, [preferences.data]);

  const arrival = toWallClock(form.arrivalDate);
  const departure = toWallClock(form.departureDate);
  const datesValid = Boolean(arrival && departure && parseWallClock(departure)! > parseWallClock(arrival)!);
  // A guest's credit is the e-mail's (the detail fee paid with it): the estimate prices it as checkout will.
  const creditEmail = useCreditEmail(!sessionLoading && !user, form.email);
  const estimate = useQuery(
    trpc.bookings.estimate.queryOptions(
      { providerId: Number(providerId), arrivalDate: arrival ?? '', departureDate: departure ?? '', email: creditEmail },
      { enabled: draft.ready && datesValid && /^\d+$/.test(providerId), placeholderData: (prev) => prev, retry: false },
    ),
  );
  useEffect(() => {
    if (estimate.error) console.warn('Estimate failed:', estimate.error.message);
  }, [estimate.error]);
  const current = estimate.isPlaceholderData ? undefined : estimate.data;
  const shown = datesValid ? (estimate.data ?? null) : null;
  const dailyPrice = provider?.price ?? fallbackPrice;
  // Until the server's estimate arrives, the same arithmetic from pricing.ts (never computed here by hand).
  const total =
    shown?.total ??
    (datesValid ? toDollars(priceStay({ dailyPrice: toCents(dailyPrice), weeklyRate: provider?.weeklyRateCents, days: billableDays(arrival!, departure!) }).total) : 0);

  // The dates' problem, live: their own (order, length) at once, then the lot's answer for them (past at the
  // lot, closed or sold-out days), at the field it concerns.
  const [own] = stayDateProblems(form.arrivalDate, form.departureDate);
  const lot = datesValid ? current?.problem : undefined;
  const dateProblem = own ?? (lot ? { field: lot.field === 'stay' ? lastDate.current : lot.field, message: lot.message } : null);
  // A new problem takes the traveller there, before anything else is typed.
  const announced = useRef('');
  useEffect(() => {
    const key = dateProblem ? `${dateProblem.field}|${dateProblem.message}` : '';
    if (key === announced.current) return;
    announced.current = key;
    const input = dateProblem && formRef.current?.querySelector<HTMLElement>(`[name="${dateProblem.field}"]`);
    if (input && document.activeElement !== input) input.focus();
  });

  const set = (field: keyof TBookingForm) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field === 'arrivalDate' || field === 'departureDate') lastDate.current = field;
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: '', form: '' }));
  };
  const bind: Bind = (field) => ({
    name: field,
    value: form[field],
    error: errors[field] || (dateProblem?.field === field ? dateProblem.message : undefined) || undefined,
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
    // Every problem at once (in Stripe mode the card fields live in Stripe's iframe: a placeholder id stands in).
    const found = bookingFormErrors(form, providerId || undefined, usesPaymentMethod ? (savedCard ?? 'pm_pending') : undefined);
    if (dateProblem) found[dateProblem.field] ??= dateProblem.message;
    if (Object.keys(found).length) {
      setErrors(found);
      const count = Object.keys(found).length;
      toast({ title: 'Form Error', description: count > 1 ? `Please fix the ${count} highlighted fields.` : Object.values(found)[0], variant: 'destructive' });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
        setErrors({ payment: (err as Error).message });
        toast({ title: 'Booking Failed', description: (err as Error).message, variant: 'destructive' });
        return;
      }
      setPreparing(false);
    }
    try {
      const request = { ...toBookingRequest(form, Number(providerId), paymentMethodId), idempotencyKey: idempotencyKey.current };
      // A bank that asks the cardholder (3-D Secure) is answered in Stripe's window, then the same request goes again.
      setPreparing(true);
      const result = await withCardAuthentication(config.stripePublishableKey, () => create.mutateAsync(request)).finally(() => setPreparing(false));
      draft.clear();
      track('booking_completed', { location, provider: providerName });
      track('purchase_complete', { value: result.booking.totalFee, currency: 'USD' });
      storeConfirmation(result, billableDays(result.booking.arrivalDate, result.booking.departureDate));
      await Promise.all([
        queryClient.invalidateQueries(trpc.bookings.history.queryFilter()),
        queryClient.invalidateQueries(trpc.auth.me.queryFilter()),
        queryClient.invalidateQueries(trpc.profile.credits.queryFilter()),
        queryClient.invalidateQueries(trpc.search.providers.queryFilter()),
      ]);
      toast({ title: 'Booking Confirmed!', description: `Reservation ${result.confirmationNumber} has been successfully created.`, variant: 'success' });
      // A guest sees the booking through its own signed link (checkout never signs a guest in).
      const link = result.viewToken ? `&token=${encodeURIComponent(result.viewToken)}` : '';
      navigate(`/thank-you?confirmation=${encodeURIComponent(result.confirmationNumber)}${link}`);
    } catch (err) {
      await refused(err as Error);
    }
  }

  /** Where a refusal shows: the bank's at the card, the dates' at the date field, anything else above the button. */
  async function refused(err: Error) {
    // A refusal (declined card, sold out, a form problem) makes the next try a new attempt; when the server or
    // the network failed, the same key goes again so a retry can never book or charge twice.
    const status = httpStatusOf(err);
    if (status !== undefined && status < 500) idempotencyKey.current = newIdempotencyKey();
    toast({ title: 'Booking Failed', description: err.message || 'Unable to process your booking. Please try again.', variant: 'destructive' });
    if (status === 402) {
      const field = savedCard || stripeMode ? 'payment' : 'cardNumber';
      setErrors({ [field]: err.message || 'Your card was declined.' });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(field === 'payment' ? '#payment-error' : '[name="cardNumber"]')?.focus());
      return;
    }
    // The dates may have become the problem meanwhile (a day sold out): the estimate asks again and, if so,
    // shows it at the date field.
    const fresh = status === 400 || status === 409 ? (await estimate.refetch()).data?.problem : undefined;
    if (!fresh) {
      setErrors({ form: err.message || 'Unable to process your booking. Please try again.' });
      requestAnimationFrame(() => document.getElementById('form-problem')?.focus());
    }
  }

  const busy = create.isPending || preparing;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Booking Details</CardTitle>
          <CardDescription>
            {user
              ? 'Check your details and pay securely.'
              : 'Book as a guest, no account needed: we e-mail your pass and a link to manage the booking. A detail fee paid with this e-mail comes off your total.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-8" aria-label="Booking details">
            <ContactFields bind={bind} />
            <StayFields bind={bind} minDeparture={form.arrivalDate} zoneName={zone ? zoneName(zone) : undefined} />
            <VehicleFields bind={bind} />
            <TravelFields bind={bind} cruise={provider?.terminal.kind === 'cruise_port'} />
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
              <FormProblem id="payment-error" message={errors.payment} />
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
            <TermsField checked={form.acceptTerms} error={errors.acceptTerms || undefined} onChange={(checked) => set('acceptTerms')(checked)} />
            {/* Phones: the money is read right above the button that spends it (the side summary sits below). */}
            <section aria-label="Price summary" className="rounded-lg border border-border bg-muted/40 p-4 lg:hidden">
              <EstimateRows estimate={shown} loading={datesValid && estimate.isPending} dailyPrice={dailyPrice} />
            </section>
            <FormProblem id="form-problem" message={errors.form} />
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
