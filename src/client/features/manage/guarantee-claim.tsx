// Claiming the parking guarantee (/manage/{confirmation}/guarantee): the lot turned the traveller away. The
// nearby lots with space for the same dates, nearest first, each with what the traveller pays there (the server's
// amounts: never more than they paid), moved to with one tap; or a full refund. After a move the new booking's
// page opens with its pass. Refusals (outside the window, checked in, already claimed) are the server's words.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Bus, CheckCircle2, Clock, MapPin, RotateCcw, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { httpStatusOf, newIdempotencyKey } from '@/client/lib/requests';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';

type TOptions = RouterOutputs['bookings']['guarantee'];
type TOption = TOptions['options'][number];

export function GuaranteeClaim({ confirmation, token }: { confirmation: string; token?: string }) {
  const trpc = useTRPC();
  const ref = { confirmationNumber: confirmation, token };
  const options = useQuery(trpc.bookings.guarantee.queryOptions(ref, { retry: false }));
  const manageHref = `/manage/${confirmation}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  if (options.isPending) return <ClaimSkeleton />;
  if (!options.data) {
    return (
      <Shell confirmation={confirmation} manageHref={manageHref}>
        <Card className="p-6">
          <p role="alert">{options.error?.message ?? 'We couldn’t open this booking. Please open it again from your e-mail’s link.'}</p>
        </Card>
      </Shell>
    );
  }
  const d = options.data;
  return (
    <Shell confirmation={confirmation} manageHref={manageHref} providerName={d.providerName}>
      {d.claim ? (
        <Claimed claim={d.claim} />
      ) : !d.eligible ? (
        <Card className="flex gap-3 border-warning/40 bg-warning/10 p-5" role="status">
          <Clock className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <p className="font-semibold">The guarantee can’t be claimed right now</p>
            <p className="mt-1 text-sm">{d.reason}</p>
          </div>
        </Card>
      ) : (
        <Choices data={d} confirmation={confirmation} token={token} />
      )}
    </Shell>
  );
}

function Shell({ confirmation, manageHref, providerName, children }: { confirmation: string; manageHref: string; providerName?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href={manageHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← Back to booking {confirmation}
      </Link>
      <div className="mt-4 flex items-start gap-3">
        <ShieldCheck className="mt-1 size-8 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">The lot turned you away?</h1>
          <p className="mt-2 text-muted-foreground text-pretty">
            {`We're sorry${providerName ? ` ${providerName} had no space for you` : ''}. Under our `}
            <Link href="/guarantee" className="font-medium text-primary underline-offset-4 hover:underline">
              parking guarantee
            </Link>
            , move to a nearby lot at no extra cost, or get a full refund.
          </p>
        </div>
      </div>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

function Choices({ data: d, confirmation, token }: { data: TOptions; confirmation: string; token?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const key = useRef(newIdempotencyKey());
  const [picked, setPicked] = useState<number | 'refund' | null>(null);
  const claim = useMutation(trpc.bookings.claimGuarantee.mutationOptions());

  async function run(choice: { lotId: number } | { refund: true }) {
    setPicked('lotId' in choice ? choice.lotId : 'refund');
    try {
      const out = await claim.mutateAsync({ confirmationNumber: confirmation, token, idempotencyKey: key.current, ...choice });
      void queryClient.invalidateQueries(trpc.bookings.history.queryFilter());
      void queryClient.invalidateQueries(trpc.bookings.guarantee.queryFilter());
      void queryClient.invalidateQueries(trpc.bookings.manage.queryFilter());
      if (out.newBooking) {
        toast({
          title: 'You’re booked nearby',
          description: `Booking ${out.newBooking.confirmationNumber} at ${out.newBooking.providerName}: your new pass is below and on its way by e-mail.`,
          variant: 'success',
        });
        navigate(`/manage/${out.newBooking.confirmationNumber}${out.manageToken ? `?token=${encodeURIComponent(out.manageToken)}` : ''}`);
      } else {
        const back = out.refunded.card + out.refunded.credit;
        toast({ title: 'Refunded in full', description: `${formatPrice(back)} is on its way back to you.`, variant: 'success' });
      }
    } catch (err) {
      const status = httpStatusOf(err);
      if (status !== undefined && status < 500) key.current = newIdempotencyKey();
      setPicked(null);
      toast({ title: 'That didn’t work', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
      void queryClient.invalidateQueries(trpc.bookings.guarantee.queryFilter());
    }
  }

  return (
    <>
      <p className="text-sm text-muted-foreground">
        <Clock className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
        {`You can claim until ${formatStay(d.window.closesLocal)} (the lot’s time). You paid ${formatPrice(d.paid)} for this booking.`}
      </p>
      <section aria-labelledby="nearby-heading" className="space-y-3">
        <h2 id="nearby-heading" className="text-lg font-semibold">
          {d.options.length ? 'Lots nearby with space for your dates' : 'No lot nearby has space for your dates'}
        </h2>
        {d.options.length > 0 && <p className="text-sm text-muted-foreground">Nearest first. Tap one and your booking moves there at once, with a new pass.</p>}
        {d.options.length ? (
          <ul className="space-y-3">
            {d.options.map((o) => (
              <li key={o.lotId}>
                <OptionCard option={o} busy={claim.isPending} picked={picked === o.lotId} onMove={() => void run({ lotId: o.lotId })} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">We’re sorry: every lot near this one is full or closed for your dates. Take a full refund below.</p>
        )}
      </section>
      <RefundCard data={d} busy={claim.isPending} picked={picked === 'refund'} onRefund={() => run({ refund: true })} />
    </>
  );
}

function OptionCard({ option: o, busy, picked, onMove }: { option: TOption; busy: boolean; picked: boolean; onMove: () => void }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{o.name}</h3>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{`${o.address} · ${o.milesAway < 0.1 ? 'next door' : `${o.milesAway} mi away`}`}</span>
          </p>
          {o.shuttleInfo && (
            <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
              <Bus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{o.shuttleInfo}</span>
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
              No extra cost
            </Badge>
            {o.refundNow > 0 && <Badge variant="outline">{`${formatPrice(o.refundNow)} back to you`}</Badge>}
            {o.wePay > 0 && <Badge variant="outline">{`We pay the ${formatPrice(o.wePay)} difference`}</Badge>}
          </div>
        </div>
        <div className="flex shrink-0 flex-row items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="text-sm sm:text-right">
            <span className="block text-xs text-muted-foreground">You pay in all</span>
            <span className="text-lg font-bold tabular-nums">{formatPrice(o.youPay)}</span>
          </p>
          <Button onClick={onMove} disabled={busy} aria-label={`Move here: ${o.name}`} className="min-w-32">
            {picked ? 'Moving…' : 'Move here'} {!picked && <ArrowRight className="size-4" aria-hidden="true" />}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function RefundCard({ data: d, busy, picked, onRefund }: { data: TOptions; busy: boolean; picked: boolean; onRefund: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const parts = [d.refund.card > 0 && `${formatPrice(d.refund.card)} to your card`, d.refund.credit > 0 && `${formatPrice(d.refund.credit)} to your credit balance`].filter(
    Boolean,
  );
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex gap-3">
        <RotateCcw className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">Rather not move?</h2>
          <p className="mt-1 text-sm text-muted-foreground">{`Get everything back, service fee included: ${parts.join(' and ') || formatPrice(d.refund.total)}.`}</p>
        </div>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant={d.options.length ? 'outline' : 'default'} disabled={busy} className="shrink-0">
            {picked ? 'Refunding…' : 'Refund me in full'}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Refund this booking in full?</DialogTitle>
          <DialogDescription>{`We'll cancel booking ${d.confirmationNumber} and refund ${formatPrice(d.refund.total)}. Refunds reach your card in a few days.`}</DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                setOpen(false);
                void onRefund();
              }}
            >
              Refund {formatPrice(d.refund.total)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Claimed({ claim }: { claim: NonNullable<TOptions['claim']> }) {
  return (
    <Card className="flex gap-3 border-success/30 bg-success/10 p-5" role="status">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div>
        <p className="font-semibold">{claim.outcome === 'moved' ? 'You were moved under the guarantee' : 'You were refunded in full'}</p>
        <p className="mt-1 text-sm">
          {claim.outcome === 'moved' && claim.newConfirmationNumber
            ? `Your booking is now ${claim.newConfirmationNumber}: its pass is in your e-mail and in your booking history.`
            : `${formatPrice(claim.refunded)} went back to you. The guarantee can be claimed once per booking.`}
        </p>
      </div>
    </Card>
  );
}

function ClaimSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6" role="status" aria-busy="true" aria-label="Loading nearby lots">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}
