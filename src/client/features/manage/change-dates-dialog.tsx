// Change dates (before arrival) or extend (during the stay): pick dates, see the server's new price and the
// difference, pay it with a saved or entered card, or confirm a refund. One Idempotency-Key per attempt, kept
// for a retry after a server or network failure, so a change is never charged twice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { Field } from '@/client/features/auth/form-field';
import { SavedCardPicker } from '@/client/features/checkout/saved-card-picker';
import type { CreatePaymentMethod } from '@/client/features/checkout/stripe-card';
import { withCardAuthentication } from '@/client/features/checkout/card-authentication';
import { preloadable } from '@/client/lib/lazy';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { httpStatusOf, newIdempotencyKey } from '@/client/lib/requests';
import { formatPrice, parseWallClock, toWallClock } from '@/shared/pricing';
import { DEPARTURE_ORDER_MESSAGE } from '@/shared/schemas/bookings';
import type { TManaged } from './managed-booking';
import { CardFields, checkCard, EMPTY_CARD, type CardValues } from '@/client/features/checkout/card-fields';

const StripeCard = preloadable('stripe-card-change', () => import('@/client/features/checkout/stripe-card'));

export function ChangeDatesDialog({ booking: b, token, extendOnly }: { booking: TManaged; token?: string; extendOnly: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="w-full justify-start" variant="outline">
          <CalendarRange className="size-4" aria-hidden="true" />
          {extendOnly ? 'Extend your stay' : 'Change dates'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>{extendOnly ? 'Extend your stay' : 'Change your dates'}</DialogTitle>
        <DialogDescription>
          {extendOnly
            ? 'Your stay has started: pick a later departure. You pay the difference for the new total.'
            : 'Pick new dates. We re-price the whole stay at today’s rates and show you the difference before anything changes.'}
        </DialogDescription>
        {open && <ChangeDatesForm booking={b} token={token} extendOnly={extendOnly} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ChangeDatesForm({ booking: b, token, extendOnly, onDone }: { booking: TManaged; token?: string; extendOnly: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [arrival, setArrival] = useState(b.arrivalDate);
  const [departure, setDeparture] = useState(b.departureDate);
  /** The date field last changed: a problem with the stay as a whole (a full or closed day) is shown there. */
  const [edited, setEdited] = useState<'arrival' | 'departure'>('departure');
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [savedCard, setSavedCard] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const key = useRef(newIdempotencyKey());
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((fn: CreatePaymentMethod | null) => (createPaymentMethod.current = fn), []);
  const stripeMode = Boolean(config.stripePublishableKey);

  const a = toWallClock(arrival);
  const d = toWallClock(departure);
  const valid = Boolean(a && d && parseWallClock(d)! > parseWallClock(a)!);
  const changed = a !== b.arrivalDate || d !== b.departureDate;
  const input = { confirmationNumber: b.confirmationNumber, token, arrivalDate: a ?? '', departureDate: d ?? '' };
  const quote = useQuery(trpc.bookings.quoteChange.queryOptions(input, { enabled: valid && changed, retry: false, placeholderData: (prev) => prev }));
  const change = useMutation(trpc.bookings.changeDates.mutationOptions());
  const q = valid && changed && !quote.isPlaceholderData ? quote.data : undefined;
  const problem = !valid ? DEPARTURE_ORDER_MESSAGE : valid && changed && quote.error && !quote.isFetching ? quote.error.message : null;
  // Next to the field it is about: an order problem at the departure, a server refusal at the field just changed.
  const problemAt = !problem ? null : !valid || extendOnly ? 'departure' : edited;
  const owner = b.via === 'owner';

  async function confirm() {
    if (!q || change.isPending || preparing) return;
    let paymentInfo: CardValues | { paymentMethodId: string } | undefined;
    if (q.charge > 0) {
      let paymentMethodId = savedCard ?? undefined;
      if (!paymentMethodId && stripeMode) {
        setPreparing(true);
        try {
          if (!createPaymentMethod.current) throw new Error('The card form is still loading. Please try again.');
          paymentMethodId = await createPaymentMethod.current();
        } catch (err) {
          return void setCardErrors({ payment: (err as Error).message });
        } finally {
          setPreparing(false);
        }
      }
      paymentInfo = paymentMethodId ? { paymentMethodId } : card;
      // Every card field's problem at once, from the one card schema.
      const problems = paymentMethodId ? {} : checkCard(card);
      if (Object.keys(problems).length) return void setCardErrors(problems);
    }
    setCardErrors({});
    try {
      // A bank that asks the cardholder (3-D Secure) is answered in Stripe's window, then the same request goes again.
      setPreparing(true);
      const request = { ...input, paymentInfo, idempotencyKey: key.current };
      const result = await withCardAuthentication(config.stripePublishableKey, () => change.mutateAsync(request)).finally(() => setPreparing(false));
      queryClient.setQueryData(trpc.bookings.manage.queryKey({ confirmationNumber: b.confirmationNumber, token }), result.booking);
      await Promise.all([queryClient.invalidateQueries(trpc.bookings.history.queryFilter()), queryClient.invalidateQueries(trpc.search.providers.queryFilter())]);
      const c = result.change;
      toast({
        title: 'Booking Changed',
        description:
          c.charge > 0
            ? `${formatPrice(c.charge)} charged. Your new pass is on its way by e-mail.`
            : c.refundToCard > 0
              ? `${formatPrice(c.refundToCard)} is on its way back to your card. Your new pass is on its way by e-mail.`
              : 'Your new dates are saved and your new pass is on its way by e-mail.',
        variant: 'success',
      });
      onDone();
    } catch (err) {
      const status = httpStatusOf(err);
      // A refusal makes the next try a new attempt; a server or network failure retries with the same key.
      if (status !== undefined && status < 500) key.current = newIdempotencyKey();
      if (status === 402) setCardErrors({ [savedCard || stripeMode ? 'payment' : 'cardNumber']: (err as Error).message });
      // Refused for the dates (a day filled up meanwhile): the quote asks again and shows why at the field.
      else if (status === 400 || status === 409) void quote.refetch();
      toast({ title: 'Change Failed', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    }
  }

  const busy = change.isPending || preparing;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Check-in (arrival)"
          type="datetime-local"
          value={arrival}
          disabled={extendOnly}
          error={problemAt === 'arrival' ? problem! : undefined}
          onChange={(e) => (setArrival(e.target.value), setEdited('arrival'))}
        />
        <Field
          label="Check-out (departure)"
          type="datetime-local"
          value={departure}
          min={arrival || undefined}
          error={problemAt === 'departure' ? problem! : undefined}
          onChange={(e) => (setDeparture(e.target.value), setEdited('departure'))}
        />
      </div>

      <div aria-live="polite" className={problem ? undefined : 'min-h-24'}>
        {problem ? (
          <p role="alert" className="sr-only">
            {problem}
          </p>
        ) : !changed ? (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">These are your current dates. Pick new ones to see the price.</p>
        ) : !q ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <Quote quote={q} />
        )}
      </div>

      {q && q.charge > 0 && (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold">{`Pay ${formatPrice(q.charge)} with`}</legend>
          {owner && <SavedCardPicker selected={savedCard} onSelect={setSavedCard} />}
          {cardErrors.payment && (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
              {cardErrors.payment}
            </p>
          )}
          {!savedCard &&
            (stripeMode ? (
              <Suspense fallback={<Skeleton className="h-36 w-full" />}>
                <StripeCard publishableKey={config.stripePublishableKey!} amount={q.charge} onReady={onStripeReady} />
              </Suspense>
            ) : (
              <CardFields
                values={card}
                errors={cardErrors}
                onChange={(v, field) => {
                  setCard(v);
                  setCardErrors((e) => ({ ...e, [field]: '', payment: '' }));
                }}
              />
            ))}
        </fieldset>
      )}

      <Button type="button" className="w-full" disabled={!q} loading={busy} onClick={() => void confirm()}>
        {busy
          ? 'Saving...'
          : !q
            ? 'Change dates'
            : q.charge > 0
              ? `Pay ${formatPrice(q.charge)} and change dates`
              : q.refundToCard > 0
                ? `Change dates and refund ${formatPrice(q.refundToCard)}`
                : 'Change dates'}
      </Button>
    </div>
  );
}

type TQuote = RouterOutputs['bookings']['quoteChange'];

function Quote({ quote: q }: { quote: TQuote }) {
  return (
    <div className="space-y-3 rounded-lg border border-border p-4 text-sm">
      <dl className="space-y-1.5">
        {q.lines.map((l, i) => (
          <div key={i} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{l.label}</dt>
            <dd className="tabular-nums">{formatPrice(l.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-1.5">
          <dt>New parking total</dt>
          <dd className="text-right font-medium tabular-nums">
            {formatPrice(q.parkingFeeAfter)}
            <span className="block text-xs font-normal text-muted-foreground">{`was ${formatPrice(q.parkingFeeBefore)}`}</span>
          </dd>
        </div>
      </dl>
      <p className="text-base font-semibold" data-testid="change-difference">
        {q.charge > 0
          ? `You pay ${formatPrice(q.charge)} more`
          : q.refundToCard > 0 || q.creditBack > 0
            ? `We refund ${formatPrice(q.refundToCard + q.creditBack)}${q.creditBack > 0 ? ` (${formatPrice(q.creditBack)} as credit)` : ''}`
            : q.kept > 0
              ? 'No refund for the shorter stay'
              : 'No change in price'}
      </p>
      {q.kept > 0 && (
        <p className="text-muted-foreground">{`${formatPrice(q.kept)} is not refundable under the lot's cancellation policy (changes less than 24 hours before arrival).`}</p>
      )}
    </div>
  );
}
