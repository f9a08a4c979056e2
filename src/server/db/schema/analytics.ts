// First-party analytics: anonymous page views and product events (no personal data).
import { k } from './_kit';
import { id, timestamp } from './_columns';

export const analyticsEvents = k.table(
  'analytics_events',
  {
    id: id(),
    /** page_view, search, sign_up, booking_attempted, booking_completed, purchase_complete, blog_view, ... */
    name: k.text('name').notNull(),
    visitorId: k.text('visitor_id').notNull(),
    sessionId: k.text('session_id').notNull(),
    path: k.text('path'),
    referrerHost: k.text('referrer_host'),
    deviceType: k.text('device_type'),
    country: k.text('country'),
    props: k.json<Record<string, string | number | boolean>>('props'),
    occurredAt: timestamp('occurred_at').notNull(),
  },
  (t) => [
    k.index('analytics_events_time_idx').on(t.occurredAt),
    k.index('analytics_events_name_time_idx').on(t.name, t.occurredAt),
    k.index('analytics_events_session_idx').on(t.sessionId),
  ],
);
