// Availability as data: one row per lot and day with the spaces taken and that day's capacity, changed in the
// same transaction as every booking change, so a booking takes its days with a conditional update and
// search reads lots x days rows however long the booking history is. Plus the content version that
// page and sitemap caches check (bumped in the transaction of a content change).
import { k } from './_kit';
import { parkingProviders } from './catalogue';

export const lotDays = k.table(
  'lot_days',
  {
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    /** The lot-local calendar day, as days since 1970-01-01. */
    day: k.integer('day').notNull(),
    /** Spaces that day (the lot's capacity when the row was made; an operator may change a day). */
    capacity: k.integer('capacity').notNull(),
    /** Spaces held or booked that day; never above capacity (the conditional update's rule). */
    taken: k.integer('taken').notNull().default(0),
    /** 1: an operator set this day's capacity (a change of the lot's capacity leaves it alone). */
    capacitySet: k.integer('capacity_set').notNull().default(0),
    /** 1: closed to new bookings that day (bookings already made stand). */
    closed: k.integer('closed').notNull().default(0),
    /** A daily price for this day (a holiday rate) instead of the lot's; null: the lot's. */
    priceCents: k.cents('price_cents'),
  },
  (t) => [k.primaryKey({ columns: [t.providerId, t.day] })],
);

/** Named counters caches compare against: 'content' changes with posts, lots, places, SEO pages and prices. */
export const contentVersions = k.table('content_versions', {
  name: k.text('name').primaryKey(),
  version: k.integer('version').notNull().default(0),
});
