// Catalogue: locations (airports, cruise ports), parking providers, searches and SEO landing pages.
import type { Cents } from '@/shared/money';
import { k } from './_kit';
import { createdAt, id, jsonArray, timestamp, updatedAt } from './_columns';
import { users } from './users';
import { partners } from './partners';

export const locations = k.table(
  'locations',
  {
    id: id(),
    kind: k.text('kind', { enum: ['airport', 'cruise_port'] }).notNull(),
    code: k.text('code').notNull().unique(),
    name: k.text('name').notNull(),
    shortName: k.text('short_name').notNull(),
    city: k.text('city').notNull(),
    state: k.text('state').notNull(),
    region: k.text('region').notNull(),
    latitude: k.real('latitude').notNull(),
    longitude: k.real('longitude').notNull(),
    slug: k.text('slug').notNull().unique(),
    seoSlug: k.text('seo_slug').notNull().unique(),
    aliases: jsonArray('aliases'),
    createdAt: createdAt(),
  },
  (t) => [k.index('locations_kind_idx').on(t.kind), k.index('locations_region_idx').on(t.region)],
);

export const parkingProviders = k.table(
  'parking_providers',
  {
    id: id(),
    locationId: k
      .integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: k.text('name').notNull(),
    slug: k.text('slug').notNull().unique(),
    /** Display name of the location served, e.g. 'Orlando International Airport' (spec: location). */
    location: k.text('location').notNull(),
    address: k.text('address').notNull(),
    latitude: k.real('latitude').notNull(),
    longitude: k.real('longitude').notNull(),
    distanceMiles: k.real('distance_miles').notNull(),
    /** Human text, e.g. '1.2 miles' (spec: distance). */
    distance: k.text('distance').notNull(),
    /** Daily price in USD. */
    priceCents: k
      .cents('price_cents')
      .notNull()
      .default(0 as Cents),
    weeklyRateCents: k.cents('weekly_rate_cents'),
    /** Spaces available per day. */
    capacity: k.integer('capacity').notNull(),
    pricingSource: k
      .text('pricing_source', { enum: ['scraping', 'partner', 'static'] })
      .notNull()
      .default('static'),
    features: jsonArray('features'),
    shuttleInfo: k.text('shuttle_info'),
    securityFeatures: k.text('security_features'),
    imageUrls: jsonArray('image_urls'),
    description: k.text('description'),
    /** The average of the lot's real reviews and their number: null while it has none (every lot today). */
    rating: k.real('rating'),
    reviewCount: k.integer('review_count'),
    operatingHours: k.text('operating_hours'),
    phoneNumber: k.text('phone_number'),
    website: k.text('website'),
    amenities: jsonArray('amenities'),
    vehicleTypes: jsonArray('vehicle_types'),
    cancellationPolicy: k.text('cancellation_policy'),
    /** 1: listed (search, its pages, the sitemap); 0: unpublished by an administrator (kept for its bookings). */
    published: k.integer('published').notNull().default(1),
    /** The partner that owns the lot (null: run by the platform itself). */
    partnerId: k.integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /**
     * When an administrator approved the lot's first publication. A lot a partner creates is a draft (unlisted,
     * null here) until then; later edits go live at once.
     */
    approvedAt: timestamp('approved_at'),
    /** 1: unlisted only because its partner is suspended (listed again when the partner is reinstated). */
    suspendedListing: k.integer('suspended_listing').notNull().default(0),
    /** Spaces per day not sold online (the partner's buffer against overselling): online sales stop at capacity less this. */
    onlineBuffer: k.integer('online_buffer').notNull().default(0),
    /** Hours a car may leave after its booked departure (a late flight) before the extra days are charged (0-24). */
    delayGraceHours: k.integer('delay_grace_hours').notNull().default(2),
    /** The averages of the lot's published reviews' three scores (null while it has none); see `rating`. */
    ratingWait: k.real('rating_wait'),
    ratingDescribed: k.real('rating_described'),
    ratingStaff: k.real('rating_staff'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.index('parking_providers_location_idx').on(t.locationId, t.priceCents)],
);

/**
 * A lot's photos, in display order. Each upload is stored once per width the pages use (WebP, under
 * `lots/<key>-<width>.webp` in the blob store) and served with srcset.
 */
export const lotPhotos = k.table(
  'lot_photos',
  {
    id: id(),
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    position: k.integer('position').notNull(),
    /** Blob key without width and extension, e.g. 'lots/3f2a…'. */
    key: k.text('key').notNull().unique(),
    /** The widths stored, ascending. */
    widths: k.json<number[]>('widths').notNull(),
    /** The original's size, for the aspect ratio. */
    width: k.integer('width').notNull(),
    height: k.integer('height').notNull(),
    alt: k.text('alt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [k.index('lot_photos_provider_idx').on(t.providerId, t.position)],
);

export const searchHistory = k.table(
  'search_history',
  {
    id: id(),
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchTerm: k.text('search_term').notNull(),
    location: k.text('location').notNull(),
    resultCount: k.integer('result_count').notNull().default(0),
    /** The stay searched for, lot-local 'YYYY-MM-DDTHH:mm' (null for searches recorded before dates were kept). */
    arrivalDate: k.text('arrival_date'),
    departureDate: k.text('departure_date'),
    searchedAt: timestamp('searched_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [k.index('search_history_user_idx').on(t.userId, t.searchedAt)],
);

export const seoPages = k.table(
  'seo_pages',
  {
    id: id(),
    title: k.text('title').notNull(),
    slug: k.text('slug').notNull(),
    metaTitle: k.text('meta_title'),
    metaDescription: k.text('meta_description'),
    /** Sanitized HTML. */
    content: k.text('content').notNull().default(''),
    targetKeywords: jsonArray('target_keywords'),
    location: k.text('location'),
    locationId: k.integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    template: k.text('template', { enum: ['airport-parking', 'location'] }).notNull(),
    published: k.integer('published').notNull().default(1),
    viewCount: k.integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.uniqueIndex('seo_pages_slug_unique').on(t.slug)],
);
