// zod inputs of the back office and of first-party analytics.
import { z } from './zod';

export const ZUserSearchInput = z.object({ q: z.string().trim().min(3, 'Type at least 3 characters to search').max(100) });
export const ZUserIdInput = z.object({ id: z.coerce.number().int().positive() });
export const SEO_REPORT_PERIODS = [7, 30, 90, 365] as const;
export const ZSeoReportInput = z.object({
  days: z.coerce
    .number()
    .refine((d) => (SEO_REPORT_PERIODS as readonly number[]).includes(d), 'Period must be 7, 30, 90 or 365 days')
    .default(30),
  format: z.enum(['json', 'html']).default('json'),
});

export const ANALYTICS_EVENTS = [
  'page_view',
  'search',
  'sign_up',
  'booking_attempted',
  'booking_completed',
  'purchase_complete',
  'blog_view',
  'blog_share',
  'blog_copy_link',
] as const;
const id = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export const ZAnalyticsBatch = z.object({
  visitorId: id,
  sessionId: id,
  events: z
    .array(
      z.object({
        name: z.enum(ANALYTICS_EVENTS),
        path: z.string().max(300).optional(),
        referrer: z.string().max(500).optional(),
        props: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
        at: z.number().int().positive().optional(),
      }),
    )
    .min(1)
    .max(50),
});
