// The REST table: every documented /api/* path and the procedure that answers it (no logic here).
import type { RestRoute } from './adapter';
import { catalogueAdminRestRoutes } from '../modules/catalogue-admin/rest';
import { lotPhotoRestRoutes } from '../modules/lot-photos/rest';
import { lotDayRestRoutes } from '../modules/lot-days/rest';
import { gateRestRoutes } from '../modules/gate/rest';
import { partnerRestRoutes } from '../modules/partners/rest';
import { reviewRestRoutes } from '../modules/reviews/rest';
import { walletRestRoutes } from '../modules/wallet/rest';

export const restRoutes: readonly RestRoute[] = [
  { method: 'GET', path: '/api/config', procedure: 'system.config' },
  {
    method: 'GET',
    path: '/api/locations',
    procedure: 'catalogue.listLocations',
    input: ({ query }) => ({ kind: query.kind || undefined, region: query.region || undefined, q: query.q || undefined }),
  },
  { method: 'GET', path: '/api/locations/stats', procedure: 'catalogue.stats' },
  { method: 'GET', path: '/api/locations/:slug', procedure: 'catalogue.getLocation', input: ({ params }) => ({ slug: params.slug }) },

  { method: 'GET', path: '/api/providers/:slug', procedure: 'catalogue.getProvider', input: ({ params }) => ({ slug: params.slug }) },

  // Search (spec section 7)
  {
    method: 'GET',
    path: '/api/search',
    procedure: 'search.providers',
    input: ({ query }) => ({ ...query, location: query.location ?? '' }),
    // `choices`: a state or region ('florida') is answered with its places to choose from (location null).
    output: (r) => ({ success: true, location: r.location, providers: r.providers, choices: r.choices }),
  },
  {
    method: 'GET',
    path: '/api/parking/search',
    procedure: 'search.providers',
    input: ({ query }) => ({ ...query, location: query.location ?? '', arrivalDate: query.startDate, departureDate: query.endDate }),
    output: (r) => r.providers,
  },
  { method: 'GET', path: '/api/search-history', procedure: 'search.history' },
  { method: 'POST', path: '/api/chat', procedure: 'chat.send' },
  { method: 'GET', path: '/api/seo/page/:slug', procedure: 'seo.page', input: ({ params }) => ({ slug: params.slug }) },

  // Support (spec section 7)
  { method: 'POST', path: '/api/support/chat', procedure: 'support.chat' },
  { method: 'POST', path: '/api/support/refund', procedure: 'support.refund' },
  { method: 'POST', path: '/api/support/receipt', procedure: 'support.receipt' },
  { method: 'POST', path: '/api/support/contact-property', procedure: 'support.contactProperty' },

  // Bookings (spec section 7)
  { method: 'POST', path: '/api/bookings/estimate', procedure: 'bookings.estimate' },
  {
    method: 'POST',
    path: '/api/bookings/automated',
    procedure: 'bookings.create',
    input: ({ body, headers }) => ({ ...(body as object), idempotencyKey: headers['idempotency-key'] ?? (body as { idempotencyKey?: string } | undefined)?.idempotencyKey }),
    envelope: true,
  },
  { method: 'GET', path: '/api/bookings/history', procedure: 'bookings.history' },
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/view',
    procedure: 'bookings.getByLink',
    input: ({ params, query }) => ({ confirmationNumber: params.confirmationNumber, token: query.token ?? '' }),
  },
  // Managing a booking from any device (the owner's session, or ?token= from the e-mail's link)
  { method: 'POST', path: '/api/bookings/manage-link', procedure: 'bookings.requestManageLink' },
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/manage',
    procedure: 'bookings.manage',
    input: ({ params, query }) => ({ confirmationNumber: params.confirmationNumber, token: query.token || undefined }),
  },
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/change-quote',
    procedure: 'bookings.quoteChange',
    input: ({ params, query }) => ({
      confirmationNumber: params.confirmationNumber,
      token: query.token || undefined,
      arrivalDate: query.arrivalDate,
      departureDate: query.departureDate,
    }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:confirmationNumber/change',
    procedure: 'bookings.changeDates',
    input: ({ params, body, headers }) => ({
      ...(body as object),
      confirmationNumber: params.confirmationNumber,
      idempotencyKey: headers['idempotency-key'] ?? (body as { idempotencyKey?: string } | undefined)?.idempotencyKey,
    }),
  },
  {
    method: 'PATCH',
    path: '/api/bookings/:confirmationNumber/vehicle',
    procedure: 'bookings.changeVehicle',
    input: ({ params, body }) => ({ ...(body as object), confirmationNumber: params.confirmationNumber }),
  },
  {
    method: 'PATCH',
    path: '/api/bookings/:confirmationNumber/travel',
    procedure: 'bookings.changeTravel',
    input: ({ params, body }) => ({ ...(body as object), confirmationNumber: params.confirmationNumber }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:confirmationNumber/overstay/pay',
    procedure: 'bookings.payOverstay',
    input: ({ params, body, headers }) => ({
      ...(body as object),
      confirmationNumber: params.confirmationNumber,
      idempotencyKey: headers['idempotency-key'] ?? (body as { idempotencyKey?: string } | undefined)?.idempotencyKey,
    }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:confirmationNumber/cancel',
    procedure: 'bookings.cancelManaged',
    input: ({ params, body }) => ({ ...(body as object), confirmationNumber: params.confirmationNumber }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:confirmationNumber/end-links',
    procedure: 'bookings.endLinks',
    input: ({ params, body }) => ({ ...(body as object), confirmationNumber: params.confirmationNumber }),
  },
  // The pass a device keeps for offline opening (the service worker, sw.js): the QR as a data URL, plate, dates, lot
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/offline-pass',
    procedure: 'bookings.offlinePass',
    input: ({ params, query }) => ({ confirmationNumber: params.confirmationNumber, token: query.token || undefined }),
  },
  // The parking guarantee: the nearby lots with space (GET), then a move or a full refund (POST, Idempotency-Key)
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/guarantee',
    procedure: 'bookings.guarantee',
    input: ({ params, query }) => ({ confirmationNumber: params.confirmationNumber, token: query.token || undefined }),
  },
  {
    method: 'POST',
    path: '/api/bookings/:confirmationNumber/guarantee',
    procedure: 'bookings.claimGuarantee',
    input: ({ params, body, query, headers }) => ({
      ...(body as object),
      confirmationNumber: params.confirmationNumber,
      token: (body as { token?: string } | undefined)?.token ?? (query.token || undefined),
      idempotencyKey: headers['idempotency-key'] ?? (body as { idempotencyKey?: string } | undefined)?.idempotencyKey,
    }),
  },
  // Wallet passes: the signed .pkpass (application/vnd.apple.pkpass) and the Google Wallet save link ({ saveUrl })
  ...walletRestRoutes,
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber',
    procedure: 'bookings.get',
    input: ({ params }) => ({ confirmationNumber: params.confirmationNumber }),
  },
  {
    method: 'PATCH',
    path: '/api/bookings/:id/status',
    procedure: 'bookings.updateStatus',
    input: ({ params, body }) => ({ ...(body as object), id: params.id }),
    envelope: true,
  },

  // Payments (spec section 7)
  {
    method: 'POST',
    path: '/api/payments/information-access',
    procedure: 'payments.createInformationAccess',
    input: ({ body, headers }) => ({ ...(body as object), idempotencyKey: headers['idempotency-key'] ?? (body as { idempotencyKey?: string } | undefined)?.idempotencyKey }),
  },
  { method: 'POST', path: '/api/payments/information-access/complete', procedure: 'payments.completeInformationAccess' },
  { method: 'POST', path: '/api/payments/sandbox/confirm', procedure: 'payments.confirmSandbox' },
  {
    method: 'GET',
    path: '/api/payments/check-access/:location',
    procedure: 'payments.checkAccess',
    input: ({ params }) => ({ location: params.location }),
  },

  // Saved cards (spec section 7)
  { method: 'GET', path: '/api/payment-methods', procedure: 'paymentMethods.list', output: (list) => ({ payment_methods: list }) },
  { method: 'POST', path: '/api/payment-methods', procedure: 'paymentMethods.add', output: (pm) => ({ payment_method: pm }), status: 201 },
  { method: 'DELETE', path: '/api/payment-methods/:id', procedure: 'paymentMethods.remove', input: ({ params }) => ({ id: params.id }) },
  { method: 'PUT', path: '/api/payment-methods/:id/default', procedure: 'paymentMethods.setDefault', input: ({ params }) => ({ id: params.id }) },
  { method: 'POST', path: '/api/payments/sandbox/payment-methods', procedure: 'paymentMethods.createSandbox' },

  // Blog (spec section 7)
  { method: 'GET', path: '/api/blog/posts', procedure: 'blog.posts' },
  { method: 'GET', path: '/api/blog/categories', procedure: 'blog.categories' },
  { method: 'GET', path: '/api/blog/categories/:slug', procedure: 'blog.category', input: ({ params }) => ({ slug: params.slug }) },
  { method: 'GET', path: '/api/blog/featured', procedure: 'blog.featured' },
  { method: 'GET', path: '/api/blog/post/:slug', procedure: 'blog.post', input: ({ params }) => ({ slug: params.slug }) },
  { method: 'GET', path: '/api/blog/related/:postId', procedure: 'blog.related', input: ({ params, query }) => ({ postId: params.postId, category: query.category }) },
  { method: 'POST', path: '/api/blog/post/:postId/view', procedure: 'blog.view', input: ({ params }) => ({ postId: params.postId }) },

  // Admin: blog (spec section 7)
  { method: 'POST', path: '/api/admin/blog/approve/:postId', procedure: 'adminBlog.approve', input: ({ params, body }) => ({ ...(body as object), postId: params.postId }) },
  { method: 'DELETE', path: '/api/admin/blog/reject/:postId', procedure: 'adminBlog.reject', input: ({ params }) => ({ postId: params.postId }) },
  { method: 'GET', path: '/api/admin/blog/schedule', procedure: 'adminBlog.schedule' },
  { method: 'GET', path: '/api/admin/blog/recent', procedure: 'adminBlog.recent' },
  { method: 'POST', path: '/api/admin/blog/schedule/start', procedure: 'adminBlog.startSchedule' },
  { method: 'POST', path: '/api/admin/blog/schedule/stop', procedure: 'adminBlog.stopSchedule' },
  { method: 'POST', path: '/api/admin/blog/reset-topics', procedure: 'adminBlog.resetTopics' },
  { method: 'POST', path: '/api/admin/blog/generate-now', procedure: 'adminBlog.generateNow' },

  // Admin (spec section 7)
  { method: 'GET', path: '/api/admin/dashboard/stats', procedure: 'admin.dashboardStats' },
  { method: 'GET', path: '/api/admin/bookings', procedure: 'admin.bookings' },
  { method: 'GET', path: '/api/admin/guarantee-claims', procedure: 'admin.guaranteeClaims' },
  { method: 'GET', path: '/api/admin/analytics', procedure: 'admin.analytics' },
  { method: 'GET', path: '/api/admin/users/stats', procedure: 'admin.userStats' },
  { method: 'GET', path: '/api/admin/users/search', procedure: 'admin.searchUsers', input: ({ query }) => ({ q: query.q ?? '' }) },
  { method: 'GET', path: '/api/admin/users/:id', procedure: 'admin.user', input: ({ params }) => ({ id: params.id }) },
  { method: 'GET', path: '/api/admin/seo', procedure: 'admin.seo' },
  { method: 'GET', path: '/api/admin/seo-reports/history', procedure: 'admin.seoReportHistory' },
  { method: 'POST', path: '/api/admin/generate-seo-report', procedure: 'admin.generateSeoReport' },
  { method: 'POST', path: '/api/admin/seo/regenerate-sitemap', procedure: 'admin.regenerateSitemap' },
  { method: 'POST', path: '/api/admin/seo/analyze-content', procedure: 'admin.analyzeContent' },
  { method: 'POST', path: '/api/admin/seo/check-page-speed', procedure: 'admin.checkPageSpeed' },
  { method: 'GET', path: '/api/admin/jobs', procedure: 'admin.jobs' },
  { method: 'POST', path: '/api/admin/jobs/:id/retry', procedure: 'admin.retryJob', input: ({ params }) => ({ id: params.id }) },

  // First-party analytics (batched by the client with navigator.sendBeacon)
  { method: 'POST', path: '/api/analytics/events', procedure: 'analytics.track', status: 200 },

  // Authentication and account (spec section 7)
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me', output: (user) => ({ user }) },
  { method: 'POST', path: '/api/auth/register', procedure: 'auth.register', output: (user) => ({ user }), status: 201 },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', output: (user) => ({ user }) },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout' },
  { method: 'POST', path: '/api/auth/change-password', procedure: 'auth.changePassword' },
  { method: 'GET', path: '/api/auth/verify-email', procedure: 'auth.verifyEmail', input: ({ query }) => ({ token: query.token ?? '' }) },
  { method: 'POST', path: '/api/auth/resend-verification', procedure: 'auth.resendVerification' },
  { method: 'POST', path: '/api/auth/forgot-password', procedure: 'auth.forgotPassword' },
  { method: 'POST', path: '/api/auth/reset-password', procedure: 'auth.resetPassword' },
  { method: 'PUT', path: '/api/profile', procedure: 'profile.update', input: ({ body }) => body ?? {}, output: (user) => ({ user }) },
  { method: 'GET', path: '/api/profile/preferences', procedure: 'profile.preferences' },
  { method: 'PUT', path: '/api/profile/preferences', procedure: 'profile.updatePreferences', input: ({ body }) => body ?? {} },
  { method: 'GET', path: '/api/profile/credits', procedure: 'profile.credits', input: () => undefined },

  // The catalogue back office, lot photos, days, the gate and lot staff, partners (each module keeps its rows).
  ...catalogueAdminRestRoutes,
  ...lotPhotoRestRoutes,
  ...lotDayRestRoutes,
  ...gateRestRoutes,
  ...partnerRestRoutes,
  ...reviewRestRoutes,
];
