// The application root: data providers, the router (SSR-aware) and the page switch from the route table.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { toast, Toaster } from './components/ui/toast';
import { AccessDialogProvider } from './features/access/access-dialog';
import { AuthDialogProvider } from './features/auth/auth-dialog';
import { SiteFooter } from './features/layout/site-footer';
import { SiteHeader } from './features/layout/site-header';
import { PageSkeleton } from './features/layout/page-skeleton';
import { useApi } from './lib/use-api';
import { trackPageView } from './lib/analytics';
import { TRPCProvider, type Requester } from './lib/trpc';
import { loadRoute, matchRequest, notFoundRoute, routes } from './routes';

export interface AppProps {
  queryClient: QueryClient;
  /** Makes the tRPC requests (lib/trpc-proxy.ts). */
  request: Requester;
  /** Set on the server: the path and query being rendered. */
  ssrPath?: string;
  ssrSearch?: string;
  /** The admin host ('admin.…'): only '/' exists, and it is the dashboard. */
  adminHost?: boolean;
}

export function App({ queryClient, request, ssrPath, ssrSearch, adminHost = false }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider request={request} queryClient={queryClient}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <AuthDialogProvider>
            <AccessDialogProvider>
              <div className="flex min-h-dvh flex-col">
                <a
                  href="#main"
                  className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
                >
                  Skip to content
                </a>
                <SiteHeader />
                <main id="main" className="flex-1">
                  <Suspense fallback={<PageSkeleton />}>
                    <Switch>
                      {adminHost ? (
                        <Route path="/" component={routes.find((r) => r.path === '/admin')!.page} />
                      ) : (
                        routes.map((r) => <Route key={r.path} path={r.path} component={r.page} />)
                      )}
                      <Route component={notFoundRoute.page} />
                    </Switch>
                  </Suspense>
                </main>
                <SiteFooter />
              </div>
              <Toaster />
              <HeadManager />
              <AuthNotice />
            </AccessDialogProvider>
          </AuthDialogProvider>
        </Router>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** After a client-side navigation: update the head and scroll to the top. Never runs on the server. */
function HeadManager() {
  const [pathname] = useLocation();
  const api = useApi();
  const first = useRef(true);
  useEffect(() => {
    // A server-rendered first page has its head already; later pages load the heads module on the way.
    if (first.current) {
      first.current = false;
      if (document.getElementById('__STATE__')) return;
    }
    let cancelled = false;
    const { route, params } = matchRequest(pathname, window.location.hostname);
    void (async () => {
      const [{ routeHead }, { applyHead }, config] = await Promise.all([import('./heads'), import('./lib/head'), api.fetch(api.trpc.system.config.queryOptions())]);
      const { data, notFound } = await loadRoute(api, route, params, new URLSearchParams(window.location.search)).catch(() => ({ data: null, notFound: false }));
      if (cancelled) return;
      applyHead(routeHead(route.path, { params, data: notFound ? null : data, config }), config.appUrl);
    })();
    return () => {
      cancelled = true;
    };
  }, [pathname, api]);
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
    trackPageView();
  }, [pathname]);
  // Marks the page interactive (tests wait for it; CSS could too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const AUTH_NOTICES: Record<string, { title: string; description: string }> = {
  google_unavailable: {
    title: 'Google sign-in unavailable',
    description: 'Google sign-in is not set up on this site. Please sign in with your email and password.',
  },
  google_failed: { title: 'Google sign-in failed', description: 'We could not complete the sign-in with Google. Please try again.' },
  google_unverified: {
    title: 'Google sign-in failed',
    description: 'Your Google email is not verified. Sign in with your password, or verify the address with Google first.',
  },
  google_link_unverified: {
    title: 'Sign in with your password first',
    description:
      'An account with this email already exists and its address is not verified yet. Sign in with your password (or use “Forgot password?”) and verify your email; then Google sign-in works too.',
  },
};

/** Shows the outcome of a Google sign-in redirect (?auth_error=…) once, then drops it from the URL. */
function AuthNotice() {
  const [pathname] = useLocation();
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('auth_error');
    if (!code) return;
    const notice = AUTH_NOTICES[code] ?? AUTH_NOTICES.google_failed!;
    toast({ ...notice, variant: 'destructive' });
    url.searchParams.delete('auth_error');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [pathname]);
  return null;
}
