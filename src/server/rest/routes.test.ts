// The REST table stays honest: every row names a real procedure, and the spec's paths are covered.
import { describe, expect, it } from 'vitest';
import { procedureExists } from './adapter';
import { restRoutes } from './routes';

describe('REST table', () => {
  it('names a real procedure in every row', () => {
    for (const row of restRoutes) expect(procedureExists(row.procedure), `${row.method} ${row.path} → ${row.procedure}`).toBe(true);
  });

  it('has no duplicate method and path', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // Spec section 7, the paths whose issues have landed (the remaining admin paths join with the admin issue).
  it.each([
    'GET /api/auth/me',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/change-password',
    'PUT /api/profile',
    'GET /api/profile/preferences',
    'PUT /api/profile/preferences',
    'GET /api/parking/search',
    'GET /api/search',
    'GET /api/search-history',
    'POST /api/chat',
    'GET /api/seo/page/:slug',
    'POST /api/payments/information-access',
    'GET /api/payments/check-access/:location',
    'POST /api/bookings/estimate',
    'POST /api/bookings/automated',
    'GET /api/bookings/history',
    'PATCH /api/bookings/:id/status',
    'POST /api/support/chat',
    'POST /api/support/refund',
    'POST /api/support/receipt',
    'POST /api/support/contact-property',
    'GET /api/payment-methods',
    'POST /api/payment-methods',
    'DELETE /api/payment-methods/:id',
    'PUT /api/payment-methods/:id/default',
    'GET /api/blog/posts',
    'GET /api/blog/categories',
    'GET /api/blog/featured',
    'GET /api/blog/post/:slug',
    'GET /api/blog/related/:postId',
    'POST /api/blog/post/:postId/view',
    'POST /api/admin/blog/approve/:postId',
    'DELETE /api/admin/blog/reject/:postId',
    'GET /api/admin/blog/schedule',
    'GET /api/admin/blog/recent',
    'POST /api/admin/blog/schedule/start',
    'POST /api/admin/blog/schedule/stop',
    'POST /api/admin/blog/reset-topics',
    'POST /api/admin/blog/generate-now',
  ])('maps %s', (key) => {
    expect(restRoutes.some((r) => `${r.method} ${r.path}` === key)).toBe(true);
  });

  it('does not accept an unknown procedure', () => {
    expect(procedureExists('catalogue.nope')).toBe(false);
  });
});
