// /admin: the administrator's dashboard. Access is enforced on the server (every admin call needs the admin
// role); this screen verifies the session first and shows Access Denied to anyone else.
import { ArrowLeft, Loader2, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { BlogManagement } from '@/client/features/admin/blog-management';
import { AnalyticsTab, BookingsTab, OverviewTab, ReportsTab, SeoTab, UsersTab } from '@/client/features/admin/tabs';
import { LocationsTab } from '@/client/features/admin/lots/locations-tab';
import { LotsTab } from '@/client/features/admin/lots/lots-tab';
import { useSession } from '@/client/features/auth/use-session';
import { isAdminHost } from '@/client/routes';
import AdminLoginPage from './admin-login';

// Loaded when the tab opens: most visits of the dashboard never need it.
const LazyPartnersTab = lazy(() => import('@/client/features/admin/partners-tab').then((m) => ({ default: m.PartnersTab })));
function PartnersTab() {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" role="status" aria-label="Loading partners" />}>
      <LazyPartnersTab />
    </Suspense>
  );
}

const LazyReviewsTab = lazy(() => import('@/client/features/admin/reviews-tab').then((m) => ({ default: m.ReviewsTab })));
function ReviewsTab() {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" role="status" aria-label="Loading reviews" />}>
      <LazyReviewsTab />
    </Suspense>
  );
}

const TABS = [
  { id: 'overview', label: 'Overview', Panel: OverviewTab },
  { id: 'users', label: 'User Management', Panel: UsersTab },
  { id: 'analytics', label: 'Website Analytics', Panel: AnalyticsTab },
  { id: 'seo', label: 'SEO Dashboard', Panel: SeoTab },
  { id: 'reports', label: 'SEO Reports', Panel: ReportsTab },
  { id: 'bookings', label: 'Bookings', Panel: BookingsTab },
  { id: 'lots', label: 'Lots', Panel: LotsTab },
  { id: 'locations', label: 'Locations', Panel: LocationsTab },
  { id: 'partners', label: 'Partners', Panel: PartnersTab },
  { id: 'reviews', label: 'Reviews', Panel: ReviewsTab },
  { id: 'blog', label: 'Blog Management', Panel: BlogManagement },
] as const;

/** From admin.example.com to example.com (same scheme and port). */
const mainSiteUrl = () => `${window.location.protocol}//${window.location.host.replace(/^admin\./, '')}/`;

export default function AdminPage() {
  const { user, isLoading } = useSession();
  const [, navigate] = useLocation();
  // Known after hydration (the server render is the same on both hosts).
  const [adminHost, setAdminHost] = useState<boolean | null>(null);
  useEffect(() => setAdminHost(isAdminHost(window.location.hostname)), []);
  const denied = Boolean(user && user.role !== 'admin');
  // Signed out: straight to the admin sign-in. Anyone else: told, then sent there after 2 s.
  useEffect(() => {
    if (isLoading || adminHost === null) return;
    if (!user) return adminHost ? undefined : navigate('/admin/login', { replace: true });
    if (!denied) return;
    toast({ title: 'Access Denied', description: 'Admin panel access is restricted to authorized personnel only.', variant: 'destructive' });
    const t = window.setTimeout(() => (adminHost ? undefined : navigate('/admin/login')), 2000);
    return () => window.clearTimeout(t);
  }, [isLoading, user, denied, navigate, adminHost]);

  // The admin host has no /admin/login: its one page signs in inline.
  if (!isLoading && !user && adminHost) return <AdminLoginPage />;
  if (isLoading || !user) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status">
        <Loader2 className="size-8 animate-spin" aria-hidden="true" />
        Verifying admin access...
      </div>
    );
  }
  if (denied) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="flex flex-col items-center gap-3 p-8 text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Access Denied</h1>
          <p className="text-muted-foreground">This admin panel is restricted to authorized personnel only.</p>
          <p className="text-sm text-muted-foreground">If you believe this is an error, please contact support.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              {adminHost ? <a href={mainSiteUrl()}>Return to Main Site</a> : <Link href="/">Return to Main Site</Link>}
            </Button>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Global overview of bookings and content management</p>
        </div>
        <Button asChild variant="outline">
          {adminHost ? (
            <a href={mainSiteUrl()}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Back to Main Site
            </a>
          ) : (
            <Link href="/">
              <ArrowLeft className="size-4" aria-hidden="true" /> Back to Main Site
            </Link>
          )}
        </Button>
      </div>
      <Tabs defaultValue="overview" className="mt-6">
        <TabsList className="h-auto w-full flex-wrap justify-start">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ id, Panel }) => (
          <TabsContent key={id} value={id} className="mt-6">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
