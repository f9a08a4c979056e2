// /partner: the partner portal for a partner's owners and managers (its lots, bookings, money, insights and
// members). Gate staff are sent to the gate; anyone else signed in gets the not-found page. Access is enforced on
// the server: every call is scoped to the caller's membership.
import { useQuery } from '@tanstack/react-query';
import { Lock, SquareParking, TriangleAlert } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';
import { usePortalParams, type Membership } from '@/client/features/partners/membership';
import { PartnerBookings } from '@/client/features/partners/partner-bookings';
import { InsightsSkeleton } from '@/client/features/partners/partner-insights-skeleton';
import { PartnerLots } from '@/client/features/partners/partner-lots';
import { PartnerMembers } from '@/client/features/partners/partner-members';
import { PartnerMoney } from '@/client/features/partners/partner-money';
import { PartnerReviews } from '@/client/features/partners/partner-reviews';
import { preloadable } from '@/client/lib/lazy';
import { useTRPC } from '@/client/lib/trpc';
import { PARTNER_ROLE_LABEL } from '@/shared/schemas/partners';
import NotFoundPage from '@/client/pages/not-found';

const TABS = ['lots', 'bookings', 'money', 'insights', 'members', 'reviews'] as const;
// The charts are a chunk of their own, loaded when the tab is opened (or about to be).
const PartnerInsights = preloadable('partner-insights', () => import('@/client/features/partners/partner-insights'));
type Tab = (typeof TABS)[number];

export default function PortalPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <Frame>{<Loading />}</Frame>;
  if (!user) return <SignedOut />;
  return <Portal />;
}

function Portal() {
  const trpc = useTRPC();
  const memberships = useQuery(trpc.partner.memberships.queryOptions());
  const { params, set } = usePortalParams();
  const [, navigate] = useLocation();
  const portal = (memberships.data ?? []).filter((m) => m.role === 'owner' || m.role === 'manager');
  const onlyGate = Boolean(memberships.data?.length) && portal.length === 0;
  useEffect(() => {
    if (onlyGate) navigate('/gate', { replace: true });
  }, [onlyGate, navigate]);

  if (memberships.isPending || onlyGate) return <Frame>{<Loading />}</Frame>;
  if (memberships.isError || portal.length === 0) return <NotFoundPage />;
  const chosen = portal.find((m) => String(m.partnerId) === params.get('partner')) ?? portal[0]!;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'lots';
  return (
    <Frame
      title={chosen.partnerName}
      aside={
        portal.length > 1 ? (
          <div className="w-full space-y-1.5 sm:w-64 print:hidden">
            <Label htmlFor="partner-switch">Company</Label>
            <NativeSelect
              id="partner-switch"
              value={chosen.partnerId}
              onChange={(e) => set({ partner: e.target.value, lot: null, from: null, to: null, status: null, page: null })}
            >
              {portal.map((m) => (
                <option key={m.partnerId} value={m.partnerId}>{`${m.partnerName} (${PARTNER_ROLE_LABEL[m.role as keyof typeof PARTNER_ROLE_LABEL]})`}</option>
              ))}
            </NativeSelect>
          </div>
        ) : null
      }
      membership={chosen}
    >
      {chosen.status === 'suspended' && (
        <p role="status" className="mb-4 flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          This company is suspended: its lots are not listed in search. Bookings already made stand. Contact us to reinstate it.
        </p>
      )}
      <Tabs key={chosen.partnerId} value={tab} onValueChange={(v) => set({ tab: v === 'lots' ? null : v })}>
        <TabsList className="h-auto w-full flex-wrap justify-start print:hidden [&>button]:px-2 sm:[&>button]:px-3">
          <TabsTrigger value="lots">Lots</TabsTrigger>
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="money">Money</TabsTrigger>
          <TabsTrigger value="insights" onPointerEnter={() => void PartnerInsights.preload()} onFocus={() => void PartnerInsights.preload()}>
            Insights
          </TabsTrigger>
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
        </TabsList>
        <TabsContent value="lots" className="mt-6">
          <PartnerLots membership={chosen} />
        </TabsContent>
        <TabsContent value="bookings" className="mt-6">
          <PartnerBookings membership={chosen} />
        </TabsContent>
        <TabsContent value="money" className="mt-6">
          <PartnerMoney membership={chosen} />
        </TabsContent>
        <TabsContent value="insights" className="mt-6">
          <Suspense fallback={<InsightsSkeleton />}>
            <PartnerInsights membership={chosen} />
          </Suspense>
        </TabsContent>
        <TabsContent value="members" className="mt-6">
          <PartnerMembers membership={chosen} />
        </TabsContent>
        <TabsContent value="reviews" className="mt-6">
          <PartnerReviews membership={chosen} />
        </TabsContent>
      </Tabs>
    </Frame>
  );
}

function Frame({ title, aside, membership, children }: { title?: string; aside?: React.ReactNode; membership?: Membership; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-primary">
            <SquareParking className="size-4" aria-hidden="true" /> Partner portal
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{title ?? <Skeleton className="h-9 w-64" />}</h1>
          {membership && (
            <p className="mt-1 text-sm text-muted-foreground">{`Your role: ${PARTNER_ROLE_LABEL[membership.role as keyof typeof PARTNER_ROLE_LABEL]}, ${membership.lots.all ? 'every lot' : `${membership.lots.ids.length} lot${membership.lots.ids.length === 1 ? '' : 's'}`}.`}</p>
          )}
        </div>
        {aside}
      </div>
      {children}
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading the partner portal">
      <Skeleton className="h-10 w-72" />
      <div className="grid gap-3 md:grid-cols-2">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

function SignedOut() {
  const { openAuth } = useAuthDialog();
  return (
    <Frame title="Sign in to your portal">
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center sm:p-10">
        <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">For our parking partners</h2>
        <p className="text-muted-foreground">Sign in with the account you created from your invitation to run your lots, bookings and team.</p>
        <Button onClick={() => openAuth('login')}>Sign In</Button>
      </Card>
    </Frame>
  );
}
