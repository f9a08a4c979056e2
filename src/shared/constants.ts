// Business constants and limits from spec section 9: the one place they are written down.
export const SERVICE_FEE = 1.99;
export const DETAIL_ACCESS_FEE = 0.99;
export const PASSWORD_MIN_LENGTH = 8;
/** How long e-mailed links work: a password reset, and the set-password link of an account made at checkout. */
export const RESET_LINK_HOURS = 1;
export const SET_PASSWORD_LINK_DAYS = 3;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const CAROUSEL_INTERVAL_MS = 4000;
export const ASSISTANT_GREETING_DELAY_MS = 500;
export const ASSISTANT_REPLY_DELAY_MS = 1000;
export const ASSISTANT_SEARCH_TRIGGER_MS = 1500;
export const CHAT_RESULTS_HANDOFF_MS = 1000;
export const SUPPORT_HISTORY_MESSAGES = 5;
export const SUPPORT_SIDEBAR_BOOKINGS = 3;

export const GATING_SEARCH_LIMIT = 2;
export const GATING_TIME_MS = 2 * 60 * 1000;

// No default rating, review count, price or shuttle frequency: a figure the catalogue does not hold is not shown
// (a lot without reviews reads "No reviews yet", see ratings.ts). The cancellation default is our own rule.
export const DEFAULT_CANCELLATION_POLICY = 'Free cancellation up to 24 hours before arrival';
export const DEFAULT_SHUTTLE_INFO = 'Ask the lot how to reach the terminal';

export const BLOG_PAGE_SIZE = 9;
export const BLOG_FEATURED_COUNT = 3;
export const BLOG_RELATED_COUNT = 3;
export const BLOG_TAGS_PER_CARD = 3;
export const BLOG_SCHEDULE_INTERVAL_DAYS = 3;

export const ADMIN_POLL_MS = 30_000;
export const ADMIN_ANALYTICS_POLL_MS = 60_000;
export const ADMIN_USER_SEARCH_MIN_CHARS = 3;

export const REGIONS = ['Northeast', 'Southeast', 'Midwest', 'Southwest', 'West Coast', 'Northwest', 'Mountain', 'Pacific', 'Mid-Atlantic', 'South'] as const;
export type TRegion = (typeof REGIONS)[number];

export const LEGAL_LAST_UPDATED = 'June 6, 2025';

/** The six popular destinations on the signed-out home page, by location code. */
export const POPULAR_DESTINATIONS = [
  { label: 'Orlando International', code: 'MCO' },
  { label: 'Miami International', code: 'MIA' },
  { label: 'Tampa', code: 'TPA' },
  { label: 'Fort Lauderdale', code: 'FLL' },
  { label: 'Miami Cruise Port', code: 'MIA-PORT' },
  { label: 'Jacksonville', code: 'JAX' },
] as const;
