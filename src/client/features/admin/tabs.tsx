// The admin dashboard's data tabs: Overview, User Management, Website Analytics, SEO Dashboard, SEO Reports
// and Bookings, all from live data with the spec's polling intervals, loading and empty states.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, CalendarCheck, ChevronDown, DollarSign, Download, FileText, Gauge, Loader2, Map, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { ADMIN_ANALYTICS_POLL_MS, ADMIN_POLL_MS, ADMIN_USER_SEARCH_MIN_CHARS } from '@/shared/constants';
import { formatStay } from '@/shared/format';
import { SEO_REPORT_PERIODS } from '@/shared/schemas/admin';
import { JobsCard } from './jobs-card';
import { GuaranteeClaimsCard } from '@/client/features/bookings/guarantee-claims';
import { adminDate, ListCard, Rows, Stat, usd } from './stat';
import { vehicleName } from '@/shared/vehicle-text';

const poll = { refetchInterval: ADMIN_POLL_MS } as const;

// ---------------------------------------------------------------------------------------------------------

export function OverviewTab() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.dashboardStats.queryOptions(undefined, poll));
  const s = stats.data;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Bookings" value={s?.totalBookings.toLocaleString('en-US')} icon={<CalendarCheck className="size-4" aria-hidden="true" />} />
        <Stat label="Active Bookings" value={s?.activeBookings.toLocaleString('en-US')} icon={<Activity className="size-4" aria-hidden="true" />} />
        <Stat label="Today's Bookings" value={s?.todayBookings.toLocaleString('en-US')} icon={<CalendarCheck className="size-4" aria-hidden="true" />} />
        <Stat label="Total Revenue" value={s ? usd(s.totalRevenue) : undefined} hint="USD, after refunds" icon={<DollarSign className="size-4" aria-hidden="true" />} />
      </div>
      <ListCard title="Popular Locations" loading={!s} empty={s?.popularLocations.length === 0 && 'No bookings yet.'}>
        <Rows items={(s?.popularLocations ?? []).map((l) => ({ key: l.location, label: l.location, value: `${l.count} booking${l.count === 1 ? '' : 's'}` }))} />
      </ListCard>
      <JobsCard />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------

type AdminUser = RouterOutputs['admin']['searchUsers'][number];

export function UsersTab() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.userStats.queryOptions(undefined, poll));
  const [q, setQ] = useState('');
  const term = q.trim();
  const ready = term.length >= ADMIN_USER_SEARCH_MIN_CHARS;
  const results = useQuery(trpc.admin.searchUsers.queryOptions({ q: term }, { enabled: ready }));
  const [open, setOpen] = useState<number | null>(null);
  const s = stats.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Total Users" value={s?.totalUsers.toLocaleString('en-US')} icon={<Users className="size-4" aria-hidden="true" />} />
        <Stat label="New Users (30 days)" value={s?.newUsers.toLocaleString('en-US')} />
        <Stat label="Active Users" value={s?.activeUsers.toLocaleString('en-US')} hint="Users with bookings" />
      </div>
      <Card className="p-5">
        <Label htmlFor="user-search">Search users</Label>
        <div className="relative mt-1.5">
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="user-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name, e-mail or phone" className="pl-9" />
        </div>
        {ready && (
          <div className="mt-4" aria-live="polite">
            {results.isFetching && !results.data ? (
              <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label="Searching" />
            ) : results.data?.length === 0 ? (
              <p className="text-sm text-muted-foreground">No users found matching your search.</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Search results">
                {results.data?.map((u) => (
                  <li key={u.id}>
                    <UserRow user={u} onOpen={() => setOpen(u.id)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ListCard title="Recent Users" loading={!s} empty={s?.recentUsers.length === 0 && 'No users yet.'}>
          <ul className="divide-y divide-border">
            {s?.recentUsers.map((u) => (
              <li key={u.id}>
                <UserRow user={u} onOpen={() => setOpen(u.id)} />
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard title="Top Users" loading={!s} empty={s?.topUsers.length === 0 && 'No bookings yet.'}>
          <Rows
            items={(s?.topUsers ?? []).map((u) => ({
              key: String(u.userId),
              label: (
                <button type="button" className="text-left hover:underline [overflow-wrap:anywhere]" onClick={() => setOpen(u.userId)}>{`${u.userName} · ${u.userEmail}`}</button>
              ),
              value: `${u.bookingCount} · ${usd(u.totalSpent)}`,
            }))}
          />
        </ListCard>
      </div>
      {open !== null && <UserDetail id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function UserRow({ user: u, onOpen }: { user: AdminUser; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} className="flex w-full flex-wrap items-center justify-between gap-2 py-2.5 text-left text-sm hover:bg-muted/50">
      <span className="min-w-0 flex-1 basis-56">
        <span className="block font-medium [overflow-wrap:anywhere]">{u.name}</span>
        <span className="block text-muted-foreground [overflow-wrap:anywhere]">{[u.email, u.phone].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="text-right text-xs text-muted-foreground">
        {`Credit ${usd(u.creditBalance)}`}
        <br />
        {`Joined ${adminDate(u.createdAt)}`}
      </span>
    </button>
  );
}

function UserDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.user.queryOptions({ id }));
  const d = detail.data;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{d?.user.name ?? 'User details'}</DialogTitle>
        <DialogDescription>Profile, activity and bookings</DialogDescription>
        {!d ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <div className="space-y-5 text-sm">
            <section>
              <h3 className="font-semibold">Profile Information</h3>
              <Rows
                items={[
                  { key: 'n', label: 'Name', value: d.user.name },
                  { key: 'e', label: 'E-mail', value: d.user.email },
                  { key: 'p', label: 'Phone', value: d.user.phone ?? '—' },
                  { key: 'c', label: 'Credit balance', value: usd(d.user.creditBalance) },
                  { key: 'j', label: 'Joined', value: adminDate(d.user.createdAt) },
                ]}
              />
            </section>
            <section>
              <h3 className="font-semibold">Activity Summary</h3>
              <Rows
                items={[
                  { key: 'b', label: 'Total bookings', value: d.summary.totalBookings },
                  { key: 's', label: 'Total spent', value: usd(d.summary.totalSpent) },
                  { key: 'q', label: 'Total searches', value: d.summary.totalSearches },
                  { key: 'l', label: 'Last activity', value: adminDate(d.summary.lastActivity) },
                ]}
              />
            </section>
            <section>
              <h3 className="font-semibold">Booking History</h3>
              {d.bookings.length === 0 ? (
                <p className="text-muted-foreground">No bookings found</p>
              ) : (
                <Rows
                  items={d.bookings.map((b) => ({
                    key: String(b.id),
                    label: `${b.confirmationNumber} · ${b.providerName}, ${b.providerLocation} · ${b.status}`,
                    value: `${usd(b.totalFee)} · ${adminDate(b.createdAt)}`,
                  }))}
                />
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------

export function AnalyticsTab() {
  const trpc = useTRPC();
  const a = useQuery(trpc.admin.analytics.queryOptions(undefined, { refetchInterval: ADMIN_ANALYTICS_POLL_MS })).data;
  const sources = a ? Object.entries(a.trafficSources) : [];
  const sourceTotal = sources.reduce((s, [, n]) => s + n, 0);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Visitors" value={a?.totalVisitors.toLocaleString('en-US')} hint="Visits, last 30 days" />
        <Stat label="Unique Visitors" value={a?.uniqueVisitors.toLocaleString('en-US')} />
        <Stat label="Page Views" value={a?.pageViews.toLocaleString('en-US')} />
        <Stat label="Real-time" value={a?.realTimeVisitors.toLocaleString('en-US')} hint="Active in the last 5 minutes" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <ListCard title="Traffic Sources" loading={!a} empty={sourceTotal === 0 && 'No visits yet.'}>
          <Rows items={sources.map(([k, n]) => ({ key: k, label: <span className="capitalize">{k}</span>, value: `${n} · ${Math.round((n / sourceTotal) * 100)}%` }))} />
        </ListCard>
        <ListCard title="Top Pages" loading={!a} empty={a?.topPages.length === 0 && 'No page data yet.'}>
          <Rows items={(a?.topPages ?? []).map((p) => ({ key: p.page, label: p.page, value: `${p.views} views · ${p.visitors} visitors` }))} />
        </ListCard>
        <ListCard title="Top Referrers" loading={!a} empty={a?.topReferrers.length === 0 && 'No referrer data yet.'}>
          <Rows items={(a?.topReferrers ?? []).map((r) => ({ key: r.source, label: r.source, value: `${r.visitors} · ${r.percentage}%` }))} />
        </ListCard>
        <ListCard title="Visitor Locations" loading={!a} empty={a?.geoData.length === 0 && 'No geographic data yet.'}>
          <Rows items={(a?.geoData ?? []).map((g) => ({ key: g.country, label: g.country, value: `${g.visitors} · ${g.percentage}%` }))} />
        </ListCard>
        <ListCard title="Session Metrics" loading={!a}>
          <Rows
            items={[
              { key: 'b', label: 'Bounce rate', value: `${a?.bounceRate ?? 0}%` },
              { key: 'd', label: 'Average session', value: `${((a?.averageSessionDuration ?? 0) / 60).toFixed(1)} min` },
            ]}
          />
        </ListCard>
        <ListCard title="Device Types" loading={!a} empty={a && Object.keys(a.deviceTypes).length === 0 && 'No visits yet.'}>
          <Rows items={Object.entries(a?.deviceTypes ?? {}).map(([k, v]) => ({ key: k, label: <span className="capitalize">{k}</span>, value: `${v}%` }))} />
        </ListCard>
      </div>
      <ListCard title="Search Terms" loading={!a} empty={a?.searchTerms.length === 0 && 'No search data yet.'}>
        <Rows items={(a?.searchTerms ?? []).map((s) => ({ key: s.term, label: s.term, value: `${s.impressions} searches · ${s.clicks} bookings started` }))} />
      </ListCard>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------

export function SeoTab() {
  const trpc = useTRPC();
  const seo = useQuery(trpc.admin.seo.queryOptions(undefined, poll)).data;
  const sitemap = useMutation(trpc.admin.regenerateSitemap.mutationOptions());
  const content = useMutation(trpc.admin.analyzeContent.mutationOptions());
  const speed = useMutation(trpc.admin.checkPageSpeed.mutationOptions());
  const hint = 'Verify domain ownership in a search-console service to see search queries and landing pages.';
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-6">
        <Stat label="Total Clicks" value={seo?.totalClicks} />
        <Stat label="Total Impressions" value={seo?.totalImpressions} />
        <Stat label="Average CTR" value={seo ? `${(seo.averageCTR * 100).toFixed(1)}%` : undefined} />
        <Stat label="Average Position" value={seo?.averagePosition} />
        <Stat label="Indexed Pages" value={seo?.indexedPages} hint="In the sitemap" />
        <Stat label="Active Users" value={seo?.activeUsers} hint="Last 30 days" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ListCard title="Top Search Queries" loading={!seo} empty={seo?.topQueries.length === 0 && hint} />
        <ListCard title="Top Landing Pages" loading={!seo} empty={seo?.topPages.length === 0 && hint} />
        <ListCard title="Technical SEO Status" loading={!seo}>
          <ul className="space-y-2 text-sm">
            {seo?.technicalStatus.map((s) => (
              <li key={s.label} className="flex items-start gap-2">
                <Badge variant="outline" className={s.ok ? 'border-success/30 text-success' : 'border-warning/30 text-warning'}>
                  {s.ok ? 'OK' : 'Check'}
                </Badge>
                <span>
                  <span className="font-medium">{s.label}</span>
                  <span className="block text-muted-foreground">{s.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard title="SEO Recommendations" loading={!seo}>
          <ul className="space-y-3 text-sm">
            {seo?.recommendations.map((r) => (
              <li key={r.title}>
                <p className="flex items-center gap-2 font-medium">
                  <Badge
                    variant="outline"
                    className={cn('capitalize', r.priority === 'high' ? 'border-destructive/30 text-destructive' : r.priority === 'medium' ? 'border-warning/30 text-warning' : '')}
                  >
                    {r.priority}
                  </Badge>
                  {r.title}
                </p>
                <p className="text-muted-foreground">{`${r.description} ${r.action}.`}</p>
              </li>
            ))}
          </ul>
        </ListCard>
      </div>
      <Card className="p-5">
        <h3 className="font-semibold">SEO tools</h3>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="outline"
            loading={sitemap.isPending}
            onClick={() =>
              sitemap.mutate(undefined, {
                onSuccess: (r) => toast({ title: 'Sitemap Updated', description: `${r.urlCount} URLs`, variant: 'success' }),
                onError: () => toast({ title: 'Failed to regenerate sitemap', variant: 'destructive' }),
              })
            }
          >
            <Map className="size-4" aria-hidden="true" /> Regenerate Sitemap
          </Button>
          <Button
            variant="outline"
            loading={content.isPending}
            onClick={() =>
              content.mutate(undefined, {
                onSuccess: (r) =>
                  toast({
                    title: 'Content Analysis Complete',
                    description: `${r.totalPosts} posts, ${r.postsWithoutMetaDescription} without a meta description`,
                    variant: 'success',
                  }),
                onError: () => toast({ title: 'Failed to analyze content', variant: 'destructive' }),
              })
            }
          >
            <FileText className="size-4" aria-hidden="true" /> Analyze Content
          </Button>
          <Button
            variant="outline"
            loading={speed.isPending}
            onClick={() =>
              speed.mutate(undefined, {
                onSuccess: (r) => toast({ title: 'Page Speed Results', description: `Desktop ${r.desktop.score}/100 · Mobile ${r.mobile.score}/100`, variant: 'success' }),
                onError: () => toast({ title: 'Failed to check page speed', variant: 'destructive' }),
              })
            }
          >
            <Gauge className="size-4" aria-hidden="true" /> Check Page Speed
          </Button>
        </div>
        {speed.data && (
          <div className="mt-4 text-sm">
            <Rows items={speed.data.pages.map((p) => ({ key: p.path, label: p.path, value: `${p.responseMs} ms · ${p.transferKb} KB` }))} />
            <p className="mt-2 text-xs text-muted-foreground">{speed.data.formula}</p>
          </div>
        )}
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------

type Report = RouterOutputs['admin']['generateSeoReport']['report'];

export function ReportsTab() {
  const trpc = useTRPC();
  const [days, setDays] = useState<number>(30);
  const [format, setFormat] = useState<'json' | 'html'>('json');
  const [viewing, setViewing] = useState<Report | null>(null);
  const history = useQuery(trpc.admin.seoReportHistory.queryOptions());
  const generate = useMutation(trpc.admin.generateSeoReport.mutationOptions());
  const queryClient = useQueryClient();

  async function run() {
    try {
      const r = await generate.mutateAsync({ days, format });
      await queryClient.invalidateQueries(trpc.admin.seoReportHistory.queryFilter());
      if (format === 'html' && 'html' in r && r.html) {
        const url = URL.createObjectURL(new Blob([r.html], { type: 'text/html' }));
        const a = Object.assign(document.createElement('a'), { href: url, download: r.filename });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        toast({ title: 'Report Downloaded', description: r.filename, variant: 'success' });
      } else {
        setViewing(r.report);
        toast({ title: 'Report Generated', variant: 'success' });
      }
    } catch {
      toast({ title: 'Report Generation Failed', description: 'Failed to generate SEO report', variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1.5">
            <Label htmlFor="report-period">Period</Label>
            <NativeSelect id="report-period" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
              {SEO_REPORT_PERIODS.map((p) => (
                <option key={p} value={p}>{`Last ${p} days`}</option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="report-format">Format</Label>
            <NativeSelect id="report-format" value={format} onChange={(e) => setFormat(e.target.value as 'json' | 'html')}>
              <option value="json">View in dashboard</option>
              <option value="html">Download (HTML)</option>
            </NativeSelect>
          </div>
          <Button loading={generate.isPending} onClick={() => void run()}>
            <Download className="size-4" aria-hidden="true" /> Generate Report
          </Button>
        </div>
      </Card>
      {viewing && <ReportView report={viewing} />}
      <ListCard title="Recent Reports" loading={history.isPending} empty={history.data?.length === 0 && 'No reports yet.'}>
        <ul className="divide-y divide-border text-sm">
          {history.data?.map((h) => (
            <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>{`${h.period} days · ${h.format.toUpperCase()} · ${h.generatedBy ?? '—'}`}</span>
              <span className="flex items-center gap-2 text-muted-foreground">
                {adminDate(h.generatedAt)}
                <Button size="sm" variant="ghost" onClick={() => setViewing(h.report as Report)}>
                  View
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </ListCard>
    </div>
  );
}

function ReportView({ report: r }: { report: Report }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{`SEO report: ${r.timeRange.startDate} to ${r.timeRange.endDate}`}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm lg:grid-cols-2">
        <section>
          <h4 className="font-semibold">Analytics</h4>
          <Rows
            items={[
              { key: 'u', label: 'Users', value: r.analytics.totalUsers },
              { key: 's', label: 'Sessions', value: r.analytics.totalSessions },
              { key: 'v', label: 'Page views', value: r.analytics.pageViews },
              { key: 'b', label: 'Bounce rate', value: `${r.analytics.bounceRate}%` },
            ]}
          />
          <h4 className="mt-4 font-semibold">Top pages</h4>
          <Rows items={r.analytics.topPages.slice(0, 5).map((p) => ({ key: p.page, label: p.page, value: `${p.views} views` }))} />
        </section>
        <section>
          <h4 className="font-semibold">Technical SEO</h4>
          <Rows
            items={[
              { key: 't', label: 'Pages', value: r.technicalSEO.totalPages },
              { key: 'i', label: 'Indexed', value: r.technicalSEO.indexedPages },
              { key: 'c', label: 'Crawl errors', value: r.technicalSEO.crawlErrors },
            ]}
          />
          <h4 className="mt-4 font-semibold">Recommendations</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {r.recommendations.map((x) => (
              <li key={x.title}>{`${x.title} (${x.priority})`}</li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------------

const STATUS_STYLES: Record<string, string> = {
  confirmed: 'border-success/20 bg-success/10 text-success',
  pending: 'border-warning/20 bg-warning/10 text-warning',
  cancelled: 'border-destructive/20 bg-destructive/10 text-destructive',
  completed: 'border-primary/20 bg-primary/10 text-primary',
};

export function BookingsTab() {
  const trpc = useTRPC();
  const claims = useQuery(trpc.admin.guaranteeClaims.queryOptions(undefined, poll));
  return (
    <div className="space-y-6">
      <GuaranteeClaimsCard claims={claims.data?.claims} loading={claims.isPending} />
      <AllBookings />
    </div>
  );
}

function AllBookings() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.bookings.queryOptions(undefined, poll));
  const [open, setOpen] = useState<number | null>(null);
  if (!list.data) return <Skeleton className="h-64 w-full" />;
  if (!list.data.length) return <p className="text-muted-foreground">No bookings yet.</p>;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">All Bookings</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label="All bookings">
          {list.data.map((b) => {
            const expanded = open === b.id;
            return (
              <li key={b.id}>
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : b.id)}
                  className="grid w-full gap-1 py-3 text-left text-sm [overflow-wrap:anywhere] hover:bg-muted/40 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
                >
                  <span>
                    <span className="font-mono font-semibold">{b.confirmationNumber}</span>{' '}
                    <Badge variant="outline" className={cn('ml-1 capitalize', STATUS_STYLES[b.status])}>
                      {b.status}
                    </Badge>
                    <span className="block">{`${b.firstName} ${b.lastName} · ${b.provider.name}`}</span>
                  </span>
                  <span className="text-muted-foreground">
                    {vehicleName(b)}
                    <span className="block">{`${formatStay(b.arrivalDate)} – ${formatStay(b.departureDate)}`}</span>
                    {b.checkedInLocal && (
                      <span className="block">{b.checkedOutLocal ? `Checked out ${formatStay(b.checkedOutLocal)}` : `Checked in ${formatStay(b.checkedInLocal)}`}</span>
                    )}
                  </span>
                  <span className="flex items-center gap-2 font-semibold">
                    {usd(b.totalFee)}
                    <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
                  </span>
                </button>
                {expanded && (
                  <dl className="grid gap-3 rounded-md bg-muted/50 p-3 text-sm [overflow-wrap:anywhere] sm:grid-cols-3 lg:grid-cols-5">
                    <div>
                      <dt className="text-muted-foreground">Contact</dt>
                      <dd>{b.email}</dd>
                      <dd>{b.phone}</dd>
                      {b.guest && <dd className="text-muted-foreground">Guest (no account)</dd>}
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Vehicle</dt>
                      <dd>{vehicleName(b)}</dd>
                      <dd>{b.licensePlate || '—'}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Location</dt>
                      <dd>{b.provider.name}</dd>
                      <dd>{`${b.provider.location} · ${b.provider.distance}`}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Booked on</dt>
                      <dd>{adminDate(b.createdAt)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">At the gate</dt>
                      <dd>{b.checkedInLocal ? `Checked in ${formatStay(b.checkedInLocal)}` : 'Not checked in'}</dd>
                      {b.checkedOutLocal && <dd>{`Checked out ${formatStay(b.checkedOutLocal)}`}</dd>}
                    </div>
                  </dl>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
