// REST paths of reviews (rows of the REST table, no logic): a lot's published reviews, writing a review with the
// link's token (or the booking's), the administrator's queue and decisions, and a partner's reply and flag.
import type { RestRoute } from '../../rest/adapter';

const body = (b: unknown) => (b && typeof b === 'object' ? b : {});
const scope = (query: Record<string, string>) => (query.partnerId ? { partnerId: query.partnerId } : {});

export const reviewRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/providers/:id/reviews',
    procedure: 'reviews.forProvider',
    input: ({ params, query }) => ({ providerId: params.id, page: query.page || undefined, pageSize: query.pageSize || undefined }),
  },
  {
    method: 'GET',
    path: '/api/reviews/form',
    procedure: 'reviews.form',
    input: ({ query }) => ({ token: query.token || undefined, confirmationNumber: query.confirmationNumber || undefined }),
  },
  { method: 'POST', path: '/api/reviews', procedure: 'reviews.submit', status: 201 },
  { method: 'PATCH', path: '/api/reviews', procedure: 'reviews.update' },

  { method: 'GET', path: '/api/admin/reviews', procedure: 'adminReviews.list', input: ({ query }) => ({ status: query.status || undefined, page: query.page || undefined }) },
  { method: 'POST', path: '/api/admin/reviews/:id/approve', procedure: 'adminReviews.approve', input: ({ params }) => ({ id: params.id }) },
  { method: 'POST', path: '/api/admin/reviews/:id/reject', procedure: 'adminReviews.reject', input: ({ params, body: b }) => ({ ...body(b), id: params.id }) },

  { method: 'GET', path: '/api/partner/reviews', procedure: 'partnerReviews.list', input: ({ query }) => ({ ...scope(query), page: query.page || undefined }) },
  {
    method: 'POST',
    path: '/api/partner/reviews/:id/reply',
    procedure: 'partnerReviews.reply',
    input: ({ params, query, body: b }) => ({ ...body(b), ...scope(query), id: params.id }),
  },
  {
    method: 'POST',
    path: '/api/partner/reviews/:id/flag',
    procedure: 'partnerReviews.flag',
    input: ({ params, query, body: b }) => ({ ...body(b), ...scope(query), id: params.id }),
  },
];
