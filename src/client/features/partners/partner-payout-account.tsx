// The Money tab's payout account: where weekly payouts go. With Stripe configured, an owner sets up (or resumes)
// the partner's Stripe Express account ("Set up payouts with Stripe" sends the browser to Stripe's onboarding,
// which comes back to ?tab=money&payouts=return, or =refresh when its link expired: the state is then read
// afresh from Stripe); managers see the state. In sandbox mode payouts are only recorded, and it says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ExternalLink, FlaskConical, Landmark, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { usePortalParams, type Membership } from './membership';

type Account = RouterOutputs['partner']['payoutAccount']['get'];

const BADGE = {
  not_started: <Badge variant="outline">Not set up</Badge>,
  details_needed: <Badge variant="warning">Details needed</Badge>,
  enabled: <Badge variant="success">Payouts enabled</Badge>,
} as const;

export function PayoutAccount({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { params, set } = usePortalParams();
  const partnerId = membership.partnerId;
  const account = useQuery(trpc.partner.payoutAccount.get.queryOptions({ partnerId }));
  const onboard = useMutation(trpc.partner.payoutAccount.startOnboarding.mutationOptions());
  const refresh = useMutation(trpc.partner.payoutAccount.refresh.mutationOptions());

  // Back from Stripe: read the account afresh, once, and take the mark out of the address.
  const returned = params.get('payouts');
  const handled = useRef(false);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    set({ payouts: null });
    refresh.mutate(
      { partnerId },
      {
        onSuccess: (fresh) => {
          // The page's first read may still be on its way with the state from before Stripe: it must not win.
          const key = trpc.partner.payoutAccount.get.queryKey({ partnerId });
          void queryClient.cancelQueries({ queryKey: key }).then(() => {
            queryClient.setQueryData(key, fresh);
            if (fresh.state === 'enabled') toast({ title: 'Payouts are set up', description: 'Stripe will receive your weekly payouts.', variant: 'success' });
            else if (returned === 'refresh') toast({ title: 'The Stripe link expired', description: 'Continue with Stripe to pick up where you left off.' });
            else if (fresh.state === 'details_needed') toast({ title: 'Stripe needs a few more details', description: 'Payouts start once Stripe has what it asks for.' });
          });
        },
        onError: (err) => toast({ title: 'Could not check your Stripe account', description: err.message, variant: 'destructive' }),
      },
    );
  }, [returned, partnerId, refresh, set, queryClient, trpc]);

  const start = () =>
    onboard.mutate(
      { partnerId },
      {
        // Stripe's pages, then back to this tab.
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (err) => toast({ title: 'Could not open Stripe', description: err.message, variant: 'destructive' }),
      },
    );

  if (account.isPending) return <Skeleton className="h-24 w-full" />;
  if (account.isError) return <p className="text-sm text-destructive">{account.error.message}</p>;
  return <AccountPanel account={account.data} company={membership.partnerName} onStart={start} starting={onboard.isPending || onboard.isSuccess} checking={refresh.isPending} />;
}

function AccountPanel({ account, company, onStart, starting, checking }: { account: Account; company: string; onStart: () => void; starting: boolean; checking: boolean }) {
  if (account.state === 'sandbox') {
    return (
      <div className="flex items-start gap-3 rounded-md border border-border bg-muted/40 p-4 text-sm" data-testid="payout-account">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-medium">Test payouts</p>
          <p className="text-muted-foreground">
            Stripe is not set up on this site, so payouts are recorded by the sandbox: each one is listed below, and no money is sent to a bank.
          </p>
        </div>
      </div>
    );
  }
  const submitted = account.detailsSubmitted;
  const text = {
    not_started: account.canOnboard
      ? `We pay ${company} through Stripe. Set up a Stripe account to receive your weekly payouts: Stripe asks for your business and bank details, and keeps them.`
      : `Not set up yet: an owner of ${company} sets up payouts with Stripe. Payouts wait until then.`,
    details_needed: `${
      submitted
        ? 'Stripe is checking your details or needs a few more before it can pay you. Payouts wait until Stripe enables them.'
        : 'Your Stripe setup is not finished. Payouts wait until Stripe has your business and bank details.'
    }${account.canOnboard ? '' : ` An owner of ${company} continues it with Stripe.`}`,
    enabled: 'Your weekly payouts are sent to your Stripe account, which pays them into your bank.',
  }[account.state];
  const Icon = account.state === 'enabled' ? CircleCheck : account.state === 'details_needed' ? TriangleAlert : Landmark;
  const iconColor = account.state === 'enabled' ? 'text-success' : account.state === 'details_needed' ? 'text-warning' : 'text-muted-foreground';
  const action = account.state === 'not_started' ? 'Set up payouts with Stripe' : submitted ? 'Continue with Stripe' : 'Resume setup with Stripe';
  return (
    <div className="flex flex-col gap-4 rounded-md border border-border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="payout-account" aria-busy={checking}>
      <div className="flex min-w-0 items-start gap-3 text-sm">
        <Icon className={`mt-0.5 size-5 shrink-0 ${iconColor}`} aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">Payout account {BADGE[account.state]}</p>
          <p className="text-muted-foreground">{checking ? 'Checking your Stripe account…' : text}</p>
          {account.accountId && <p className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{`Stripe account ${account.accountId}`}</p>}
        </div>
      </div>
      {account.canOnboard && account.state !== 'enabled' && (
        <Button onClick={onStart} disabled={starting || checking} className="w-full shrink-0 sm:w-auto">
          <ExternalLink className="size-4" aria-hidden="true" /> {starting ? 'Opening Stripe…' : action}
        </Button>
      )}
    </div>
  );
}
