// First-party analytics: anonymous events from our own pages (no third-party script, no personal data).
// The server derives the device type from the user agent, keeps only the referrer's host, takes the country
// from a trusted proxy header when there is one, drops bots and Do-Not-Track requests, and prunes old events.
import { and, count, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jsonText, millisBetween } from '../../db/dialect';
import { analyticsEvents } from '../../db/schema';

export const EVENT_NAMES = ['page_view', 'search', 'sign_up', 'booking_attempted', 'booking_completed', 'purchase_complete', 'blog_view', 'blog_share', 'blog_copy_link'] as const;

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|headless|lighthouse|pingdom|uptime|curl|wget|python-requests|httpclient|axios|node-fetch|go-http/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

export function deviceType(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The referrer's host when it is another site; our own pages are not referrers. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.replace(/^www\./, '');
    return host && host !== ownHost.replace(/^www\./, '') ? host : null;
  } catch {
    return null;
  }
}

export interface IncomingEvent {
  name: (typeof EVENT_NAMES)[number];
  path?: string;
  referrer?: string;
  props?: Record<string, string | number | boolean>;
  /** Milliseconds since the epoch on the visitor's clock; clamped to the server's view of now. */
  at?: number;
}

export async function recordEvents(
  db: DB,
  batch: { visitorId: string; sessionId: string; events: IncomingEvent[] },
  request: { userAgent?: string; country?: string | null; doNotTrack: boolean; host: string },
  now = Date.now(),
) {
  if (request.doNotTrack || isBot(request.userAgent)) return { accepted: 0 };
  const device = deviceType(request.userAgent!);
  const rows = batch.events.map((e) => ({
    name: e.name,
    visitorId: batch.visitorId,
    sessionId: batch.sessionId,
    path: e.path ? e.path.split('?')[0]!.slice(0, 300) : null,
    referrerHost: referrerHost(e.referrer, request.host),
    deviceType: device,
    country: request.country ?? null,
    props: e.props ?? null,
    // A visitor's clock may be off: accept the last 24 hours, otherwise use now.
    occurredAt: new Date(e.at && e.at <= now && e.at > now - 86_400_000 ? e.at : now),
  }));
  if (rows.length) await db.insert(analyticsEvents).values(rows);
  return { accepted: rows.length };
}

/** Deletes events older than the retention period; answers how many went. */
export async function pruneEvents(db: DB, retentionDays: number, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.occurredAt, new Date(now - retentionDays * 86_400_000)))
    .returning({ id: analyticsEvents.id });
  return gone.length;
}

// ---------------------------------------------------------------------------------------------------------
// Website analytics (spec section 3: Website analytics), over the last `days` days.

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

export async function websiteAnalytics(db: DB, days = 30, now = Date.now()) {
  const e = analyticsEvents;
  const since = new Date(now - days * 86_400_000);
  const inWindow = gt(e.occurredAt, since);
  const views = and(inWindow, eq(e.name, 'page_view'));
  const visitors = sql<number>`count(distinct ${e.visitorId})`.mapWith(Number);

  const [totals] = await db
    .select({ pageViews: count(), visitors, sessions: sql<number>`count(distinct ${e.sessionId})`.mapWith(Number) })
    .from(e)
    .where(views);
  const [live] = await db
    .select({ n: visitors })
    .from(e)
    .where(gt(e.occurredAt, new Date(now - 5 * 60_000)));
  const realTimeVisitors = live?.n ?? 0;

  // Sessions: length from first to last event; a bounce is a session with one page view.
  const sessions = await db
    .select({
      views: sql<number>`sum(case when ${e.name} = 'page_view' then 1 else 0 end)`.mapWith(Number),
      ms: millisBetween(sql`min(${e.occurredAt})`, sql`max(${e.occurredAt})`),
    })
    .from(e)
    .where(inWindow)
    .groupBy(e.sessionId);
  const bounces = sessions.filter((s) => s.views <= 1).length;
  const averageSessionDuration = sessions.length ? Math.round(sessions.reduce((s, x) => s + x.ms / 1000, 0) / sessions.length) : 0;

  const topPages = (await db.select({ page: e.path, views: count(), visitors }).from(e).where(views).groupBy(e.path).orderBy(desc(count()), e.path).limit(5)).map((r) => ({
    page: r.page ?? '/',
    views: r.views,
    visitors: r.visitors,
  }));

  const referrers = await db
    .select({ source: e.referrerHost, visitors })
    .from(e)
    .where(and(views, isNotNull(e.referrerHost)))
    .groupBy(e.referrerHost)
    .orderBy(desc(visitors), e.referrerHost);
  const referred = referrers.reduce((s, r) => s + r.visitors, 0);
  const topReferrers = referrers.slice(0, 5).map((r) => ({ source: r.source!, visitors: r.visitors, percentage: pct(r.visitors, referred) }));

  // Traffic sources: search engines, social, other sites, and direct (no referrer).
  const trafficSources: Record<string, number> = { direct: 0, search: 0, social: 0, referral: 0 };
  // Each session's source is the referrer of its first page view.
  const firstBySession = new Map<string, string | null>();
  for (const v of await db.select({ session: e.sessionId, host: e.referrerHost }).from(e).where(views).orderBy(e.occurredAt, e.id)) {
    if (!firstBySession.has(v.session)) firstBySession.set(v.session, v.host);
  }
  for (const host of firstBySession.values()) {
    const kind = !host
      ? 'direct'
      : /google|bing|duckduckgo|yahoo|ecosia|baidu/.test(host)
        ? 'search'
        : /facebook|instagram|twitter|x\.com|t\.co|linkedin|reddit|pinterest|tiktok|youtube/.test(host)
          ? 'social'
          : 'referral';
    trafficSources[kind]! += 1;
  }

  const geo = await db
    .select({ country: e.country, visitors })
    .from(e)
    .where(and(views, isNotNull(e.country)))
    .groupBy(e.country)
    .orderBy(desc(visitors), e.country);
  const located = geo.reduce((s, g) => s + g.visitors, 0);
  const geoData = geo.slice(0, 5).map((g) => ({ country: g.country!, visitors: g.visitors, percentage: pct(g.visitors, located) }));

  const devices = await db.select({ device: e.deviceType, n: visitors }).from(e).where(views).groupBy(e.deviceType);
  const deviceTotal = devices.reduce((s, d) => s + d.n, 0);
  const deviceTypes = Object.fromEntries(devices.map((d) => [d.device ?? 'unknown', pct(d.n, deviceTotal)]));

  // On-site search terms: how often each was searched (impressions) and how often a result was picked (clicks).
  const term = sql<string>`lower(${jsonText(e.props, 'location')})`;
  const impressions = sql<number>`sum(case when ${e.name} = 'search' then 1 else 0 end)`.mapWith(Number);
  const searchTerms = await db
    .select({ term, impressions, clicks: sql<number>`sum(case when ${e.name} = 'booking_attempted' then 1 else 0 end)`.mapWith(Number) })
    .from(e)
    .where(and(inWindow, inArray(e.name, ['search', 'booking_attempted']), isNotNull(jsonText(e.props, 'location'))))
    .groupBy(term)
    .orderBy(desc(impressions), term)
    .limit(5);

  return {
    totalVisitors: totals?.sessions ?? 0,
    uniqueVisitors: totals?.visitors ?? 0,
    pageViews: totals?.pageViews ?? 0,
    totalSessions: totals?.sessions ?? 0,
    realTimeVisitors,
    trafficSources,
    topPages,
    topReferrers,
    geoData,
    bounceRate: pct(bounces, sessions.length),
    averageSessionDuration,
    deviceTypes,
    searchTerms,
  };
}
