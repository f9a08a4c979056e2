// The app router: one sub-router per domain. The client imports only `type AppRouter`.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter, profileRouter } from '../modules/auth/router';
import { searchRouter } from '../modules/search/router';
import { paymentsRouter } from '../modules/payments/router';
import { bookingsRouter } from '../modules/bookings/router';
import { paymentMethodsRouter } from '../modules/payment-methods/router';
import { chatRouter } from '../modules/chat/router';
import { supportRouter } from '../modules/support/router';
import { adminBlogRouter, blogRouter } from '../modules/blog/router';
import { adminRouter } from '../modules/admin/router';
import { analyticsRouter } from '../modules/analytics/router';
import { seoRouter } from '../modules/seo/router';
import { catalogueRouter } from '../modules/catalogue/router';
import { systemRouter } from '../modules/system/router';
import { adminCatalogueRouter } from '../modules/catalogue-admin/router';
import { adminPhotosRouter } from '../modules/lot-photos/router';
import { lotDaysRouter } from '../modules/lot-days/router';
import { adminStaffRouter, gateRouter } from '../modules/gate/router';
import { adminPartnersRouter, partnerRouter } from '../modules/partners/router';
import { adminReviewsRouter, partnerReviewsRouter, reviewsRouter } from '../modules/reviews/router';
import { walletRouter } from '../modules/wallet/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  system: systemRouter,
  adminPartners: adminPartnersRouter,
  partner: partnerRouter,
  auth: authRouter,
  profile: profileRouter,
  catalogue: catalogueRouter,
  search: searchRouter,
  payments: paymentsRouter,
  bookings: bookingsRouter,
  paymentMethods: paymentMethodsRouter,
  chat: chatRouter,
  support: supportRouter,
  blog: blogRouter,
  adminBlog: adminBlogRouter,
  admin: adminRouter,
  analytics: analyticsRouter,
  seo: seoRouter,
  adminCatalogue: adminCatalogueRouter,
  adminPhotos: adminPhotosRouter,
  lotDays: lotDaysRouter,
  gate: gateRouter,
  adminStaff: adminStaffRouter,
  reviews: reviewsRouter,
  adminReviews: adminReviewsRouter,
  partnerReviews: partnerReviewsRouter,
  wallet: walletRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
