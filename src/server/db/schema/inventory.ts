// Availability as data: one row per lot and day with the spaces taken and that day's capacity, changed in the
// same transaction as every booking change, so a booking takes its days with a conditional update and
// search reads lots x days rows however long the booking history is. Plus the content version that
// page and sitemap caches check (bumped in the transaction of a content change).
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { parkingProviders } from './catalogue';

export const lotDays = sqliteTable(
  'lot_days',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    /** The lot-local calendar day, as days since 1970-01-01. */
    day: integer('day').notNull(),
    /** Spaces that day (the lot's capacity when the row was made; an operator may change a day). */
    capacity: integer('capacity').notNull(),
    /** Spaces held or booked that day; never above capacity (the conditional update's rule). */
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.day] })],
);

/** Named counters caches compare against: 'content' changes with posts, lots, places, SEO pages and prices. */
export const contentVersions = sqliteTable('content_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});
