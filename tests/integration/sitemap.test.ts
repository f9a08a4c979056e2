// The sitemap and robots.txt: every public URL (no private ones), valid sitemaps.org XML, cached, and
// updated when content changes.
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

describe('/sitemap.xml', () => {
  it('lists every public URL with lastmod, and no private page', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThanOrEqual(90);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ['/', '/locations', '/blog', '/orlando-fl-mco-airport-parking', '/miami-cruise-port-parking']) {
      expect(locs).toContain(`http://localhost:3999${path}`);
    }
    // Only canonical addresses: /locations/{slug} shows the SEO page's content and points there.
    expect(locs).not.toContain('http://localhost:3999/locations/orlando-international-airport');
    for (const loc of locs) expect(loc).not.toMatch(/\/(admin|api|booking|thank-you|account-settings|payment-methods)\b/);
    // Every <url> is well formed: a loc and its last change as an ISO date, for every entry.
    expect(xml.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/g)!.length).toBe(locs.length);
    expect(xml).not.toContain('<lastmod>1970-');
  });

  it('lists indexable pages at their canonical address, one of each kind', async () => {
    const xml = await (await t.request('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const kinds = [
      /\/$/,
      /\/locations$/,
      /airport-parking$/,
      /cruise-port-parking$/,
      /\/provider\//,
      /\/blog$/,
      /\/blog\/category\//,
      /\/blog\/[^/]+$/,
      /\/how-it-works$/,
      /\/guarantee$/,
    ];
    for (const kind of kinds) {
      const loc = locs.find((l) => kind.test(l));
      expect(loc, String(kind)).toBeDefined();
      const res = await t.request(loc!.replace('http://localhost:3999', ''));
      expect(res.status, loc).toBe(200);
      const html = await res.text();
      expect(html, loc).toContain(`<link rel="canonical" href="${loc}">`);
      expect(html, loc).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    }
  });

  it('follows new content: an approved post appears', async () => {
    const { cookie } = await createUser(t, { email: 'ed@example.com', name: 'Ed', role: 'admin' });
    const post = (await call(t.request, '/api/admin/blog/generate-now', {}, { cookie })).json.blogPost;
    expect(await (await t.request('/sitemap.xml')).text()).not.toContain(`/blog/${post.slug}<`);
    const form = new FormData();
    const approved = await t.request(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: form, headers: { Origin: 'http://localhost:3999', Cookie: cookie } });
    expect(approved.status).toBe(200);
    expect(await (await t.request('/sitemap.xml')).text()).toContain(`/blog/${post.slug}<`);
  });
});

describe('/robots.txt', () => {
  it('disallows admin, API and private pages (Disallow rules before any Allow), keeps page images crawlable, and names the sitemap', async () => {
    const text = await (await t.request('/robots.txt')).text();
    for (const path of ['/admin', '/api/', '/booking', '/thank-you', '/account-settings', '/payment-methods']) expect(text).toContain(`Disallow: ${path}`);
    const rules = text.split('\n').filter((l) => /^(Allow|Disallow):/.test(l));
    const firstAllow = rules.findIndex((l) => l.startsWith('Allow:'));
    expect(rules.slice(firstAllow).every((l) => l.startsWith('Allow:'))).toBe(true);
    expect(rules).toContain('Allow: /api/placeholder/');
    for (const image of ['/og/', '/uploads/']) expect(rules.some((l) => l.startsWith('Disallow:') && image.startsWith(l.slice(10).trim()))).toBe(false);
    expect(text).toContain('Sitemap: http://localhost:3999/sitemap.xml');
    expect((await t.request('/sitemap-2.xml')).status).toBe(404);
  });
});
