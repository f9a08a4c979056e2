// The administrator's back office: booking and user figures, user lookup, all bookings, website analytics,
// SEO figures computed from the site itself, SEO reports, and the SEO tools. Read-only over live data.
import { and, count, desc, eq, gt, gte, inArray, isNull, like, max, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { likeLower, sumCents } from '../../db/dialect';
import { cents, sum, toDollars } from '@/shared/money';
import { blogCategories, blogPosts, bookings, jobState, locations, parkingProviders, searchHistory, seoPages, seoReports, users } from '../../db/schema';
import { escapeHtml } from '../../integrations/mailer/templates';
import { AppError } from '../../errors';
import { websiteAnalytics } from '../analytics/analytics.service';
import { lotWallClockOrNull } from '../catalogue/lot-time';

export { checkPageSpeed, PAGE_SPEED_FORMULA } from './page-speed';

const DAY = 86_400_000;
const PAID = inArray(bookings.status, ['confirmed', 'completed', 'cancelled']);

// ---------------------------------------------------------------------------------------------------------
// Bookings and users

export async function dashboardStats(db: DB, now = new Date()) {
  const nowWall = now.toISOString().slice(0, 16);
  const startOfDay = new Date(now.toISOString().slice(0, 10));
  const [t] = await db
    .select({
      totalBookings: count(),
      activeBookings: sql<number | null>`sum(case when ${bookings.status} = 'confirmed' and ${bookings.departureDate} > ${nowWall} then 1 else 0 end)`.mapWith(Number),
      todayBookings: sql<number | null>`sum(case when ${gte(bookings.createdAt, startOfDay)} then 1 else 0 end)`.mapWith(Number),
      // Money kept: what was charged, less refunds.
      totalRevenue: sumCents(sql`${bookings.totalFeeCents} - ${bookings.refundedCents}`),
    })
    .from(bookings)
    .where(PAID);
  const popularLocations = await db
    .select({ location: parkingProviders.location, count: count() })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(PAID)
    .groupBy(parkingProviders.location)
    .orderBy(desc(count()), parkingProviders.location)
    .limit(5);
  return {
    totalBookings: t?.totalBookings ?? 0,
    activeBookings: t?.activeBookings ?? 0,
    todayBookings: t?.todayBookings ?? 0,
    /** Dollars. */
    totalRevenue: toDollars(t?.totalRevenue ?? cents(0)),
    currency: 'USD',
    popularLocations,
  };
}

export async function allBookings(db: DB, limit = 500) {
  const rows = await db
    .select({ b: bookings, p: { name: parkingProviders.name, location: parkingProviders.location, distance: parkingProviders.distance }, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(PAID)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return rows.map(({ b, p, state }) => ({
    id: b.id,
    confirmationNumber: b.confirmationNumber,
    status: b.status,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    /** Booked without an account (until an account proves this e-mail and claims it). */
    guest: b.userId === null,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    licensePlate: b.licensePlate,
    provider: p,
    totalFee: toDollars(b.totalFeeCents),
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    createdAt: b.createdAt,
    /** At the gate, as lot-local wall-clock times ('YYYY-MM-DDTHH:mm'). */
    checkedInLocal: lotWallClockOrNull(b.checkedInAt, state),
    checkedOutLocal: lotWallClockOrNull(b.checkedOutAt, state),
  }));
}

const adminUser = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  creditBalance: sql<number>`${users.creditBalanceCents}`.mapWith((v) => toDollars(cents(Number(v)))),
  createdAt: users.createdAt,
};

export async function userStats(db: DB, now = Date.now()) {
  const [totals] = await db
    .select({
      totalUsers: count(),
      newUsers: sql<number | null>`sum(case when ${gt(users.createdAt, new Date(now - 30 * DAY))} then 1 else 0 end)`.mapWith(Number),
    })
    .from(users);
  const [active] = await db
    .select({ n: sql<number>`count(distinct ${bookings.userId})`.mapWith(Number) })
    .from(bookings)
    .where(PAID);
  const recentUsers = await db.select(adminUser).from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(5);
  const topUsers = await db
    .select({
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      bookingCount: count(bookings.id),
      totalSpentCents: sumCents(sql`${bookings.totalFeeCents} - ${bookings.refundedCents}`),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(PAID)
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(count(bookings.id)), sql`sum(${bookings.totalFeeCents}) desc`, users.id)
    .limit(5);
  return {
    totalUsers: totals?.totalUsers ?? 0,
    newUsers: totals?.newUsers ?? 0,
    activeUsers: active?.n ?? 0,
    recentUsers,
    topUsers: topUsers.map(({ totalSpentCents, ...u }) => ({ ...u, /** Dollars. */ totalSpent: toDollars(totalSpentCents) })),
  };
}

export async function searchUsers(db: DB, q: string) {
  const term = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(adminUser)
    .from(users)
    .where(or(likeLower(users.name, term), likeLower(users.email, term), likeLower(users.phone, term)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(20);
}

export async function userDetail(db: DB, id: number) {
  const [user] = await db.select(adminUser).from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const list = await db
    .select({
      id: bookings.id,
      confirmationNumber: bookings.confirmationNumber,
      providerName: parkingProviders.name,
      providerLocation: parkingProviders.location,
      status: bookings.status,
      totalFeeCents: bookings.totalFeeCents,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(and(eq(bookings.userId, id), PAID))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  const [searches] = await db
    .select({ n: count(), last: max(searchHistory.searchedAt) })
    .from(searchHistory)
    .where(eq(searchHistory.userId, id));
  const lastBooking = list[0]?.createdAt.getTime() ?? 0;
  const last = Math.max(lastBooking, searches?.last?.getTime() ?? 0, user.createdAt.getTime());
  return {
    user,
    summary: {
      totalBookings: list.length,
      totalSpent: toDollars(sum(list.filter((b) => b.status !== 'cancelled').map((b) => b.totalFeeCents))),
      totalSearches: searches?.n ?? 0,
      lastActivity: new Date(last),
    },
    bookings: list.map(({ totalFeeCents, ...b }) => ({ ...b, /** Dollars. */ totalFee: toDollars(totalFeeCents) })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sitemap URLs (the sitemap issue serves them; the count and technical checks use them here)

/** Every indexable page at its canonical address (the legal pages are noindex, so not listed). */
/** Every indexable page with the time its content last changed (pages that list others: their newest item). */
export async function publicUrls(db: DB) {
  const places = await db.select({ seoSlug: locations.seoSlug, createdAt: locations.createdAt }).from(locations).orderBy(locations.id);
  const lots = await db.select({ slug: parkingProviders.slug, updatedAt: parkingProviders.updatedAt }).from(parkingProviders).orderBy(parkingProviders.id);
  const posts = await db
    .select({ slug: blogPosts.slug, category: blogPosts.category, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, 1))
    .orderBy(blogPosts.id);
  const categories = await db.select({ slug: blogCategories.slug }).from(blogCategories).where(gt(blogCategories.postCount, 0)).orderBy(blogCategories.id);
  const newest = (dates: Date[], fallback: Date) => dates.reduce((a, b) => (b > a ? b : a), fallback);
  const epoch = new Date(0);
  const catalogue = newest([...places.map((l) => l.createdAt), ...lots.map((p) => p.updatedAt)], epoch);
  const blog = newest(
    posts.map((p) => p.updatedAt),
    epoch,
  );
  const urls: { path: string; lastmod: Date }[] = [
    { path: '/', lastmod: newest([catalogue, blog], epoch) },
    { path: '/locations', lastmod: catalogue },
    { path: '/how-it-works', lastmod: catalogue },
    { path: '/guarantee', lastmod: catalogue },
    { path: '/blog', lastmod: blog },
  ];
  // A place's canonical address is its SEO page (/locations/{slug} shows the same page and points there).
  for (const l of places) urls.push({ path: `/${l.seoSlug}`, lastmod: l.createdAt });
  for (const p of lots) urls.push({ path: `/provider/${p.slug}`, lastmod: p.updatedAt });
  for (const c of categories)
    urls.push({
      path: `/blog/category/${c.slug}`,
      lastmod: newest(
        posts.filter((p) => p.category === c.slug).map((p) => p.updatedAt),
        blog,
      ),
    });
  for (const p of posts) urls.push({ path: `/blog/${p.slug}`, lastmod: p.updatedAt });
  return urls;
}

export async function regenerateSitemap(db: DB) {
  const urlCount = (await publicUrls(db)).length;
  const value = { urlCount, generatedAt: new Date().toISOString() };
  await db
    .insert(jobState)
    .values({ name: 'sitemap', value })
    .onConflictDoUpdate({ target: jobState.name, set: { value, updatedAt: new Date() } });
  return { success: true as const, urlCount, message: `Sitemap Updated: ${urlCount} URLs` };
}

export async function analyzeContent(db: DB) {
  const posts = await db.select({ meta: blogPosts.metaDescription, image: blogPosts.featuredImage, title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.published, 1));
  const [missing] = await db
    .select({ n: count() })
    .from(seoPages)
    .where(or(isNull(seoPages.metaDescription), eq(seoPages.metaDescription, '')));
  const pagesMissingMeta = missing?.n ?? 0;
  return {
    totalPosts: posts.length,
    postsWithoutMetaDescription: posts.filter((p) => !p.meta?.trim()).length,
    postsWithoutImage: posts.filter((p) => !p.image).length,
    postsWithLongTitles: posts.filter((p) => p.title.length > 70).length,
    seoPagesWithoutMetaDescription: pagesMissingMeta,
  };
}

// ---------------------------------------------------------------------------------------------------------
// SEO dashboard and reports

async function technicalChecks(db: DB) {
  const content = await analyzeContent(db);
  const urls = (await publicUrls(db)).length;
  const [state] = await db.select({ value: jobState.value }).from(jobState).where(eq(jobState.name, 'sitemap'));
  const sitemap = state?.value as { urlCount?: number; generatedAt?: string } | undefined;
  const status = [
    { label: 'Sitemap', ok: true, detail: `${urls} public URLs${sitemap?.generatedAt ? `, regenerated ${sitemap.generatedAt.slice(0, 10)}` : ''}` },
    { label: 'Meta descriptions on posts', ok: content.postsWithoutMetaDescription === 0, detail: `${content.postsWithoutMetaDescription} of ${content.totalPosts} posts missing` },
    { label: 'Featured images on posts', ok: content.postsWithoutImage === 0, detail: `${content.postsWithoutImage} of ${content.totalPosts} posts missing` },
    { label: 'Location page descriptions', ok: content.seoPagesWithoutMetaDescription === 0, detail: `${content.seoPagesWithoutMetaDescription} pages missing` },
    { label: 'Server-rendered pages', ok: true, detail: 'Every public page is rendered on the server with its title and description' },
  ];
  const recommendations: { title: string; description: string; action: string; priority: 'high' | 'medium' | 'low' }[] = [];
  if (content.postsWithoutMetaDescription)
    recommendations.push({
      title: 'Add meta descriptions',
      description: `${content.postsWithoutMetaDescription} published posts have no meta description.`,
      action: 'Edit the posts in Blog Management',
      priority: 'high',
    });
  if (content.postsWithoutImage)
    recommendations.push({
      title: 'Add featured images',
      description: `${content.postsWithoutImage} posts have no featured image for search results and social cards.`,
      action: 'Upload an image when approving',
      priority: 'medium',
    });
  if (content.postsWithLongTitles)
    recommendations.push({
      title: 'Shorten long titles',
      description: `${content.postsWithLongTitles} posts have titles over 70 characters, which search results cut off.`,
      action: 'Edit the titles',
      priority: 'low',
    });
  if (content.totalPosts < 30)
    recommendations.push({
      title: 'Publish more guides',
      description: `${content.totalPosts} articles are live; guides for more airports and ports bring more search traffic.`,
      action: 'Start the blog scheduler',
      priority: 'medium',
    });
  recommendations.push({
    title: 'Connect a search-console service',
    description: 'Clicks, impressions, CTR and positions need a verified search-console property.',
    action: 'Verify domain ownership',
    priority: 'low',
  });
  return { status, recommendations, urls, content };
}

export async function seoDashboard(db: DB) {
  const tech = await technicalChecks(db);
  const analytics = await websiteAnalytics(db, 30);
  return {
    // Search performance needs a search-console service, which is not connected offline.
    searchConsoleConnected: false,
    totalClicks: 0,
    totalImpressions: 0,
    averageCTR: 0,
    averagePosition: 0,
    topQueries: [] as { query: string; position: number; clicks: number; impressions: number }[],
    topPages: [] as { page: string; ctr: number; clicks: number; impressions: number }[],
    indexedPages: tech.urls,
    activeUsers: analytics.uniqueVisitors,
    technicalStatus: tech.status,
    recommendations: tech.recommendations,
  };
}

async function buildReport(db: DB, days: number, now: Date) {
  const analytics = await websiteAnalytics(db, days, now.getTime());
  const tech = await technicalChecks(db);
  return {
    timeRange: { startDate: new Date(now.getTime() - days * DAY).toISOString().slice(0, 10), endDate: now.toISOString().slice(0, 10) },
    analytics: {
      totalUsers: analytics.uniqueVisitors,
      totalSessions: analytics.totalSessions,
      pageViews: analytics.pageViews,
      bounceRate: analytics.bounceRate,
      avgSessionDuration: analytics.averageSessionDuration,
      topPages: analytics.topPages.map((p) => ({ page: p.page, views: p.views, users: p.visitors })),
      deviceBreakdown: Object.entries(analytics.deviceTypes).map(([device, percentage]) => ({ device, percentage })),
    },
    searchConsole: { totalClicks: 0, totalImpressions: 0, avgCTR: 0, avgPosition: 0, topQueries: [] as { query: string; clicks: number; ctr: number; position: number }[] },
    technicalSEO: {
      totalPages: tech.urls,
      indexedPages: tech.urls,
      crawlErrors: 0,
      sitemapStatus: 'ok',
      coreWebVitals: { goodPages: tech.urls, needsImprovement: 0, poorPages: 0 },
    },
    recommendations: tech.recommendations.map(({ title, description, action, priority }) => ({ title, description, action, priority })),
  };
}
type SeoReport = Awaited<ReturnType<typeof buildReport>>;

export async function generateSeoReport(db: DB, input: { days: number; format: 'json' | 'html' }, userId: number, now = new Date()) {
  const report: SeoReport = await buildReport(db, input.days, now);
  const [row] = await db.insert(seoReports).values({ periodDays: input.days, format: input.format, generatedBy: userId, report, createdAt: now }).returning({ id: seoReports.id });
  const filename = `seo-report-${now.toISOString().slice(0, 10)}.html`;
  return { id: row!.id, report, ...(input.format === 'html' ? { html: reportHtml(report), filename } : {}) };
}

function reportHtml(r: SeoReport): string {
  const rows = (items: [string, string | number][]) => items.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SEO report ${r.timeRange.startDate} to ${r.timeRange.endDate}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111827}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{text-align:left;border-bottom:1px solid #e5e7eb;padding:.4rem}</style></head><body>
<h1>SEO report</h1><p>${escapeHtml(r.timeRange.startDate)} to ${escapeHtml(r.timeRange.endDate)}</p>
<h2>Analytics</h2><table>${rows([
    ['Users', r.analytics.totalUsers],
    ['Sessions', r.analytics.totalSessions],
    ['Page views', r.analytics.pageViews],
    ['Bounce rate', `${r.analytics.bounceRate}%`],
    ['Average session', `${r.analytics.avgSessionDuration} s`],
  ])}</table>
<h3>Top pages</h3><table>${rows(r.analytics.topPages.map((p) => [p.page, `${p.views} views, ${p.users} users`]))}</table>
<h2>Search console</h2><p>Not connected: verify domain ownership in a search-console service to see clicks, impressions and positions.</p>
<h2>Technical SEO</h2><table>${rows([
    ['Pages', r.technicalSEO.totalPages],
    ['Indexed pages (sitemap)', r.technicalSEO.indexedPages],
    ['Crawl errors', r.technicalSEO.crawlErrors],
    ['Sitemap', r.technicalSEO.sitemapStatus],
  ])}</table>
<h2>Recommendations</h2><ul>${r.recommendations.map((x) => `<li><strong>${escapeHtml(x.title)}</strong> (${x.priority}): ${escapeHtml(x.description)} ${escapeHtml(x.action)}.</li>`).join('')}</ul>
</body></html>`;
}

export async function seoReportHistory(db: DB) {
  return db
    .select({ id: seoReports.id, period: seoReports.periodDays, generatedAt: seoReports.createdAt, generatedBy: users.name, format: seoReports.format, report: seoReports.report })
    .from(seoReports)
    .leftJoin(users, eq(users.id, seoReports.generatedBy))
    .orderBy(desc(seoReports.createdAt), desc(seoReports.id))
    .limit(50);
}

export { like };
