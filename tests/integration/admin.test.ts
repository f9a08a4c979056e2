// The back office through HTTP: every admin path refuses anonymous (401) and other users (403); figures
// follow real bookings and analytics events; users, SEO tools and reports.
import { randomBytes } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { analyticsEvents, bookings, jobs, locations, lotPhotos, lotStaff, parkingProviders, partners, reviews, users } from '@/server/db/schema';
import { restRoutes } from '@/server/rest/routes';
import { cents } from '@/shared/money';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createLot, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('access', () => {
  const adminRows = restRoutes.filter((r) => r.path.startsWith('/api/admin/'));
  it('covers the spec admin paths', () => {
    expect(adminRows.length).toBeGreaterThanOrEqual(20);
  });

  let adminCookie = '';
  it.each(adminRows.map((r) => [r.method, r.path] as const))('%s %s: 401 anonymous, 403 for a user, 200 for the admin', async (method, path) => {
    adminCookie ||= (await createUser(t, { email: 'gatekeeper@example.com', name: 'Gate Keeper', role: 'admin' })).cookie;
    const posts = (await call(t.request, '/api/admin/blog/recent', undefined, { cookie: adminCookie })).json as { id: number; status: string }[];
    const pending = posts.find((p) => p.status === 'pending')?.id ?? (await call(t.request, '/api/admin/blog/generate-now', {}, { cookie: adminCookie })).json.blogPost.id;
    // A job that gave up, for the retry path; a user for the others.
    const deadJob = async () =>
      (
        await t.db
          .insert(jobs)
          .values({
            kind: 'mail.send',
            payload: { message: { to: 'dead-letter@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', kind: 'test' } },
            status: 'dead',
            attempts: 8,
            runAt: new Date(),
            lastError: 'smtp down',
            finishedAt: new Date(),
          })
          .returning({ id: jobs.id })
      )[0]!.id;
    const target = path.includes('/jobs/')
      ? await deadJob()
      : (await createUser(t, { email: `target-${Math.random().toString(36).slice(2)}@example.com`, name: 'Admin Tester' })).user.id;
    const catalogue = await catalogueRequest(method, path, target);
    const url = catalogue?.url ?? path.replace(':postId', String(pending)).replace(':id', String(target));
    const body = catalogue ? catalogue.body : method === 'GET' || method === 'DELETE' ? undefined : path.includes('search') ? undefined : {};
    const withQuery = path.endsWith('/users/search') ? `${url}?q=target` : url;
    expect((await call(t.request, withQuery, body, { method })).status).toBe(401);
    const user = await createUser(t, { name: 'Admin Tester' });
    expect((await call(t.request, withQuery, body, { method, cookie: user.cookie })).status).toBe(403);
    if (catalogue?.form) {
      // The photo upload is multipart: the admin sends a real image.
      const res = await t.request(withQuery, { method, body: await catalogue.form(), headers: { Origin: TEST_ORIGIN, Cookie: adminCookie } });
      expect(res.status, await res.text()).toBe(201);
      return;
    }
    const answer = await call(t.request, withQuery, body, { method, cookie: adminCookie });
    expect(answer.status, answer.text).toBe(restRoutes.find((r) => r.method === method && r.path === path)!.status ?? 200);
  });

  /** The reviews' paths act on a review waiting for a decision (of a finished stay), with real input. */
  async function reviewRequest(method: string, path: string): Promise<{ url: string; body: unknown }> {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    // The first lot: the figures below book it too, so its place stays the most popular.
    const [lot] = await t.db.select().from(parkingProviders).orderBy(asc(parkingProviders.id)).limit(1);
    const [b] = await t.db
      .insert(bookings)
      .values({
        providerId: lot!.id,
        confirmationNumber: `PP-AR${tag}`,
        firstName: 'Ada',
        lastName: 'Review',
        email: `review-${tag}@example.com`,
        phone: '555-010-0100',
        arrivalDate: '2025-01-01T09:00',
        departureDate: '2025-01-03T09:00',
        vehicleMake: 'Kia',
        vehicleModel: 'Rio',
        licensePlate: tag,
        parkingFeeCents: cents(2000),
        serviceFeeCents: cents(199),
        totalFeeCents: cents(2199),
        status: 'completed',
      })
      .returning();
    const [r] = await t.db
      .insert(reviews)
      .values({
        bookingId: b!.id,
        providerId: lot!.id,
        authorName: 'Ada R.',
        stayMonth: '2025-01',
        overall: 4,
        waitScore: 4,
        describedScore: 4,
        staffScore: 4,
        body: 'See www.example.com',
        status: 'pending',
        heldFor: 'a link',
        editableUntil: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return { url: path.replace(':id', String(r!.id)), body: method === 'GET' ? undefined : path.endsWith('/reject') ? { reason: 'Links are not allowed.' } : {} };
  }

  /** The partners' paths act on a new partner, with real input. */
  async function partnerRequest(method: string, path: string): Promise<{ url: string; body: unknown }> {
    const tag = Math.random().toString(36).slice(2, 8);
    const [partner] = await t.db
      .insert(partners)
      .values({ tradingName: `Access Co ${tag}`, legalName: 'Access Co LLC', contactName: 'A', contactEmail: 'a@access.example' })
      .returning();
    const url = path.replace(':id', String(partner!.id));
    const bodies: Record<string, unknown> = {
      'POST /api/admin/partners': { tradingName: `New Co ${tag}`, legalName: 'New Co LLC', contactName: 'N', contactEmail: 'n@new.example', commissionPercent: 15 },
      'POST /api/admin/partners/:id/invitations': { email: `invitee-${tag}@partner.example`, role: 'owner' },
      'POST /api/admin/partners/:id/commission': { commissionPercent: 12 },
      'POST /api/admin/partners/:id/status': { status: 'suspended' },
    };
    return { url, body: method === 'GET' ? undefined : (bodies[`${method} ${path}`] ?? {}) };
  }

  /**
   * The catalogue's paths act on a lot (the last one: the figures below book the first), a photo of it or one
   * of its staff, and take real input; the others act on a user (`:id`), a post or a job with an empty body.
   */
  async function catalogueRequest(method: string, path: string, targetUserId: number): Promise<{ url: string; body: unknown; form?: () => Promise<FormData> } | null> {
    if (path.startsWith('/api/admin/partners')) return partnerRequest(method, path);
    if (path.startsWith('/api/admin/reviews')) return reviewRequest(method, path);
    if (!path.startsWith('/api/admin/lots') && !path.startsWith('/api/admin/locations')) return null;
    const [lot] = await t.db.select().from(parkingProviders).orderBy(desc(parkingProviders.id)).limit(1);
    const [place] = await t.db.select().from(locations).where(eq(locations.id, lot!.locationId));
    const photo = path.includes(':photoId')
      ? (
          await t.db
            .insert(lotPhotos)
            .values({ providerId: lot!.id, position: 99, key: `lots/${randomBytes(16).toString('hex')}`, widths: [400, 800, 1200], width: 1000, height: 600 })
            .returning()
        )[0]!.id
      : 0;
    if (path.endsWith('/staff/:userId')) await t.db.insert(lotStaff).values({ userId: targetUserId, providerId: lot!.id }).onConflictDoNothing();
    const targetEmail = (await t.db.select({ email: users.email }).from(users).where(eq(users.id, targetUserId)))[0]!.email;
    const url = path
      .replace(':lotId', String(lot!.id))
      .replace(':id', path.startsWith('/api/admin/locations') ? String(place!.id) : String(lot!.id))
      .replace(':photoId', String(photo))
      .replace(':userId', String(targetUserId));
    const tag = Math.random().toString(36).slice(2, 8);
    const key = `${method} ${path}`;
    if (key === 'POST /api/admin/lots/:id/approve') {
      // A partner's draft lot (approving an approved one is 409).
      const [partner] = await t.db
        .insert(partners)
        .values({ tradingName: `Draft Co ${tag}`, legalName: 'Draft Co LLC', contactName: 'D', contactEmail: 'd@draft.example' })
        .returning();
      const draft = await createLot(t, { partnerId: partner!.id, published: 0, approvedAt: null });
      return { url: path.replace(':id', String(draft.id)), body: {} };
    }
    if (key === 'POST /api/admin/lots') {
      return {
        url,
        body: {
          locationId: place!.id,
          name: `Access Lot ${tag}`,
          address: '1 Access Rd, Orlando, FL 32809',
          latitude: place!.latitude + 0.01,
          longitude: place!.longitude,
          price: 12.95,
          capacity: 40,
        },
      };
    }
    if (key === 'POST /api/admin/locations') {
      // A code no place has (a random one was sometimes a seeded airport's: 409).
      const taken = new Set((await t.db.select({ code: locations.code }).from(locations)).map((l) => l.code));
      let code = '';
      while (!code || taken.has(code)) code = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
      return {
        url,
        body: {
          kind: 'airport',
          code: `${code}`,
          name: `Access Field ${tag}`,
          shortName: 'Access',
          city: 'Accessville',
          state: 'KS',
          region: 'Midwest',
          latitude: 38.5,
          longitude: -98.1,
        },
      };
    }
    if (key === 'GET /api/admin/lots/:id/days') return { url: `${url}?from=${dayFromToday(2)}&to=${dayFromToday(4)}`, body: undefined };
    if (key === 'PATCH /api/admin/lots/:id/days') return { url, body: { from: dayFromToday(40), to: dayFromToday(41), price: 19.95 } };
    if (key === 'POST /api/admin/lots/:id/staff') return { url, body: { email: targetEmail } };
    if (key === 'PUT /api/admin/lots/:lotId/photos/order') {
      const ids = (await t.db.select({ id: lotPhotos.id }).from(lotPhotos).where(eq(lotPhotos.providerId, lot!.id)).orderBy(asc(lotPhotos.position))).map((r) => r.id);
      return { url, body: { photoIds: ids } };
    }
    if (key === 'PATCH /api/admin/lots/:lotId/photos/:photoId') return { url, body: { alt: 'The entrance' } };
    if (key === 'POST /api/admin/lots/:lotId/photos/:photoId/move') return { url, body: { direction: 'earlier' } };
    if (key === 'POST /api/admin/lots/:lotId/photos') {
      return {
        url,
        body: {},
        form: async () => {
          const form = new FormData();
          form.set(
            'image',
            new File(
              [
                new Uint8Array(
                  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
                    .png()
                    .toBuffer(),
                ),
              ],
              'lot.png',
              { type: 'image/png' },
            ),
          );
          return form;
        },
      };
    }
    if (key === 'POST /api/admin/lots/import')
      return { url, body: { csv: (await call(t.request, '/api/admin/lots/export', undefined, { cookie: adminCookie })).json.csv, dryRun: true } };
    return { url, body: method === 'GET' || method === 'DELETE' ? undefined : {} };
  }
});

describe('figures', () => {
  it('grow with a booking: Total Bookings by one and Total Revenue by its total', async () => {
    const admin = await createUser(t, { email: 'boss@example.com', name: 'The Boss', role: 'admin' });
    const before = (await call(t.request, '/api/admin/dashboard/stats', undefined, { cookie: admin.cookie })).json;
    expect(before).toMatchObject({
      totalBookings: expect.any(Number),
      activeBookings: expect.any(Number),
      todayBookings: expect.any(Number),
      totalRevenue: expect.any(Number),
      popularLocations: expect.any(Array),
    });

    const traveller = await createUser(t, { email: 'traveller@example.com', name: 'Tina Traveller' });
    const [provider] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    if (!provider) throw new Error('The test database has no lots');
    const booked = await checkout(
      t,
      checkoutRequest(provider.id, {
        email: 'traveller@example.com',
        arrival: stayAt(5, '10:00'),
        departure: stayAt(7, '10:00'),
        customer: { firstName: 'Tina', lastName: 'Traveller', phone: '555-010-0111' },
        reservation: { vehicleMake: 'Subaru', vehicleModel: 'Outback', licensePlate: 'TT1' },
      }),
      { cookie: traveller.cookie },
    );
    expect(booked.status).toBe(200);
    const after = (await call(t.request, '/api/admin/dashboard/stats', undefined, { cookie: admin.cookie })).json;
    expect(after.totalBookings).toBe(before.totalBookings + 1);
    expect(after.todayBookings).toBe(before.todayBookings + 1);
    expect(after.activeBookings).toBe(before.activeBookings + 1);
    expect(after.totalRevenue).toBeCloseTo(before.totalRevenue + booked.json.booking.totalFee, 2);
    expect(after.popularLocations[0]).toMatchObject({ location: provider.location, count: expect.any(Number) });

    const list = (await call(t.request, '/api/admin/bookings', undefined, { cookie: admin.cookie })).json;
    expect(list[0]).toMatchObject({
      confirmationNumber: booked.json.confirmationNumber,
      firstName: 'Tina',
      phone: '555-010-0111',
      licensePlate: 'TT1',
      provider: { name: provider.name, location: provider.location, distance: provider.distance },
    });

    // Users: stats, search after more than 2 characters, and the detail modal's data.
    const stats = (await call(t.request, '/api/admin/users/stats', undefined, { cookie: admin.cookie })).json;
    expect(stats).toMatchObject({ totalUsers: expect.any(Number), newUsers: expect.any(Number), activeUsers: expect.any(Number) });
    expect(stats.topUsers.some((u: { userEmail: string }) => u.userEmail === 'traveller@example.com')).toBe(true);
    expect((await call(t.request, '/api/admin/users/search?q=ti', undefined, { cookie: admin.cookie })).status).toBe(400);
    const found = (await call(t.request, '/api/admin/users/search?q=tina', undefined, { cookie: admin.cookie })).json;
    expect(found.map((u: { email: string }) => u.email)).toContain('traveller@example.com');
    expect(found[0]).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String), email: expect.any(String), creditBalance: expect.any(Number) }));
    const detail = (await call(t.request, `/api/admin/users/${traveller.user.id}`, undefined, { cookie: admin.cookie })).json;
    expect(detail.summary).toMatchObject({ totalBookings: 1, totalSpent: booked.json.booking.totalFee });
    expect(detail.bookings[0]).toMatchObject({ confirmationNumber: booked.json.confirmationNumber, providerName: provider.name });
    expect((await call(t.request, '/api/admin/users/999999', undefined, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('analytics', () => {
  const send = (events: object[], headers: Record<string, string>, ids = { visitorId: 'visitor-aaaaaaa1', sessionId: 'session-aaaaaaa1' }) =>
    call(t.request, '/api/analytics/events', { ...ids, events }, { headers });

  it('records page views with device, referrer host and country; ignores bots and Do-Not-Track', async () => {
    const now = Date.now();
    expect(
      (await send([{ name: 'page_view', path: '/?location=MCO', referrer: 'https://www.google.com/search?q=parking', at: now - 1000 }], { 'User-Agent': UA, 'CF-IPCountry': 'us' }))
        .json,
    ).toEqual({ accepted: 1 });
    await send([{ name: 'page_view', path: '/blog', at: now }], { 'User-Agent': UA });
    await send([{ name: 'page_view', path: '/blog' }], { 'User-Agent': DESKTOP }, { visitorId: 'visitor-bbbbbbb2', sessionId: 'session-bbbbbbb2' });
    expect((await send([{ name: 'page_view', path: '/x' }], { 'User-Agent': 'Googlebot/2.1' })).json).toEqual({ accepted: 0 });
    expect((await send([{ name: 'page_view', path: '/x' }], { 'User-Agent': DESKTOP, DNT: '1' })).json).toEqual({ accepted: 0 });
    expect((await send([{ name: 'nope' }], { 'User-Agent': DESKTOP })).status).toBe(400);

    const first = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, 'visitor-aaaaaaa1')).orderBy(analyticsEvents.occurredAt, analyticsEvents.id);
    expect(first[0]).toMatchObject({ path: '/', referrerHost: 'google.com', deviceType: 'mobile', country: 'US' });
    // No address or user agent is kept.
    expect(JSON.stringify(first)).not.toContain('iPhone');

    const admin = await createUser(t, { email: 'analyst@example.com', name: 'Ana Lyst', role: 'admin' });
    const a = (await call(t.request, '/api/admin/analytics', undefined, { cookie: admin.cookie })).json;
    expect(a).toMatchObject({ pageViews: 3, uniqueVisitors: 2, totalVisitors: 2, realTimeVisitors: 2 });
    expect(a.topPages[0]).toEqual({ page: '/blog', views: 2, visitors: 2 });
    expect(a.topReferrers).toEqual([{ source: 'google.com', visitors: 1, percentage: 100 }]);
    expect(a.geoData).toEqual([{ country: 'US', visitors: 1, percentage: 100 }]);
    expect(a.trafficSources).toMatchObject({ search: 1, direct: 1 });
    expect(a.deviceTypes).toEqual({ mobile: 50, desktop: 50 });
    expect(a.bounceRate).toBe(50);
  });
});

describe('SEO', () => {
  it('computes the dashboard, tools and reports from the site itself', async () => {
    const admin = await createUser(t, { email: 'seo@example.com', name: 'Seo Person', role: 'admin' });
    const seo = (await call(t.request, '/api/admin/seo', undefined, { cookie: admin.cookie })).json;
    expect(seo).toMatchObject({ searchConsoleConnected: false, totalClicks: 0, topQueries: [], indexedPages: expect.any(Number) });
    expect(seo.indexedPages).toBeGreaterThan(90);
    expect(seo.technicalStatus.length).toBeGreaterThan(2);

    const sitemap = (await call(t.request, '/api/admin/seo/regenerate-sitemap', {}, { cookie: admin.cookie })).json;
    expect(sitemap.urlCount).toBe(seo.indexedPages);
    const content = (await call(t.request, '/api/admin/seo/analyze-content', {}, { cookie: admin.cookie })).json;
    expect(content).toMatchObject({ totalPosts: expect.any(Number), postsWithoutMetaDescription: 0 });
    expect(content.totalPosts).toBeGreaterThanOrEqual(12);
    const speed = (await call(t.request, '/api/admin/seo/check-page-speed', {}, { cookie: admin.cookie })).json;
    expect(speed.desktop.score).toBeGreaterThan(0);
    expect(speed.desktop.score).toBeLessThanOrEqual(100);
    expect(speed.mobile.score).toBeLessThanOrEqual(speed.desktop.score);
    expect(speed.pages).toHaveLength(3);
    expect(speed.pages[0].transferKb).toBeGreaterThan(0);

    const json = (await call(t.request, '/api/admin/generate-seo-report', { days: 30, format: 'json' }, { cookie: admin.cookie })).json;
    expect(json.report).toMatchObject({
      timeRange: { startDate: expect.any(String), endDate: expect.any(String) },
      analytics: expect.any(Object),
      searchConsole: { totalClicks: 0 },
      technicalSEO: { totalPages: seo.indexedPages },
      recommendations: expect.any(Array),
    });
    const html = (await call(t.request, '/api/admin/generate-seo-report', { days: 7, format: 'html' }, { cookie: admin.cookie })).json;
    expect(html.filename).toMatch(/^seo-report-\d{4}-\d{2}-\d{2}\.html$/);
    expect(html.html).toContain('<h1>SEO report</h1>');
    expect((await call(t.request, '/api/admin/generate-seo-report', { days: 12 }, { cookie: admin.cookie })).status).toBe(400);
    const history = (await call(t.request, '/api/admin/seo-reports/history', undefined, { cookie: admin.cookie })).json;
    expect(history.slice(0, 2).map((h: { period: number; format: string; generatedBy: string }) => [h.period, h.format, h.generatedBy])).toEqual([
      [7, 'html', 'Seo Person'],
      [30, 'json', 'Seo Person'],
    ]);
  });
});

describe('admin host', () => {
  it('serves only the dashboard at / on admin.*; other pages are 404; the API still works', async () => {
    const home = await t.app.request('http://admin.localhost:3999/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Admin Dashboard | ParkPilot</title>');
    for (const path of ['/blog', '/locations', '/admin', '/booking']) {
      expect((await t.app.request(`http://admin.localhost:3999${path}`)).status).toBe(404);
    }
    expect((await t.app.request('http://admin.localhost:3999/api/admin/dashboard/stats')).status).toBe(401);
    // The main host is unchanged.
    expect((await t.app.request('http://localhost:3999/blog')).status).toBe(200);
  });
});

describe('background jobs', () => {
  it('shows the jobs that gave up, with their last error but not their payload, and sends one round again', async () => {
    const admin = await createUser(t, { email: 'jobs-admin@example.com', name: 'Jobs Admin', role: 'admin' });
    const [dead] = await t.db
      .insert(jobs)
      .values({
        kind: 'mail.booking-confirmation',
        payload: { bookingId: 1, secretish: 'payload' },
        status: 'dead',
        attempts: 8,
        runAt: new Date(),
        lastError: 'connect ECONNREFUSED',
        finishedAt: new Date(),
      })
      .returning({ id: jobs.id });
    const id = dead!.id;
    const res = await call(t.request, '/api/admin/jobs', undefined, { cookie: admin.cookie });
    expect(res.json.dead).toBeGreaterThanOrEqual(1);
    expect(res.json.deadJobs.find((j: { id: number }) => j.id === id)).toMatchObject({ kind: 'mail.booking-confirmation', attempts: 8, lastError: 'connect ECONNREFUSED' });
    expect(res.text).not.toContain('secretish');
    expect((await call(t.request, `/api/admin/jobs/${id}/retry`, {}, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: expect.stringMatching(/queued|running|done|dead/), attempts: expect.any(Number) });
    expect((await call(t.request, `/api/admin/jobs/${id}/retry`, {}, { cookie: admin.cookie })).status).toBe(404);
  });
});
