// The booking's receipt as it stands (parking lines, service fee, credit, total, card) and the changes made
// to it, each with the money it moved.
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cardLabel, formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import type { TManaged } from './managed-booking';

export function Receipt({ booking: b }: { booking: TManaged }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Receipt</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="space-y-2">
          {b.priceLines.map((l, i) => (
            <Row key={i} label={`Parking, ${l.label}`} value={formatPrice(l.amount)} />
          ))}
          <Row label="Service fee" value={formatPrice(b.serviceFee)} />
          {b.creditApplied > 0 && <Row label="Credit applied" value={`−${formatPrice(b.creditApplied)}`} />}
          {b.guaranteeCovered > 0 && <Row label="Paid by our parking guarantee" value={`−${formatPrice(b.guaranteeCovered)}`} />}
          <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
            <dt>Total paid</dt>
            <dd className="tabular-nums">{formatPrice(b.totalFee)}</dd>
          </div>
          {b.cardLast4 && <Row label="Paid with" value={cardLabel(b.cardBrand, b.cardLast4)} muted />}
          {b.refundedAmount > 0 && <Row label={b.status === 'cancelled' ? 'Refunded on cancellation' : 'Refunded'} value={`−${formatPrice(b.refundedAmount)}`} />}
          {(b.refundedAmount > 0 || b.status === 'cancelled') && (
            <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
              <dt>Net paid</dt>
              <dd className="tabular-nums">{formatPrice(b.netPaid)}</dd>
            </div>
          )}
        </dl>
        <p className="text-muted-foreground">{b.cancellationPolicy}</p>
        {b.changes.length > 0 && (
          <section aria-labelledby="changes-heading">
            <h3 id="changes-heading" className="font-semibold">
              Changes
            </h3>
            <ol className="mt-2 space-y-3">
              {b.changes.map((c) => (
                <li key={c.id} className="rounded-md border border-border p-3">
                  <p className="text-xs text-muted-foreground">{new Date(c.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</p>
                  <p className="mt-1 font-medium">{changeTitle(c)}</p>
                  {(c.charged > 0 || c.refunded > 0 || c.creditReturned > 0) && (
                    <p className="mt-1 text-muted-foreground">
                      {[
                        c.charged > 0 && `Charged ${formatPrice(c.charged)}${c.card ? ` to ${cardLabel(c.card.brand, c.card.last4)}` : ''}`,
                        c.refunded > 0 && `Refunded ${formatPrice(c.refunded)} to your card`,
                        c.creditReturned > 0 && `${formatPrice(c.creditReturned)} back as credit`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function changeTitle(c: TManaged['changes'][number]): string {
  if (c.kind === 'dates') return `Dates: ${formatStay(c.fromArrival!)} – ${formatStay(c.fromDeparture!)} → ${formatStay(c.toArrival!)} – ${formatStay(c.toDeparture!)}`;
  if (c.kind === 'vehicle') return `Vehicle: ${c.fromVehicle} → ${c.toVehicle}`;
  if (c.kind === 'travel') return `${c.fromTravel ?? 'No travel details'} → ${c.toTravel ?? 'none'}`;
  if (c.kind === 'overstay') return `Late check-out: left ${formatStay(c.toDeparture!)}, booked until ${formatStay(c.fromDeparture!)}`;
  return c.refunded > 0 || c.creditReturned > 0 ? 'Cancelled' : 'Cancelled: not refundable under the policy';
}

function Row({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={muted ? 'flex justify-between gap-4 text-muted-foreground' : 'flex justify-between gap-4'}>
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
