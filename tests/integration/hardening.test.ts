// Hostile or odd input through HTTP: malformed URLs are 404s (never a 5xx or a stack trace), the request log
// holds no secret, client addresses come from our own proxy, personal answers are never cached, stored blog
// HTML is sanitized on the way out, and the abuse limits for analytics and blog views hold.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress } from '@/server/app';
import { blogPosts, parkingProviders } from '@/server/db/schema';
import { maskEmails, redactUrl } from '@/server/request-log';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { logged } from '../support/console';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ LOG_REQUESTS: '1', TRUST_PROXY: '1' });
afterAll(() => t.close());

describe('bad URLs', () => {
  const malformed = [
    '/provider/%FF',
    '/blog/%C0',
    '/blog/%C0%AF',
    '/%E0%A4%A',
    '/property/%',
    '/locations/%ZZ',
    '/blog/category/%ZZ',
    '/ar-parking/%FF',
    '/sitemap-%FF.xml',
    '/uploads/blog/%FF.png',
    `/locations/${'a'.repeat(3000)}`,
    `/provider/${'x'.repeat(500)}`,
    `/blog/${'long-slug-'.repeat(40)}`,
    `/${'z'.repeat(300)}`,
    '/api/blog/post/%FF',
    `/api/blog/post/${'q'.repeat(400)}`,
    '/api/blog/post/abc/view',
    '/api/locations/%FF',
    `/api/providers/${'p'.repeat(1000)}`,
    '/api/seo/page/%C0%AF',
    `/api/seo/page/${'s'.repeat(900)}`,
    '/api/bookings/%FF/view?token=x',
    '/api/payments/check-access/%FF',
    '/api/admin/users/%FF',
    '/api/blog/related/not-a-number',
    '/api/blog/categories/%E2%82',
  ];

  it(`answers 26 malformed or over-long paths with 404 (never 5xx) and logs no stack trace`, async () => {
    expect(malformed).toHaveLength(26);
    const statuses: Record<string, number> = {};
    const log = await logged(async () => {
      for (const p of malformed) statuses[p] = (await t.request(p, { headers: { Origin: 'http://localhost:3999' } })).status;
    });
    for (const [p, status] of Object.entries(statuses)) {
      expect(status, p).toBeLessThan(500);
      if (!p.includes('/api/admin/')) expect(status, p).toBe(404);
    }
    expect(statuses['/api/admin/users/%FF']).toBe(404); // before the access check: nothing to protect
    expect(log).not.toMatch(/\n\s+at |URIError|failed:/);
  });

  it("renders the page's not-found view with a 404 for a malformed page address", async () => {
    const res = await t.request('/provider/%FF');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Provider not found');
  });

  it('answers 400 where a query parameter is invalid', async () => {
    const res = await call(t.request, `/api/search?location=MCO&arrivalDate=not-a-date&departureDate=${dayFromToday(3)}`);
    expect(res.status).toBe(400);
  });
});

describe('the request log', () => {
  it('holds no reset token, verification token, signed booking link or OAuth code, and masks e-mail addresses', async () => {
    const log = await logged(async () => {
      await t.request('/reset-password?token=secretresettoken123456');
      await t.request('/verify-email?token=secretverifytoken123456');
      await t.request('/thank-you?confirmation=PP-ABCDEFGH&token=secretlinktoken1234567890');
      await t.request('/auth/google/callback?code=secretoauthcode&state=secretstate');
      await t.request('/api/auth/verify-email?token=secretapitoken123456789');
      await t.request('/locations?q=ada.lovelace@example.com');
      await call(t.request, '/api/auth/forgot-password', { email: 'grace@example.com' });
    });
    // One JSON line per request, under the route pattern: the query string (and so any token) never reaches it.
    const routes = log.split('\n').map((l) => (JSON.parse(l) as { route: string }).route);
    expect(routes).toEqual([
      'page /reset-password',
      'page /verify-email',
      'page /thank-you',
      '/auth/google/callback',
      '/api/auth/verify-email',
      'page /locations',
      '/api/auth/forgot-password',
    ]);
    for (const secret of ['secretresettoken', 'secretverifytoken', 'secretlinktoken', 'secretoauthcode', 'secretstate', 'secretapitoken', 'ada.lovelace', 'grace@example.com']) {
      expect(log).not.toContain(secret);
    }
    // Nor the token of the reset e-mail that request queued (the mail job runs now, outside the request).
    const mails = await logged(() => t.drain());
    expect(mails).not.toMatch(/token=/);
  });

  it('redacts token-like parameters anywhere and masks addresses', () => {
    expect(redactUrl('/api/x?token=abc&page=2&email=a@b.co')).toBe('/api/x?token=[redacted]&page=2&email=[redacted]');
    expect(redactUrl('/manage/PP-1?token=abc')).toBe('/manage/PP-1?[redacted]');
    expect(maskEmails('to jane.doe@example.com and x%40y.org')).toBe('to j***@example.com and x***%40y.org');
  });
});

describe('client addresses', () => {
  it('with N trusted proxies, take the N-th address from the right of X-Forwarded-For', () => {
    const socket = () => '10.9.9.9';
    expect(clientAddress('6.6.6.6, 203.0.113.7', 1, socket)).toBe('203.0.113.7');
    expect(clientAddress('6.6.6.6, 203.0.113.7, 10.0.0.2', 2, socket)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', 2, socket)).toBe('10.9.9.9'); // fewer hops than proxies: not through them
    expect(clientAddress('6.6.6.6', 0, socket)).toBe('10.9.9.9');
    expect(clientAddress(undefined, 1, socket)).toBe('10.9.9.9');
  });
});

describe('response headers', () => {
  it('personal API answers are never cached; every response carries a Permissions-Policy', async () => {
    const { cookie } = await createUser(t, { email: 'cacheless@example.com', name: 'Cache Less' });
    for (const path of ['/api/auth/me', '/api/bookings/history', '/api/payment-methods', '/api/profile/credits', '/api/profile/preferences']) {
      const res = await call(t.request, path, undefined, { cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const trpc = await t.request('/api/trpc/auth.me', { headers: { Cookie: cookie } });
    expect(trpc.headers.get('cache-control')).toBe('no-store');
    const page = await t.request('/');
    expect(page.headers.get('permissions-policy')).toMatch(/camera=\(self\).*geolocation=\(\)/);
  });
});

describe('stored blog HTML', () => {
  it('is sanitized when served, even if a row was written around the editor', async () => {
    const post = (await t.db.select().from(blogPosts).where(eq(blogPosts.published, 1)).orderBy(blogPosts.id).limit(1))[0]!;
    await t.db
      .update(blogPosts)
      .set({ content: `${post.content}<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>` })
      .where(eq(blogPosts.id, post.id));
    const api = await call(t.request, `/api/blog/post/${post.slug}`);
    expect(api.json.content).not.toMatch(/<script|onerror|javascript:/i);
    const page = await (await t.request(`/blog/${post.slug}`)).text();
    expect(page).not.toMatch(/<script>alert|onerror=|javascript:alert/i);
  });
});

describe('booking horizon', () => {
  it('refuses an arrival more than 12 months ahead with a clear message', async () => {
    const p = (await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1))[0]!;
    const res = await checkout(t, checkoutRequest(p.id, { email: 'far@example.com', arrival: stayAt(400), departure: stayAt(402) }));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Bookings can be made up to 12 months ahead. Please choose an arrival date within the next year.');
  });
});

describe('abuse limits per address', () => {
  it('limits analytics batches and blog view counts from one address', async () => {
    const batch = { visitorId: 'v'.repeat(20), sessionId: 's'.repeat(20), events: [{ name: 'page_view', path: '/' }] };
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await call(t.request, '/api/analytics/events', batch, { ip: '192.0.2.50' })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await call(t.request, '/api/analytics/events', batch, { ip: '192.0.2.51' })).status).not.toBe(429);

    const posts = await t.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.published, 1)).orderBy(blogPosts.id);
    const views: number[] = [];
    for (let i = 0; i < 35; i++) views.push((await call(t.request, `/api/blog/post/${posts[i % posts.length]!.id}/view`, {}, { ip: '192.0.2.60' })).status);
    expect(views.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(views.slice(30).every((s) => s === 429)).toBe(true);
  });
});
