// First-party analytics: anonymous events from our own pages (no third-party script, no personal data).
// The server derives the device type from the user agent, keeps only the referrer's host, takes the country
// from a trusted proxy header when there is one, drops bots and Do-Not-Track requests, and prunes old events.
import { and, gt, lt, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export const EVENT_NAMES = [
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

export function recordEvents(
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
  if (rows.length) db.insert(analyticsEvents).values(rows).run();
  return { accepted: rows.length };
}

export function pruneEvents(db: DB, retentionDays: number, now = Date.now()) {
  return db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, new Date(now - retentionDays * 86_400_000))).run().changes;
}

// ---------------------------------------------------------------------------------------------------------
// Website analytics (spec section 3: Website analytics), over the last `days` days.

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

export function websiteAnalytics(db: DB, days = 30, now = Date.now()) {
  const since = new Date(now - days * 86_400_000);
  const inWindow = gt(analyticsEvents.occurredAt, since);
  const views = and(inWindow, sql`${analyticsEvents.name} = 'page_view'`);
  const one = <T>(q: { get: () => T | undefined }) => q.get()!;

  const totals = one(
    db
      .select({
        pageViews: sql<number>`count(*)`,
        visitors: sql<number>`count(distinct ${analyticsEvents.visitorId})`,
        sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})`,
      })
      .from(analyticsEvents)
      .where(views),
  );
  const realTimeVisitors = one(
    db
      .select({ n: sql<number>`count(distinct ${analyticsEvents.visitorId})` })
      .from(analyticsEvents)
      .where(gt(analyticsEvents.occurredAt, new Date(now - 5 * 60_000))),
  ).n;

  // Sessions: length from first to last event; a bounce is a session with one page view.
  const sessions = db
    .select({
      views: sql<number>`sum(case when ${analyticsEvents.name} = 'page_view' then 1 else 0 end)`,
      seconds: sql<number>`(max(${analyticsEvents.occurredAt}) - min(${analyticsEvents.occurredAt})) / 1000.0`,
    })
    .from(analyticsEvents)
    .where(inWindow)
    .groupBy(analyticsEvents.sessionId)
    .all();
  const bounces = sessions.filter((s) => s.views <= 1).length;
  const averageSessionDuration = sessions.length ? Math.round(sessions.reduce((s, x) => s + x.seconds, 0) / sessions.length) : 0;

  const topPages = db
    .select({ page: analyticsEvents.path, views: sql<number>`count(*)`, visitors: sql<number>`count(distinct ${analyticsEvents.visitorId})` })
    .from(analyticsEvents)
    .where(views)
    .groupBy(analyticsEvents.path)
    .orderBy(sql`count(*) desc`)
    .limit(5)
    .all()
    .map((r) => ({ page: r.page ?? '/', views: r.views, visitors: r.visitors }));

  const referrers = db
    .select({ source: analyticsEvents.referrerHost, visitors: sql<number>`count(distinct ${analyticsEvents.visitorId})` })
    .from(analyticsEvents)
    .where(and(views, sql`${analyticsEvents.referrerHost} is not null`))
    .groupBy(analyticsEvents.referrerHost)
    .orderBy(sql`count(distinct ${analyticsEvents.visitorId}) desc`)
    .all();
  const referred = referrers.reduce((s, r) => s + r.visitors, 0);
  const topReferrers = referrers.slice(0, 5).map((r) => ({ source: r.source!, visitors: r.visitors, percentage: pct(r.visitors, referred) }));

  // Traffic sources: search engines, social, other sites, and direct (no referrer).
  const trafficSources: Record<string, number> = { direct: 0, search: 0, social: 0, referral: 0 };
  // Each session's source is the referrer of its first page view.
  const firstBySession = new Map<string, string | null>();
  for (const e of db
    .select({ session: analyticsEvents.sessionId, host: analyticsEvents.referrerHost })
    .from(analyticsEvents)
    .where(views)
    .orderBy(analyticsEvents.occurredAt)
    .all()) {
    if (!firstBySession.has(e.session)) firstBySession.set(e.session, e.host);
  }
  const entries = [...firstBySession.values()].map((host) => ({ host }));
  for (const { host } of entries) {
    const kind = !host ? 'direct' : /google|bing|duckduckgo|yahoo|ecosia|baidu/.test(host) ? 'search' : /facebook|instagram|twitter|x\.com|t\.co|linkedin|reddit|pinterest|tiktok|youtube/.test(host) ? 'social' : 'referral';
    trafficSources[kind]! += 1;
  }

  const geo = db
    .select({ country: analyticsEvents.country, visitors: sql<number>`count(distinct ${analyticsEvents.visitorId})` })
    .from(analyticsEvents)
    .where(and(views, sql`${analyticsEvents.country} is not null`))
    .groupBy(analyticsEvents.country)
    .orderBy(sql`count(distinct ${analyticsEvents.visitorId}) desc`)
    .all();
  const located = geo.reduce((s, g) => s + g.visitors, 0);
  const geoData = geo.slice(0, 5).map((g) => ({ country: g.country!, visitors: g.visitors, percentage: pct(g.visitors, located) }));

  const devices = db
    .select({ device: analyticsEvents.deviceType, n: sql<number>`count(distinct ${analyticsEvents.visitorId})` })
    .from(analyticsEvents)
    .where(views)
    .groupBy(analyticsEvents.deviceType)
    .all();
  const deviceTotal = devices.reduce((s, d) => s + d.n, 0);
  const deviceTypes = Object.fromEntries(devices.map((d) => [d.device ?? 'unknown', pct(d.n, deviceTotal)]));

  // On-site search terms: how often each was searched (impressions) and how often a result was picked (clicks).
  const searchTerms = db
    .select({
      term: sql<string>`lower(json_extract(${analyticsEvents.props}, '$.location'))`,
      impressions: sql<number>`sum(case when ${analyticsEvents.name} = 'search' then 1 else 0 end)`,
      clicks: sql<number>`sum(case when ${analyticsEvents.name} = 'booking_attempted' then 1 else 0 end)`,
    })
    .from(analyticsEvents)
    .where(and(inWindow, sql`${analyticsEvents.name} in ('search', 'booking_attempted')`, sql`json_extract(${analyticsEvents.props}, '$.location') is not null`))
    .groupBy(sql`lower(json_extract(${analyticsEvents.props}, '$.location'))`)
    .orderBy(sql`2 desc`)
    .limit(5)
    .all();

  return {
    totalVisitors: totals.sessions,
    uniqueVisitors: totals.visitors,
    pageViews: totals.pageViews,
    totalSessions: totals.sessions,
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
