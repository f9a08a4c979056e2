// The portal's Money: the month's statement (every booking, change and refund with gross, commission and net,
// and the totals, as the server's ledger has them: nothing is added up here), downloadable as CSV and printable,
// the payout account (Stripe Connect, partner-payout-account.tsx) and the payout history. The month is in the URL
// (?tab=money&month=YYYY-MM).
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatDayDate } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import { usePortalParams, type Membership } from './membership';
import { PayoutAccount } from './partner-payout-account';

const isMonth = (v: string | null) => (v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : undefined);
const thisMonth = () => new Date().toISOString().slice(0, 7);
/** '-$20.00' for money going back. */
const money = (dollars: number) => (dollars < 0 ? `-${formatPrice(-dollars)}` : formatPrice(dollars));

const PAYOUT_STYLE = {
  paid: 'border-success/20 bg-success/10 text-[#14532d]',
  pending: 'border-primary/20 bg-primary/10 text-primary',
  failed: 'border-destructive/20 bg-destructive/10 text-destructive',
} as const;
const PAYOUT_LABEL = { paid: 'Paid', pending: 'Pending', failed: 'Failed' } as const;

export function PartnerMoney({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const { params, set } = usePortalParams();
  const partnerId = membership.partnerId;
  const month = isMonth(params.get('month')) ?? thisMonth();
  const statement = useQuery(trpc.partner.statement.queryOptions({ partnerId, month }, { placeholderData: (prev) => prev }));
  const payouts = useQuery(trpc.partner.payouts.queryOptions({ partnerId }));
  const s = statement.data;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <CardTitle as="h2">Statement</CardTitle>
            <CardDescription>Parking sold at your lots, our commission and your share. The service fee travellers pay is ours and is not listed.</CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-2 print:hidden">
            <div className="space-y-1.5">
              <Label htmlFor="statement-month">Month</Label>
              <Input id="statement-month" type="month" value={month} max={thisMonth()} onChange={(e) => set({ month: isMonth(e.target.value) ?? null })} className="w-44" />
            </div>
            <Button asChild variant="outline">
              <a href={`/api/partner/statements/${month}.csv?partnerId=${partnerId}`} download>
                <Download className="size-4" aria-hidden="true" /> CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" /> Print
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {statement.isPending ? (
            <div className="space-y-2" role="status" aria-label="Loading the statement">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : statement.isError ? (
            <p className="text-sm text-destructive">{statement.error.message}</p>
          ) : !s?.lines.length ? (
            <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No bookings, changes or refunds in this month.</p>
          ) : (
            <div className={cn('-mx-2 overflow-x-auto px-2', statement.isPlaceholderData && 'opacity-60')}>
              <table className="w-full min-w-[640px] text-sm">
                <caption className="sr-only">{`Statement for ${month}`}</caption>
                <thead>
                  <tr className="border-b border-border text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Booking
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Lot
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Gross
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Commission
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.lines.map((l) => (
                    <tr key={l.id} className="border-b border-border/60">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDayDate(l.date.slice(0, 10))}</td>
                      <td className="py-2 pr-3">{l.description}</td>
                      <td className="py-2 pr-3 font-mono text-xs">{l.confirmationNumber}</td>
                      <td className="py-2 pr-3">{l.lot}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{money(l.gross)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{`${money(l.commission)} (${l.commissionRate} %)`}</td>
                      <td className="py-2 text-right font-medium tabular-nums">{money(l.net)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold">
                    <th scope="row" colSpan={4} className="py-3 pr-3 text-left">
                      Total
                    </th>
                    <td className="py-3 pr-3 text-right tabular-nums">{money(s.totals.gross)}</td>
                    <td className="py-3 pr-3 text-right tabular-nums">{money(s.totals.commission)}</td>
                    <td className="py-3 text-right tabular-nums">{money(s.totals.net)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      <Card className="print:hidden">
        <CardHeader>
          <CardTitle as="h2">Payouts</CardTitle>
          <CardDescription>We pay weekly for stays that have ended, less refunds.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <PayoutAccount membership={membership} />
          {payouts.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : payouts.isError ? (
            <p className="text-sm text-destructive">{payouts.error.message}</p>
          ) : !payouts.data.length ? (
            <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
              No payouts yet. Stays are paid weekly once they have ended.
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {payouts.data.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium tabular-nums">{formatPrice(p.amount)}</p>
                    <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {`${formatDayDate(new Date(p.paidAt ?? p.createdAt).toISOString().slice(0, 10))}${p.transferId ? ` · ${p.transferId}` : ''}${p.failureReason ? ` · ${p.failureReason}` : ''}`}
                    </p>
                  </div>
                  <Badge variant="outline" className={PAYOUT_STYLE[p.status]}>
                    {PAYOUT_LABEL[p.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
