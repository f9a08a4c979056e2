// The one route table: path, page (lazy-loaded), data to prefetch, and head (title, meta, status).
import { lazy, type ComponentType } from 'react';
import { parse } from 'regexparam';
import type { TPublicConfig } from '@/server/env';
import type { HeadData } from './lib/head';
import type { Api } from './lib/trpc';
import { searchInputFromParams } from './features/search/search-params';
import { blogFilters as blogFiltersFromSearch } from './features/blog/filters';

type PageModule = { default: ComponentType };
export type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => Promise<PageModule> };

/** A lazily loaded page that can be preloaded before hydration (so it hydrates without a fallback). */
export function lazyPage(factory: () => Promise<PageModule>): LazyPage {
  let promise: Promise<PageModule> | undefined;
  const load = () => (promise ??= factory());
  return Object.assign(lazy(load), { preload: load });
}

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
  head: (ctx: HeadContext<T>) => HeadData;
}

const route = <T,>(def: RouteDef<T>) => def as RouteDef<unknown>;

const TAGLINE = 'Airport & Cruise Port Parking';

async function loadLocationPage(api: Api, slug: string, search: URLSearchParams) {
  const location = await api.catalogue.getLocation.fetch({ slug });
  const [seo] = await Promise.all([api.seo.page.fetch({ slug: location.seoSlug }).catch(() => null), api.search.providers.prefetch(searchInputFromParams(location.code, search))]);
  return { ...location, seo };
}

type ProviderHeadData = {
  name: string;
  slug: string;
  location: string;
  description: string | null;
  price: number;
  address: string;
  latitude: number;
  longitude: number;
  phoneNumber: string | null;
  operatingHours: string | null;
  rating: number | null;
  reviewCount: number | null;
  imageUrls: string[];
  terminal: { name: string; slug: string };
};

const breadcrumbs = (appUrl: string, items: [string, string][]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: appUrl + path })),
});

function providerHead({ data, config }: HeadContext<ProviderHeadData>, kind: 'provider' | 'property'): HeadData {
  if (!data) return { title: `${kind === 'provider' ? 'Provider' : 'Property'} not found | ${config.brandName}`, robots: 'noindex', status: 404 };
  const canonical = `/provider/${data.slug}`;
  const image = data.imageUrls[0];
  return {
    title: `${data.name}: ${data.location} Parking from $${data.price.toFixed(2)}/day | ${config.brandName}`,
    description: data.description ?? `Parking at ${data.name} near ${data.location}.`,
    canonical,
    og: { image: image ?? null },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ParkingFacility',
        name: data.name,
        description: data.description ?? undefined,
        url: config.appUrl + canonical,
        image: image ? (image.startsWith('http') ? image : config.appUrl + image) : undefined,
        address: { '@type': 'PostalAddress', streetAddress: data.address, addressCountry: 'US' },
        geo: { '@type': 'GeoCoordinates', latitude: data.latitude, longitude: data.longitude },
        telephone: data.phoneNumber ?? undefined,
        openingHours: data.operatingHours ?? undefined,
        priceRange: `From $${data.price.toFixed(2)} per day`,
        aggregateRating: data.rating && data.reviewCount ? { '@type': 'AggregateRating', ratingValue: data.rating, reviewCount: data.reviewCount } : undefined,
      },
      breadcrumbs(config.appUrl, [
        ['Home', '/'],
        ['Locations', '/locations'],
        [data.terminal.name, `/locations/${data.terminal.slug}`],
        [data.name, canonical],
      ]),
    ],
  };
}

function locationHead({ data, config }: HeadContext<Awaited<ReturnType<typeof loadLocationPage>>>): HeadData {
  if (!data) return { title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 };
  const what = data.kind === 'airport' ? `${data.name} (${data.code})` : data.name;
  return {
    title: data.seo?.metaTitle ? `${data.seo.metaTitle} | ${config.brandName}` : `${data.name} Parking from $${(data.minPrice ?? 0).toFixed(2)}/day | ${config.brandName}`,
    description: data.seo?.metaDescription ?? `Compare ${data.providerCount} parking lots near ${what} in ${data.city}, ${data.state}. See the total price up front, shuttle times and reviews, and book in minutes.`,
    canonical: `/locations/${data.slug}`,
    jsonLd: [
      breadcrumbs(config.appUrl, [
        ['Home', '/'],
        ['Locations', '/locations'],
        [data.name, `/locations/${data.slug}`],
      ]),
    ],
  };
}

export const notFoundRoute = route({
  path: '*',
  page: lazyPage(() => import('./pages/not-found')),
  head: ({ config }) => ({ title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 }),
});

export const routes: RouteDef[] = [
  route({
    path: '/',
    page: lazyPage(() => import('./pages/home')),
    load: async (api, _params, search) => {
      const location = search.get('location');
      if (location) await api.search.providers.prefetch(searchInputFromParams(location, search, true));
      if (await api.auth.me.fetch()) {
        await (search.get('view') === 'history' ? api.bookings.history.prefetch() : api.search.history.prefetch());
      }
      return null;
    },
    head: ({ config }) => ({
      title: `${config.brandName} | ${TAGLINE} with Honest Total Prices`,
      description: `Compare and book parking near 50 US airports and 20 cruise ports. See the full price up front: the lot's rate plus one flat $1.99 fee.`,
      canonical: '/',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: config.brandName,
          url: config.appUrl,
          logo: `${config.appUrl}/favicon.svg`,
          contactPoint: { '@type': 'ContactPoint', telephone: config.supportPhone, email: config.supportEmail, contactType: 'customer support', availableLanguage: 'English', hoursAvailable: 'Mo-Su 00:00-23:59' },
        },
      ],
    }),
  }),
  route({
    path: '/locations',
    page: lazyPage(() => import('./pages/locations')),
    load: (api) => Promise.all([api.catalogue.listLocations.fetch({}), api.catalogue.stats.fetch()]),
    head: ({ config }) => ({
      title: `Airport & Cruise Port Parking Locations | ${config.brandName}`,
      description: 'Browse parking at the 50 largest US airports and 20 US cruise ports. Search by airport code, city or state and compare lots by total price.',
      canonical: '/locations',
    }),
  }),
  route({
    path: '/locations/:slug',
    page: lazyPage(() => import('./pages/location')),
    load: (api, { slug = '' }, search) => loadLocationPage(api, slug, search),
    head: locationHead,
  }),
  route({
    path: '/provider/:slug',
    page: lazyPage(() => import('./pages/provider')),
    load: (api, { slug = '' }) => api.catalogue.getProvider.fetch({ slug }),
    head: (ctx) => providerHead(ctx, 'provider'),
  }),
  route({
    path: '/property/:slug',
    page: lazyPage(() => import('./pages/provider')),
    load: (api, { slug = '' }) => api.catalogue.getProvider.fetch({ slug }),
    head: (ctx) => providerHead(ctx, 'property'),
  }),
  route({
    path: '/ar-parking/:id',
    page: lazyPage(() => import('./pages/ar-parking')),
    load: (api, { id = '' }) => api.catalogue.getProvider.fetch({ slug: id }),
    head: ({ data, config }) =>
      data
        ? { title: `Arrival guide: ${data.name} | ${config.brandName}`, robots: 'noindex' }
        : { title: `Provider not found | ${config.brandName}`, robots: 'noindex', status: 404 },
  }),
  route({
    path: '/how-it-works',
    page: lazyPage(() => import('./pages/how-it-works')),
    head: ({ config }) => ({
      title: `How it Works | ${config.brandName}`,
      description: `Tell our assistant where you're flying or sailing from, compare lots by total price, and book in minutes. One flat $1.99 fee, no surprises.`,
      canonical: '/how-it-works',
    }),
  }),
  route({
    path: '/terms-of-service',
    page: lazyPage(() => import('./pages/terms-of-service')),
    head: ({ config }) => ({ title: `Terms of Service | ${config.brandName}`, canonical: '/terms-of-service', robots: 'noindex' }),
  }),
  route({
    path: '/privacy-policy',
    page: lazyPage(() => import('./pages/privacy-policy')),
    head: ({ config }) => ({ title: `Privacy Policy | ${config.brandName}`, canonical: '/privacy-policy', robots: 'noindex' }),
  }),
  route({
    path: '/account-settings',
    page: lazyPage(() => import('./pages/account-settings')),
    load: async (api) => {
      const user = await api.auth.me.fetch();
      if (user) await Promise.all([api.profile.preferences.prefetch(), api.profile.credits.prefetch()]);
      return null;
    },
    head: ({ config }) => ({ title: `Account Settings | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/booking',
    page: lazyPage(() => import('./pages/booking')),
    load: async (api, _params, search) => {
      const id = search.get('providerId');
      await Promise.all([api.auth.me.prefetch(), id && search.get('providerName') ? api.catalogue.getProvider.prefetch({ slug: id }) : null]);
      return null;
    },
    head: ({ config }) => ({ title: `Complete Your Reservation | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/thank-you',
    page: lazyPage(() => import('./pages/thank-you')),
    head: ({ config }) => ({ title: `Booking Confirmed | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/payment-methods',
    page: lazyPage(() => import('./pages/payment-methods')),
    load: async (api) => {
      if (await api.auth.me.fetch()) await api.paymentMethods.list.prefetch();
      return null;
    },
    head: ({ config }) => ({ title: `Payment Methods | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/admin/login',
    page: lazyPage(() => import('./pages/admin-login')),
    head: ({ config }) => ({ title: `Admin Sign In | ${config.brandName}`, robots: 'noindex, nofollow' }),
  }),
  route({
    path: '/admin',
    page: lazyPage(() => import('./pages/admin')),
    head: ({ config }) => ({ title: `Admin Dashboard | ${config.brandName}`, robots: 'noindex, nofollow' }),
  }),
  route({
    path: '/verify-email',
    page: lazyPage(() => import('./pages/verify-email')),
    head: ({ config }) => ({ title: `Verify Email | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/forgot-password',
    page: lazyPage(() => import('./pages/forgot-password')),
    head: ({ config }) => ({ title: `Forgot Password | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/reset-password',
    page: lazyPage(() => import('./pages/reset-password')),
    head: ({ config }) => ({ title: `Reset Password | ${config.brandName}`, robots: 'noindex' }),
  }),
  route({
    path: '/blog',
    page: lazyPage(() => import('./pages/blog')),
    load: async (api, _params, search) => {
      await Promise.all([api.blog.posts.prefetch({ ...blogFiltersFromSearch(search), page: 1 }), api.blog.categories.prefetch(), api.blog.featured.prefetch()]);
      return null;
    },
    head: ({ config }) => ({
      title: `Parking Guides & Travel Tips | ${config.brandName} Blog`,
      description: 'Guides to parking at US airports and cruise ports, from our live catalogue: prices, shuttle times, covered and valet options, and tips for travel days.',
      canonical: '/blog',
    }),
  }),
  route({
    path: '/blog/category/:slug',
    page: lazyPage(() => import('./pages/blog')),
    load: async (api, { slug = '' }, search) => {
      const category = await api.blog.category.fetch({ slug });
      await Promise.all([api.blog.posts.prefetch({ ...blogFiltersFromSearch(search, slug), page: 1 }), api.blog.categories.prefetch()]);
      return category;
    },
    head: ({ data, config }) =>
      data
        ? { title: `${data.metaTitle ?? data.name} | ${config.brandName} Blog`, description: data.metaDescription ?? data.description ?? undefined, canonical: `/blog/category/${data.slug}` }
        : { title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 },
  }),
  route({
    path: '/blog/:slug',
    page: lazyPage(() => import('./pages/blog-post')),
    load: async (api, { slug = '' }) => {
      const post = await api.blog.post.fetch({ slug });
      await Promise.all([api.blog.categories.prefetch(), api.blog.related.prefetch({ postId: post.id, category: post.category ?? undefined })]);
      return post;
    },
    head: ({ data, config }) => {
      if (!data) return { title: `Article Not Found | ${config.brandName} Blog`, robots: 'noindex', status: 404 };
      const canonical = `/blog/${data.slug}`;
      return {
        title: data.metaTitle ? `${data.metaTitle} | ${config.brandName}` : `${data.title} | ${config.brandName} Blog`,
        description: data.metaDescription ?? data.excerpt,
        canonical,
        og: { type: 'article', image: data.featuredImage },
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: data.title,
            description: data.metaDescription ?? data.excerpt,
            image: data.featuredImage ? [data.featuredImage.startsWith('http') ? data.featuredImage : config.appUrl + data.featuredImage] : undefined,
            datePublished: data.publishedAt ? new Date(data.publishedAt).toISOString() : undefined,
            author: { '@type': 'Organization', name: data.authorName },
            publisher: { '@type': 'Organization', name: config.brandName, url: config.appUrl },
            mainEntityOfPage: config.appUrl + canonical,
            keywords: data.tags.join(', '),
            articleSection: data.category ?? undefined,
          },
        ],
      };
    },
  }),
  // SEO location pages (/{city}-{state}-{code}-airport-parking, /{port}-cruise-port-parking): the same page.
  route({
    path: '/:slug',
    page: lazyPage(() => import('./pages/location')),
    load: (api, { slug = '' }, search) => loadLocationPage(api, slug, search),
    head: locationHead,
  }),
];

const compiled = routes.map((r) => ({ route: r, ...parse(r.path) }));

/** On a host whose name starts with 'admin.', only '/' exists: the admin dashboard. */
export const isAdminHost = (host: string) => host.startsWith('admin.');

export function matchRequest(pathname: string, host: string): { route: RouteDef; params: Record<string, string> } {
  if (!isAdminHost(host)) return matchPath(pathname);
  return pathname === '/' ? { route: routes.find((r) => r.path === '/admin')!, params: {} } : { route: notFoundRoute, params: {} };
}

/** Finds the route for a path (the 404 route when none matches) and its parameters. */
export function matchPath(pathname: string): { route: RouteDef; params: Record<string, string> } {
  for (const { route: r, pattern, keys } of compiled) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    keys.forEach((k, i) => {
      const v = m[i + 1];
      if (v !== undefined) params[k] = decodeURIComponent(v);
    });
    return { route: r, params };
  }
  return { route: notFoundRoute, params: {} };
}

/** Runs a route's loader; NOT_FOUND becomes null data (the page shows its not-found view). */
export async function loadRoute(api: Api, def: RouteDef, params: Record<string, string>, search = new URLSearchParams()) {
  try {
    return { data: def.load ? await def.load(api, params, search) : null, notFound: false };
  } catch (err) {
    const code = (err as { code?: string; data?: { code?: string } }).data?.code ?? (err as { code?: string }).code;
    if (code === 'NOT_FOUND') return { data: null, notFound: true };
    throw err;
  }
}
