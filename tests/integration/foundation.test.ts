// The foundation through HTTP: health, pages with their status and head, catalogue API, security headers.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

describe('pages are rendered on the server', () => {
  it('answers unknown paths with HTTP 404 and the 404 page', async () => {
    const res = await t.request('/some/unknown/path');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('renders /how-it-works with its headings in the first response', async () => {
    const res = await t.request('/how-it-works');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>How ParkPilot Works<\/h1>/);
    expect(html).toContain('Four steps to a parking spot');
    expect(html).toContain('<title>How it Works | ParkPilot</title>');
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/how-it-works">`);
    expect(html).toContain('$91.94');
  });

  it.each(['/terms-of-service', '/privacy-policy'])('%s has 13 sections, the update date and noindex', async (p) => {
    const html = await (await t.request(p)).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Last updated <!-- -->June 6, 2025');
    const sections = html.match(/<section [^>]*aria-labelledby=/g) ?? [];
    expect(sections).toHaveLength(13);
    expect(html).not.toContain('{brand}');
  });

  it('renders the directory with every location and hands the data to the browser', async () => {
    const html = await (await t.request('/locations')).text();
    expect(html).toContain('Orlando International Airport');
    expect(html).toContain('Airports (<!-- -->50<!-- -->)');
    expect(html).toContain('Cruise Ports (<!-- -->20<!-- -->)');
    expect(html).toContain('<script type="application/json" id="__STATE__">');
  });

  it('renders the directory filtered by the query in the URL', async () => {
    const page = await (await t.request('/locations?q=Orlando')).text();
    // Only the rendered markup counts: the dehydrated state legitimately holds the full list.
    const html = page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json"'));
    expect(html).toContain('Orlando International Airport');
    expect(html).not.toContain('Los Angeles International Airport');
  });

  it('renders the home page with the six popular destinations', async () => {
    const html = await (await t.request('/')).text();
    for (const label of ['Orlando International', 'Miami International', 'Tampa', 'Fort Lauderdale', 'Miami Cruise Port', 'Jacksonville']) {
      expect(html).toContain(label);
    }
    // Search first (issue 26): the form, not a button that asks to sign in.
    expect(html).toContain('Where are you parking?');
  });
});

describe('catalogue API', () => {
  it('lists 50 airports and 20 cruise ports', async () => {
    const res = await t.request('/api/locations');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kind: string; code: string }[];
    expect(body.filter((l) => l.kind === 'airport')).toHaveLength(50);
    expect(body.filter((l) => l.kind === 'cruise_port')).toHaveLength(20);
  });

  it('filters by text and region', async () => {
    const byText = (await (await t.request('/api/locations?q=orlando')).json()) as { code: string }[];
    expect(byText.map((l) => l.code)).toContain('MCO');
    expect(byText.map((l) => l.code)).not.toContain('LAX');
    const west = (await (await t.request('/api/locations?region=West%20Coast')).json()) as { region: string; code: string }[];
    expect(west.length).toBeGreaterThan(0);
    expect(west.every((l) => l.region === 'West Coast')).toBe(true);
    expect(west.map((l) => l.code)).toContain('LAX');
  });

  it('rejects an unknown region with a 400 and an error field', async () => {
    const res = await t.request('/api/locations?region=Atlantis');
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });

  it('gets a location by slug, SEO slug or code, and 404s otherwise', async () => {
    for (const key of ['orlando-international-airport', 'orlando-fl-mco-airport-parking', 'mco', 'MCO']) {
      const res = await t.request(`/api/locations/${key}`);
      expect(res.status).toBe(200);
      const loc = (await res.json()) as { code: string; providerCount: number };
      expect(loc.code).toBe('MCO');
      expect(loc.providerCount).toBeGreaterThanOrEqual(4);
    }
    const missing = await t.request('/api/locations/atlantis');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Location not found' });
  });

  it('answers tRPC with superjson', async () => {
    const res = await t.request(`/api/trpc/catalogue.getLocation?input=${encodeURIComponent(JSON.stringify({ json: { slug: 'JFK' } }))}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: { code: string } } } };
    expect(body.result.data.json.code).toBe('JFK');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('platform', () => {
  it('reports health', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('sends a Content-Security-Policy and other security headers', async () => {
    const res = await t.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS for one year in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.request('/healthz');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await prod.close();
    }
  });

  it('refuses state-changing requests from a foreign Origin', async () => {
    const foreign = await t.request('/api/trpc/system.config', { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await t.request('/api/locations', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const own = await t.request('/api/nothing-here', { method: 'POST', headers: { Origin: TEST_ORIGIN } });
    expect(own.status).toBe(404);
  });

  it('serves placeholder images with clamped sizes and an escaped label', async () => {
    const res = await t.request('/api/placeholder/99999/-5?label=%3Cscript%3E');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await res.text();
    expect(svg).toContain('width="2000"');
    expect(svg).toContain('height="16"');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('compresses large responses for clients that accept gzip', async () => {
    const res = await t.request('/locations', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(body).toContain('Orlando International Airport');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(body.length / 3);
  });

  it('prefers brotli and leaves small or unaccepted responses alone', async () => {
    const br = await t.request('/api/locations', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).length).toBe(70);
    const small = await t.request('/healthz', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const plain = await t.request('/locations');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
