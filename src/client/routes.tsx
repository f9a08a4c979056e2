// The one route table: path, page (lazy-loaded) and data to prefetch. Each route's head (title, meta,
// status) is in heads.tsx, by path.
import { lazy, type ComponentType } from 'react';
import { lazyWithPreload } from './lib/lazy';
import { parse } from 'regexparam';
import type { TPublicConfig } from '@/server/env';
import type { Api } from './lib/trpc';
import { blogFilters as blogFiltersFromSearch } from './features/blog/filters';
import { LOT_REVIEWS_PAGE_SIZE } from '@/shared/ratings';

type PageModule = { default: ComponentType };
export type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => Promise<PageModule> };

/** A lazily loaded page that can be preloaded before hydration (so it hydrates without a fallback). */
export const lazyPage = (factory: () => Promise<PageModule>): LazyPage => lazyWithPreload(factory);

export interface HeadContext<T> {
  params: Record<string, string>;
  /** What `load` returned, or null when it reported NOT_FOUND. */
  data: T | null;
  config: TPublicConfig;
}

export interface RouteDef<T = unknown> {
  path: string;
  page: LazyPage;
  /** Fetches what the page renders; called on the server before rendering and on client navigation. */
  load?: (api: Api, params: Record<string, string>, search: URLSearchParams) => Promise<T>;
}

const route = <T,>(def: RouteDef<T>) => def as RouteDef<unknown>;

/** A page address's search input, from the search pages' own code (not part of the first visit's scripts). */
type SearchParamsModule = typeof import('./features/search/search-params');
const searchInputFromParams = async (...args: Parameters<SearchParamsModule['searchInputFromParams']>) =>
  (await import('./features/search/search-params')).searchInputFromParams(...args);

export type LocationPageData = Awaited<ReturnType<typeof loadLocationPage>>;

async function loadLocationPage(api: Api, slug: string, search: URLSearchParams) {
  const location = await api.fetch(api.trpc.catalogue.getLocation.queryOptions({ slug }));
  const [seo] = await Promise.all([
    api.fetch(api.trpc.seo.page.queryOptions({ slug: location.seoSlug })).catch(() => null),
    api.prefetch(api.trpc.search.providers.queryOptions(await searchInputFromParams(location.code, search))),
  ]);
  return { ...location, seo };
}

/**
 * The lot, and the first page of its published reviews (the page shows them; the head's JSON-LD names them). The
 * server's render adds the price of the stay the page will ask for (entry-server.tsx).
 */
async function loadProviderPage(api: Api, slug: string) {
  const provider = await api.fetch(api.trpc.catalogue.getProvider.queryOptions({ slug }));
  // Asked for without reviews too: the page's reviews section asks for it in any case.
  const reviews = await api.fetch(api.trpc.reviews.forProvider.queryOptions({ providerId: provider.id, page: 1, pageSize: LOT_REVIEWS_PAGE_SIZE })).catch(() => null);
  return { ...provider, reviews: reviews?.reviews ?? [] };
}

export const notFoundRoute = route({
  path: '*',
  page: lazyPage(() => import('./pages/not-found')),
});

export const routes: RouteDef[] = [
  route({
    path: '/',
    page: lazyPage(() => import('./pages/home')),
    // The catalogue's figures (the tiles and the description) are the page's data.
    load: async (api, _params, search) => {
      const location = search.get('location');
      if (location) await api.prefetch(api.trpc.search.providers.queryOptions(await searchInputFromParams(location, search, true)));
      if (await api.fetch(api.trpc.auth.me.queryOptions())) {
        await (search.get('view') === 'history' ? api.prefetch(api.trpc.bookings.history.queryOptions()) : api.prefetch(api.trpc.search.history.queryOptions()));
      }
      return api.fetch(api.trpc.catalogue.stats.queryOptions());
    },
  }),
  route({
    path: '/locations',
    page: lazyPage(() => import('./pages/locations')),
    load: (api) => Promise.all([api.fetch(api.trpc.catalogue.listLocations.queryOptions({})), api.fetch(api.trpc.catalogue.stats.queryOptions())]),
  }),
  route({
    path: '/locations/:slug',
    page: lazyPage(() => import('./pages/location')),
    load: (api, { slug = '' }, search) => loadLocationPage(api, slug, search),
  }),
  route({
    path: '/provider/:slug',
    page: lazyPage(() => import('./pages/provider')),
    load: (api, { slug = '' }) => loadProviderPage(api, slug),
  }),
  route({
    path: '/property/:slug',
    page: lazyPage(() => import('./pages/provider')),
    load: (api, { slug = '' }) => loadProviderPage(api, slug),
  }),
  route({
    path: '/ar-parking/:id',
    page: lazyPage(() => import('./pages/ar-parking')),
    load: (api, { id = '' }) => api.fetch(api.trpc.catalogue.getProvider.queryOptions({ slug: id })),
  }),
  route({
    path: '/how-it-works',
    page: lazyPage(() => import('./pages/how-it-works')),
  }),
  route({
    path: '/guarantee',
    page: lazyPage(() => import('./pages/guarantee')),
  }),
  route({
    path: '/terms-of-service',
    page: lazyPage(() => import('./pages/terms-of-service')),
  }),
  route({
    path: '/privacy-policy',
    page: lazyPage(() => import('./pages/privacy-policy')),
  }),
  route({
    path: '/account-settings',
    page: lazyPage(() => import('./pages/account-settings')),
    load: async (api) => {
      const user = await api.fetch(api.trpc.auth.me.queryOptions());
      if (user) await Promise.all([api.prefetch(api.trpc.profile.preferences.queryOptions()), api.prefetch(api.trpc.profile.credits.queryOptions())]);
      return null;
    },
  }),
  route({
    path: '/booking',
    page: lazyPage(() => import('./pages/booking')),
    load: async (api, _params, search) => {
      const id = search.get('providerId');
      await Promise.all([
        api.prefetch(api.trpc.auth.me.queryOptions()),
        id && search.get('providerName') ? api.prefetch(api.trpc.catalogue.getProvider.queryOptions({ slug: id })) : null,
      ]);
      return null;
    },
  }),
  route({
    path: '/thank-you',
    page: lazyPage(() => import('./pages/thank-you')),
  }),
  route({
    path: '/manage',
    page: lazyPage(() => import('./pages/manage')),
  }),
  // The review form: its link's token is checked by the page's query (not prefetched: a token is not rendered into HTML).
  route({ path: '/review', page: lazyPage(() => import('./pages/review')) }),
  route({
    path: '/manage/:confirmation',
    page: lazyPage(() => import('./pages/manage')),
    // The e-mail's link (?token=) or the owner's session: the booking is in the first paint (a refusal renders the form).
    load: async (api, { confirmation = '' }, search) => {
      const token = search.get('token') || undefined;
      if (token || (await api.fetch(api.trpc.auth.me.queryOptions()))) await api.prefetch(api.trpc.bookings.manage.queryOptions({ confirmationNumber: confirmation, token }));
      return null;
    },
  }),
  route({
    path: '/manage/:confirmation/guarantee',
    page: lazyPage(() => import('./pages/guarantee-claim')),
    load: async (api, { confirmation = '' }, search) => {
      const token = search.get('token') || undefined;
      if (token || (await api.fetch(api.trpc.auth.me.queryOptions()))) await api.prefetch(api.trpc.bookings.guarantee.queryOptions({ confirmationNumber: confirmation, token }));
      return null;
    },
  }),
  route({
    path: '/payment-methods',
    page: lazyPage(() => import('./pages/payment-methods')),
    load: async (api) => {
      if (await api.fetch(api.trpc.auth.me.queryOptions())) await api.prefetch(api.trpc.paymentMethods.list.queryOptions());
      return null;
    },
  }),
  route({
    path: '/admin/login',
    page: lazyPage(() => import('./pages/admin-login')),
  }),
  route({
    path: '/admin',
    page: lazyPage(() => import('./pages/admin')),
  }),
  route({
    path: '/gate',
    page: lazyPage(() => import('./pages/gate')),
  }),
  // Partners' screens read their data in the browser (no loader here: the route table is in every page's code).
  route({ path: '/partner/invitation', page: lazyPage(() => import('./pages/partner')) }),
  route({
    path: '/partner',
    page: lazyPage(() => import('./pages/partner')),
    // Signed in but a member of no partner: the portal does not exist for them (404, as on the server's data).
    load: async (api) => {
      if (!(await api.fetch(api.trpc.auth.me.queryOptions()))) return null;
      if ((await api.fetch(api.trpc.partner.memberships.queryOptions())).length === 0) throw Object.assign(new Error('Not found'), { code: 'NOT_FOUND' });
      return null;
    },
  }),
  route({
    path: '/verify-email',
    page: lazyPage(() => import('./pages/verify-email')),
  }),
  route({
    path: '/forgot-password',
    page: lazyPage(() => import('./pages/forgot-password')),
  }),
  route({
    path: '/reset-password',
    page: lazyPage(() => import('./pages/reset-password')),
  }),
  route({
    path: '/blog',
    page: lazyPage(() => import('./pages/blog')),
    load: async (api, _params, search) => {
      await Promise.all([
        api.prefetch(api.trpc.blog.posts.queryOptions({ ...blogFiltersFromSearch(search), page: 1 })),
        api.prefetch(api.trpc.blog.categories.queryOptions()),
        api.prefetch(api.trpc.blog.featured.queryOptions()),
      ]);
      return null;
    },
  }),
  route({
    path: '/blog/category/:slug',
    page: lazyPage(() => import('./pages/blog')),
    load: async (api, { slug = '' }, search) => {
      const category = await api.fetch(api.trpc.blog.category.queryOptions({ slug }));
      await Promise.all([
        api.prefetch(api.trpc.blog.posts.queryOptions({ ...blogFiltersFromSearch(search, slug), page: 1 })),
        api.prefetch(api.trpc.blog.categories.queryOptions()),
      ]);
      return category;
    },
  }),
  route({
    path: '/blog/:slug',
    page: lazyPage(() => import('./pages/blog-post')),
    load: async (api, { slug = '' }) => {
      const post = await api.fetch(api.trpc.blog.post.queryOptions({ slug }));
      await Promise.all([
        api.prefetch(api.trpc.blog.categories.queryOptions()),
        api.prefetch(api.trpc.blog.related.queryOptions({ postId: post.id, category: post.category ?? undefined })),
      ]);
      return post;
    },
  }),
  // SEO location pages (/{city}-{state}-{code}-airport-parking, /{port}-cruise-port-parking): the same page.
  route({
    path: '/:slug',
    page: lazyPage(() => import('./pages/location')),
    load: (api, { slug = '' }, search) => loadLocationPage(api, slug, search),
  }),
];

const compiled = routes.map((r) => ({ route: r, ...parse(r.path) }));

/** On a host whose name starts with 'admin.', only '/' exists: the admin dashboard. */
export const isAdminHost = (host: string) => host.startsWith('admin.');

export function matchRequest(pathname: string, host: string): { route: RouteDef; params: Record<string, string> } {
  if (!isAdminHost(host)) return matchPath(pathname);
  return pathname === '/' ? { route: routes.find((r) => r.path === '/admin')!, params: {} } : { route: notFoundRoute, params: {} };
}

/** A path segment decoded, or as sent when its percent-encoding is malformed (/provider/%FF): it then names
 * nothing, and the page says so with a 404, as the browser's router does. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Finds the route for a path (the 404 route when none matches) and its parameters. */
export function matchPath(pathname: string): { route: RouteDef; params: Record<string, string> } {
  for (const { route: r, pattern, keys } of compiled) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    keys.forEach((k, i) => {
      const v = m[i + 1];
      if (v !== undefined) params[k] = safeDecode(v);
    });
    return { route: r, params };
  }
  return { route: notFoundRoute, params: {} };
}

/**
 * Runs a route's loader; NOT_FOUND becomes null data (the page shows its not-found view), and so does
 * BAD_REQUEST: a path whose slug cannot even be valid (too long, odd characters) names nothing we have.
 */
export async function loadRoute(api: Api, def: RouteDef, params: Record<string, string>, search = new URLSearchParams()) {
  try {
    return { data: def.load ? await def.load(api, params, search) : null, notFound: false };
  } catch (err) {
    const code = (err as { code?: string; data?: { code?: string } }).data?.code ?? (err as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return { data: null, notFound: true };
    throw err;
  }
}
