// Catalogue: locations (airports, cruise ports), parking providers, searches and SEO landing pages.
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, jsonArray, timestamp, updatedAt } from './_columns';
import { users } from './users';

export const locations = sqliteTable(
  'locations',
  {
    id: id(),
    kind: text('kind', { enum: ['airport', 'cruise_port'] }).notNull(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    region: text('region').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    slug: text('slug').notNull().unique(),
    seoSlug: text('seo_slug').notNull().unique(),
    aliases: jsonArray('aliases'),
    createdAt: createdAt(),
  },
  (t) => [index('locations_kind_idx').on(t.kind), index('locations_region_idx').on(t.region)],
);

export const parkingProviders = sqliteTable(
  'parking_providers',
  {
    id: id(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** Display name of the location served, e.g. 'Orlando International Airport' (spec: location). */
    location: text('location').notNull(),
    address: text('address').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    distanceMiles: real('distance_miles').notNull(),
    /** Human text, e.g. '1.2 miles' (spec: distance). */
    distance: text('distance').notNull(),
    /** Daily price in USD. */
    price: real('price').notNull(),
    weeklyRate: real('weekly_rate'),
    /** Spaces available per day. */
    capacity: integer('capacity').notNull(),
    pricingSource: text('pricing_source', { enum: ['scraping', 'partner', 'static'] })
      .notNull()
      .default('static'),
    features: jsonArray('features'),
    shuttleInfo: text('shuttle_info'),
    securityFeatures: text('security_features'),
    imageUrls: jsonArray('image_urls'),
    description: text('description'),
    rating: real('rating'),
    reviewCount: integer('review_count'),
    operatingHours: text('operating_hours'),
    phoneNumber: text('phone_number'),
    website: text('website'),
    amenities: jsonArray('amenities'),
    vehicleTypes: jsonArray('vehicle_types'),
    cancellationPolicy: text('cancellation_policy'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('parking_providers_location_idx').on(t.locationId, t.price)],
);

export const searchHistory = sqliteTable(
  'search_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchTerm: text('search_term').notNull(),
    location: text('location').notNull(),
    resultCount: integer('result_count').notNull().default(0),
    /** The stay searched for, lot-local 'YYYY-MM-DDTHH:mm' (null for searches recorded before dates were kept). */
    arrivalDate: text('arrival_date'),
    departureDate: text('departure_date'),
    searchedAt: timestamp('searched_at').notNull().$defaultFn(() => new Date()),
  },
  (t) => [index('search_history_user_idx').on(t.userId, t.searchedAt)],
);

export const seoPages = sqliteTable(
  'seo_pages',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    targetKeywords: jsonArray('target_keywords'),
    location: text('location'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    template: text('template', { enum: ['airport-parking', 'location'] }).notNull(),
    published: integer('published').notNull().default(1),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('seo_pages_slug_unique').on(t.slug)],
);
