// First-party analytics: anonymous page views and product events (no personal data).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, timestamp } from './_columns';

export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: id(),
    /** page_view, search, sign_up, booking_attempted, booking_completed, purchase_complete, blog_view, ... */
    name: text('name').notNull(),
    visitorId: text('visitor_id').notNull(),
    sessionId: text('session_id').notNull(),
    path: text('path'),
    referrerHost: text('referrer_host'),
    deviceType: text('device_type'),
    country: text('country'),
    props: text('props', { mode: 'json' }).$type<Record<string, string | number | boolean>>(),
    occurredAt: timestamp('occurred_at').notNull(),
  },
  (t) => [
    index('analytics_events_time_idx').on(t.occurredAt),
    index('analytics_events_name_time_idx').on(t.name, t.occurredAt),
    index('analytics_events_session_idx').on(t.sessionId),
  ],
);
