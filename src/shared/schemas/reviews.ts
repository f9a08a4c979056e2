// zod inputs of reviews: which stay is reviewed (the e-mail's single-use review link, or the booking with its
// manage link or its owner signed in), the stars and three scores, the text and its limit; the administrator's
// queue and decisions; a partner's reply and flag. The forms and the procedures share them.
import { z } from './zod';
import { ZLinkToken } from './link-token';

/** The longest review text, shown with a counter on the form. */
export const REVIEW_BODY_MAX = 2000;
/** The longest partner reply, and an administrator's or partner's reason. */
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REASON_MAX = 500;
/** A review link works this long after it is sent; the author may edit a review this long after writing it. */
export const REVIEW_LINK_DAYS = 30;
export const REVIEW_EDIT_DAYS = 7;

/** The three scores besides the overall stars, in the order the form and the lot page show them. */
export const REVIEW_SCORES = [
  { key: 'waitScore', label: 'Shuttle or access wait' },
  { key: 'describedScore', label: 'Lot as described' },
  { key: 'staffScore', label: 'Staff' },
] as const;

const stars = (label: string) =>
  z.coerce
    .number({ error: `Please rate the ${label.toLowerCase()} from 1 to 5 stars` })
    .int(`Please rate the ${label.toLowerCase()} from 1 to 5 stars`)
    .min(1, `Please rate the ${label.toLowerCase()} from 1 to 5 stars`)
    .max(5, `Please rate the ${label.toLowerCase()} from 1 to 5 stars`);

const confirmationNumber = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => v.toUpperCase());

/**
 * Which stay: `token` alone is the e-mail's review link; with `confirmationNumber` the token is the booking's
 * manage link (or absent, for its owner signed in).
 */
export const ZReviewRef = z.object({
  token: ZLinkToken.optional(),
  confirmationNumber: confirmationNumber.optional(),
});
export type TReviewRef = z.input<typeof ZReviewRef>;

export const ZReviewFields = z.object({
  overall: stars('Stay overall'),
  waitScore: stars('Shuttle or access wait'),
  describedScore: stars('Lot as described'),
  staffScore: stars('Staff'),
  body: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX, `Please keep your review to ${REVIEW_BODY_MAX.toLocaleString('en-US')} characters`)
    .default(''),
});
export type TReviewFields = z.input<typeof ZReviewFields>;

export const ZReviewInput = ZReviewRef.extend(ZReviewFields.shape);
export type TReviewInput = z.input<typeof ZReviewInput>;

const id = z.coerce.number().int().positive();

export const ZProviderReviews = z.object({
  providerId: id,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const ZAdminReviewsInput = z
  .object({
    status: z.enum(['pending', 'flagged', 'published', 'rejected']).default('pending'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .default({ status: 'pending', page: 1 });

export const ZReviewId = z.object({ id });

const reason = (what: string) =>
  z
    .string({ error: `Please give a ${what}` })
    .trim()
    .min(3, `Please give a ${what}`)
    .max(REVIEW_REASON_MAX, `Please keep the ${what} to ${REVIEW_REASON_MAX} characters`);

export const ZRejectReview = ZReviewId.extend({ reason: reason('reason the author will see') });

export const ZPartnerReviewsInput = z.object({ partnerId: id.optional(), page: z.coerce.number().int().min(1).max(1000).default(1) }).default({ page: 1 });
export const ZReplyReview = ZReviewId.extend({
  partnerId: id.optional(),
  body: z
    .string({ error: 'Please write a reply' })
    .trim()
    .min(2, 'Please write a reply')
    .max(REVIEW_REPLY_MAX, `Please keep your reply to ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`),
});
export const ZFlagReview = ZReviewId.extend({ partnerId: id.optional(), reason: reason('reason for the administrator') });
