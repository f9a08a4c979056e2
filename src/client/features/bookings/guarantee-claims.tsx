// Parking guarantee claims as a short list (the administrator's Bookings tab, the partner portal's Bookings
// tab): which booking a lot turned away, when, and whether it was moved (to which booking and lot) or refunded,
// with what we paid. Amounts are the server's.
import { ShieldAlert } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { RouterOutputs } from '@/client/lib/trpc';
import { formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';

type Claim = RouterOutputs['admin']['guaranteeClaims']['claims'][number];

export function GuaranteeClaimsCard({ claims, loading, forPartner = false }: { claims: Claim[] | undefined; loading: boolean; forPartner?: boolean }) {
  if (!loading && !claims?.length && forPartner) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <ShieldAlert className="size-4 text-destructive" aria-hidden="true" /> Turned away: parking guarantee claims
        </CardTitle>
        {forPartner && <p className="text-sm text-muted-foreground">What we paid to move a traveller to a dearer lot is taken from your next payout.</p>}
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : !claims?.length ? (
          <p className="text-sm text-muted-foreground">No claims: no lot has turned a traveller away.</p>
        ) : (
          <ul className="divide-y divide-border text-sm" aria-label="Parking guarantee claims">
            {claims.map((c) => (
              <li key={c.id} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
                <div className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-mono font-semibold">{c.confirmationNumber}</span>{' '}
                  <Badge variant="outline" className="ml-1">
                    {c.outcome === 'moved' ? 'Moved' : 'Refunded'}
                  </Badge>
                  <span className="block">{`${c.traveller} · turned away at ${c.lot}`}</span>
                  <span className="block text-muted-foreground">{`${formatStay(c.arrivalDate)} – ${formatStay(c.departureDate)}`}</span>
                  {c.newConfirmationNumber && <span className="block text-muted-foreground">{`Moved to ${c.newLot ?? 'another lot'} as ${c.newConfirmationNumber}`}</span>}
                </div>
                <dl className="text-muted-foreground sm:text-right">
                  {c.refunded > 0 && (
                    <div>
                      <dt className="inline">Refunded </dt>
                      <dd className="inline font-medium text-foreground tabular-nums">{formatPrice(c.refunded)}</dd>
                    </div>
                  )}
                  {c.platformPaid > 0 && (
                    <div>
                      <dt className="inline">{forPartner ? 'Charged to you ' : 'We paid '}</dt>
                      <dd className="inline font-medium text-foreground tabular-nums">{formatPrice(c.platformPaid)}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
