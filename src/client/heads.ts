// Each route's head (title, description, canonical, social tags, JSON-LD, status), by route path: the
// server renders it into the first response; the browser loads this module on its first client-side
// navigation, so a first visit does not download every page's titles and structured data.
import { splitUsAddress } from '@/shared/address';
import { SERVICE_FEE_TEXT } from '@/shared/pricing';
import { realRating } from '@/shared/ratings';
import type { HeadData } from './lib/head';
import type { RouterOutputs } from './lib/trpc';
import type { HeadContext, LocationPageData } from './routes';

type HeadFn = (ctx: HeadContext<unknown>) => HeadData;
const h = <T>(fn: (ctx: HeadContext<T>) => HeadData) => fn as HeadFn;

const TAGLINE = 'Airport & Cruise Port Parking';

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
  /** The first page of the lot's published reviews (real rows only). */
  reviews?: { authorName: string; overall: number; body: string; publishedAt: Date | string | null }[];
  imageUrls: string[];
  terminal: { name: string; slug: string; seoSlug: string };
};

/** The server-rendered social card (GET /og/...: PNG 1200x630) of a public page, with its alt text. */
const socialCard = (path: string, alt: string): NonNullable<HeadData['og']> => ({ image: `/og/${path}.png`, imageAlt: alt, imageWidth: 1200, imageHeight: 630 });
const price = (n: number) => `$${n.toFixed(2)}`;
const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => `https://schema.org/${d}`);

/** A schema.org PostalAddress with its parts (street, city, state, ZIP), not one string. */
function postalAddress(address: string) {
  const a = splitUsAddress(address);
  return { '@type': 'PostalAddress', streetAddress: a.street, addressLocality: a.city, addressRegion: a.state, postalCode: a.postalCode, addressCountry: 'US' };
}

const breadcrumbs = (appUrl: string, items: [string, string][]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: appUrl + path })),
});

function providerHead({ data, config }: HeadContext<ProviderHeadData>, kind: 'provider' | 'property'): HeadData {
  if (!data) return { title: `${kind === 'provider' ? 'Provider' : 'Property'} not found | ${config.brandName}`, robots: 'noindex', status: 404 };
  const canonical = `/provider/${data.slug}`;
  const image = data.imageUrls[0];
  const rating = realRating(data);
  return {
    title: `${data.name}: ${data.location} Parking from $${data.price.toFixed(2)}/day | ${config.brandName}`,
    description: data.description ?? `Parking at ${data.name} near ${data.location}.`,
    canonical,
    og: socialCard(
      `lot/${encodeURIComponent(data.slug)}`,
      `${data.name}, parking near ${data.location}: ${price(data.price)}/day${rating ? `, rated ${rating.value.toFixed(1)}` : ''}`,
    ),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ParkingFacility',
        name: data.name,
        description: data.description ?? undefined,
        url: config.appUrl + canonical,
        // A photo when the lot has one, else its social card (a PNG: the illustration is an SVG).
        image:
          image && !image.startsWith('/api/placeholder/')
            ? image.startsWith('http')
              ? image
              : config.appUrl + image
            : `${config.appUrl}/og/lot/${encodeURIComponent(data.slug)}.png`,
        address: postalAddress(data.address),
        geo: { '@type': 'GeoCoordinates', latitude: data.latitude, longitude: data.longitude },
        telephone: data.phoneNumber ?? undefined,
        openingHours: data.operatingHours ?? undefined,
        // Only where real reviews stand behind it (shared/ratings.ts), and the reviews the page shows.
        aggregateRating: rating ? { '@type': 'AggregateRating', ratingValue: rating.value, reviewCount: rating.count, bestRating: 5, worstRating: 1 } : undefined,
        review:
          rating && data.reviews?.length
            ? data.reviews.map((r) => ({
                '@type': 'Review',
                author: { '@type': 'Person', name: r.authorName },
                datePublished: r.publishedAt ? new Date(r.publishedAt).toISOString().slice(0, 10) : undefined,
                reviewRating: { '@type': 'Rating', ratingValue: r.overall, bestRating: 5, worstRating: 1 },
                reviewBody: r.body || undefined,
              }))
            : undefined,
      },
      breadcrumbs(config.appUrl, [
        ['Home', '/'],
        ['Locations', '/locations'],
        [data.terminal.name, `/${data.terminal.seoSlug}`],
        [data.name, canonical],
      ]),
    ],
  };
}

function locationHead({ data, config }: HeadContext<LocationPageData>): HeadData {
  if (!data) return { title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 };
  const what = data.kind === 'airport' ? `${data.name} (${data.code})` : data.name;
  return {
    title: data.seo?.metaTitle ? `${data.seo.metaTitle} | ${config.brandName}` : `${data.name} Parking from $${(data.minPrice ?? 0).toFixed(2)}/day | ${config.brandName}`,
    description:
      data.seo?.metaDescription ??
      `Compare ${data.providerCount} parking lots near ${what} in ${data.city}, ${data.state}. See the total price up front and the shuttle times, and book in minutes.`,
    // One URL per place: the SEO address the directory links to, for /locations/{slug} as well.
    canonical: `/${data.seoSlug}`,
    og: socialCard(
      `location/${encodeURIComponent(data.seoSlug)}`,
      `Parking at ${what}${data.minPrice !== null ? ` from ${price(data.minPrice)}/day` : ''}: ${data.providerCount} ${data.providerCount === 1 ? 'lot' : 'lots'} to compare`,
    ),
    jsonLd: [
      breadcrumbs(config.appUrl, [
        ['Home', '/'],
        ['Locations', '/locations'],
        [data.name, `/${data.seoSlug}`],
      ]),
    ],
  };
}

type Coverage = RouterOutputs['catalogue']['stats'];
/** '50 US airports and 20 cruise ports', counted from the catalogue (never a figure written by hand). */
const coverage = (stats: Coverage | null) =>
  stats
    ? `${stats.airports} US ${stats.airports === 1 ? 'airport' : 'airports'} and ${stats.cruisePorts} ${stats.cruisePorts === 1 ? 'cruise port' : 'cruise ports'}`
    : 'US airports and cruise ports';

const partnerHead = h(({ config }) => ({ title: `Partner Portal | ${config.brandName}`, robots: 'noindex, nofollow' }));

export const HEADS: Record<string, HeadFn> = {
  '*': h(({ config }) => ({ title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 })),
  '/': h<Coverage>(({ data, config }) => ({
    title: `${config.brandName} | ${TAGLINE} with Honest Total Prices`,
    description: `Compare and book parking near ${coverage(data)}. See the full price up front: the lot's rate plus one flat ${SERVICE_FEE_TEXT} fee.`,
    canonical: '/',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: config.brandName,
        url: config.appUrl,
        logo: `${config.appUrl}/favicon.svg`,
        contactPoint: {
          '@type': 'ContactPoint',
          telephone: config.supportPhone,
          email: config.supportEmail,
          contactType: 'customer support',
          availableLanguage: 'English',
          // Around the clock, every day.
          hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: DAYS_OF_WEEK, opens: '00:00', closes: '23:59' },
        },
      },
    ],
  })),
  '/locations': h<[unknown, Coverage]>(({ data, config }) => ({
    title: `Airport & Cruise Port Parking Locations | ${config.brandName}`,
    description: `Browse parking at ${coverage(data?.[1] ?? null)}. Search by airport code, city or state and compare lots by total price.`,
    canonical: '/locations',
  })),
  '/locations/:slug': h(locationHead),
  '/provider/:slug': h<ProviderHeadData>((ctx) => providerHead(ctx, 'provider')),
  '/property/:slug': h<ProviderHeadData>((ctx) => providerHead(ctx, 'property')),
  '/ar-parking/:id': h<RouterOutputs['catalogue']['getProvider']>(({ data, config }) =>
    data
      ? { title: `Arrival guide: ${data.name} | ${config.brandName}`, robots: 'noindex' }
      : { title: `Provider not found | ${config.brandName}`, robots: 'noindex', status: 404 },
  ),
  '/how-it-works': h(({ config }) => ({
    title: `How it Works | ${config.brandName}`,
    description: `Tell our assistant where you're flying or sailing from, compare lots by total price, and book in minutes. One flat ${SERVICE_FEE_TEXT} fee, no surprises.`,
    canonical: '/how-it-works',
  })),
  '/guarantee': h(({ config }) => ({
    title: `Parking Guarantee | ${config.brandName}`,
    description: 'If a lot turns you away with a valid booking, we move you to a nearby lot with space at no extra cost, or refund you in full.',
    canonical: '/guarantee',
  })),
  '/terms-of-service': h(({ config }) => ({ title: `Terms of Service | ${config.brandName}`, canonical: '/terms-of-service', robots: 'noindex' })),
  '/privacy-policy': h(({ config }) => ({ title: `Privacy Policy | ${config.brandName}`, canonical: '/privacy-policy', robots: 'noindex' })),
  '/account-settings': h(({ config }) => ({ title: `Account Settings | ${config.brandName}`, robots: 'noindex' })),
  '/booking': h(({ config }) => ({ title: `Complete Your Reservation | ${config.brandName}`, robots: 'noindex' })),
  '/thank-you': h(({ config }) => ({ title: `Booking Confirmed | ${config.brandName}`, robots: 'noindex' })),
  '/manage': h(({ config }) => ({ title: `Manage a Booking | ${config.brandName}`, robots: 'noindex' })),
  '/manage/:confirmation': h(({ config, params }) => ({ title: `Manage Booking ${params.confirmation ?? ''} | ${config.brandName}`, robots: 'noindex, nofollow' })),
  '/manage/:confirmation/guarantee': h(({ config, params }) => ({ title: `Parking Guarantee: ${params.confirmation ?? ''} | ${config.brandName}`, robots: 'noindex, nofollow' })),
  '/gate': h(({ config }) => ({ title: `Gate | ${config.brandName}`, robots: 'noindex' })),
  '/review': h(({ config }) => ({ title: `Review Your Stay | ${config.brandName}`, robots: 'noindex, nofollow' })),
  '/partner': partnerHead,
  '/partner/invitation': partnerHead,
  '/payment-methods': h(({ config }) => ({ title: `Payment Methods | ${config.brandName}`, robots: 'noindex' })),
  '/admin/login': h(({ config }) => ({ title: `Admin Sign In | ${config.brandName}`, robots: 'noindex, nofollow' })),
  '/admin': h(({ config }) => ({ title: `Admin Dashboard | ${config.brandName}`, robots: 'noindex, nofollow' })),
  '/verify-email': h(({ config }) => ({ title: `Verify Email | ${config.brandName}`, robots: 'noindex' })),
  '/forgot-password': h(({ config }) => ({ title: `Forgot Password | ${config.brandName}`, robots: 'noindex' })),
  '/reset-password': h(({ config }) => ({ title: `Reset Password | ${config.brandName}`, robots: 'noindex' })),
  '/blog': h(({ config }) => ({
    title: `Parking Guides & Travel Tips | ${config.brandName} Blog`,
    description: 'Guides to parking at US airports and cruise ports, from our live catalogue: prices, shuttle times, covered and valet options, and tips for travel days.',
    canonical: '/blog',
  })),
  '/blog/category/:slug': h<RouterOutputs['blog']['category']>(({ data, config }) =>
    data
      ? {
          title: `${data.metaTitle ?? data.name} | ${config.brandName} Blog`,
          description: data.metaDescription ?? data.description ?? undefined,
          canonical: `/blog/category/${data.slug}`,
        }
      : { title: `404 Page Not Found | ${config.brandName}`, robots: 'noindex', status: 404 },
  ),
  '/blog/:slug': h<RouterOutputs['blog']['post']>(({ data, config }) => {
    if (!data) return { title: `Article Not Found | ${config.brandName} Blog`, robots: 'noindex', status: 404 };
    const canonical = `/blog/${data.slug}`;
    return {
      title: data.metaTitle ? `${data.metaTitle} | ${config.brandName}` : `${data.title} | ${config.brandName} Blog`,
      description: data.metaDescription ?? data.excerpt,
      canonical,
      og: { type: 'article', ...socialCard(`post/${encodeURIComponent(data.slug)}`, `${data.title}, by ${data.authorName}`) },
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
  }),
  '/:slug': h(locationHead),
};

/**
 * The head of a route (by its path pattern), for its parameters and loaded data. Every page names the
 * site; a public (indexable) page without a card of its own shares the home page's card.
 */
export function routeHead(path: string, ctx: HeadContext<unknown>): HeadData {
  const head = HEADS[path];
  if (!head) throw new Error(`No head for route ${path}`);
  const result = head(ctx);
  const og = { ...result.og, siteName: ctx.config.brandName };
  const card = result.robots || og.image ? {} : socialCard('home', `${ctx.config.brandName}: compare and book airport and cruise port parking by the total price`);
  return { ...result, og: { ...og, ...card } };
}
