// A signed link's token as a URL carries it, and what a link that does not open says (./bookings.ts re-exports
// both; the reviews' schema takes them from here, so a lot's page does not load the checkout schema).
import { z } from './zod';

/** What a link that does not open says (a damaged, cut, expired or ended link alike: nobody learns which). */
export const LINK_INVALID_MESSAGE = 'This booking link is invalid or has expired. Sign in, or use the link in your confirmation e-mail.';

/**
 * A signed link's token as the URL carries it. A damaged or cut one is a link that does not open (404 with the
 * message above), never a validation error; only an absurd length is refused here, in the same words.
 */
export const ZLinkToken = z.string().trim().max(512, LINK_INVALID_MESSAGE);
