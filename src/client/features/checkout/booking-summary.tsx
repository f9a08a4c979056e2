// The 'Booking Summary' side card: the lot, the stay, and the live estimate from the server.
import { appliedCancellationPolicy } from '@/shared/cancellation';
import { SERVICE_FEE } from '@/shared/constants';
import { CalendarDays, MapPin, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Separator } from '@/client/components/ui/separator';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatStay } from '@/shared/format';
import { formatPrice, type PriceLine } from '@/shared/pricing';

export interface Estimate {
  days: number;
  /** How the parking subtotal is made up ('1 week', '2 days × $10.95'), from the server's estimate. */
  lines: PriceLine[];
  subtotal: number;
  serviceFee: number;
  credit: number;
  total: number;
}

export function BookingSummary({
  providerName,
  location,
  address,
  image,
  arrival,
  departure,
  dailyPrice,
  estimate,
  loading,
  cancellationPolicy,
}: {
  providerName: string;
  location: string;
  address?: string;
  image?: string;
  arrival: string;
  departure: string;
  dailyPrice: number;
  estimate: Estimate | null;
  loading: boolean;
  cancellationPolicy?: string | null;
}) {
  return (
    <Card role="region" aria-labelledby="booking-summary-heading">
      <CardHeader className="pb-4">
        <CardTitle as="h2" id="booking-summary-heading">
          Booking Summary
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex gap-3">
          {image && <img src={image} alt="" width={72} height={72} className="size-18 shrink-0 rounded-md object-cover" />}
          <div className="min-w-0">
            <p className="font-semibold leading-snug">{providerName}</p>
            <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              <span>{address ?? location}</span>
            </p>
          </div>
        </div>
        <div className="space-y-1 rounded-md bg-muted/60 p-3 text-sm">
          <p className="flex items-center gap-1.5 font-medium">
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" /> Your stay
          </p>
          <p>
            <span className="text-muted-foreground">Check-in: </span>
            {arrival ? formatStay(arrival) : 'Choose a date'}
          </p>
          <p>
            <span className="text-muted-foreground">Check-out: </span>
            {departure ? formatStay(departure) : 'Choose a date'}
          </p>
        </div>
        <Separator />
        <EstimateRows estimate={estimate} loading={loading} dailyPrice={dailyPrice} />
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            The total is what you pay: the lot&apos;s price plus one flat service fee, no hidden charges.
            {` ${appliedCancellationPolicy(cancellationPolicy)}`}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

/** The money part of the summary: how the parking adds up, the fee, any credit and the total. */
export function EstimateRows({ estimate, loading, dailyPrice, className }: { estimate: Estimate | null; loading: boolean; dailyPrice: number; className?: string }) {
  return (
    <div aria-live="polite" aria-busy={loading} className={className}>
      {estimate ? (
        <dl className="space-y-2 text-sm">
          {estimate.lines.map((line) => (
            <Row key={line.label} label={`Parking, ${line.label}`} value={formatPrice(line.amount)} />
          ))}
          <Row label="Service fee" value={formatPrice(estimate.serviceFee)} />
          {estimate.credit > 0 && <Row label="Credit applied" value={`−${formatPrice(estimate.credit)}`} className="text-success" />}
          <div className="flex items-baseline justify-between border-t border-border pt-3">
            <dt className="font-semibold">Total</dt>
            <dd className="text-xl font-bold">{formatPrice(estimate.total)}</dd>
          </div>
        </dl>
      ) : loading ? (
        <div className="space-y-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-7 w-1/2" />
        </div>
      ) : (
        <div className="space-y-2 text-sm">
          <dl className="space-y-2">
            <Row label="Daily rate" value={formatPrice(dailyPrice)} />
            <Row label="Service fee" value={formatPrice(SERVICE_FEE)} />
          </dl>
          <p className="text-muted-foreground">Choose check-in and check-out to see your total.</p>
        </div>
      )}
    </div>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${className ?? ''}`}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
