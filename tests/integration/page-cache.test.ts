// Cached public pages: anonymous visitors share a rendering (brotli or gzip, by Accept-Encoding), for at most
// 60 s and never past a content change; signed-in visitors and private pages are always rendered for them.
import zlib from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });

describe('the page cache', () => {
  it('serves anonymous visitors one rendering, compressed as they accept', async () => {
    const first = await get('/locations', { 'Accept-Encoding': 'br, gzip' });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const again = await get('/locations', { 'Accept-Encoding': 'br' });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('content-encoding')).toBe('br');
    const html = zlib.brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString('utf8');
    expect(html).toContain('Airport &amp; Cruise Port Parking Locations');
    const gz = await get('/locations', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(html);
    const plain = await get('/locations');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(plain.headers.get('vary')).toContain('Cookie');
  });

  it('never shares a signed-in rendering or a private page', async () => {
    const { cookie } = await createUser(t, { email: 'cache-me-not@example.com', name: 'Cache Me Not' });
    await get('/how-it-works');
    const signedIn = await get('/how-it-works', { Cookie: cookie });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(await signedIn.text()).toContain('cache-me-not@example.com'); // the account menu
    const anonymous = await (await get('/how-it-works')).text();
    expect(anonymous).not.toContain('cache-me-not@example.com');
    for (const path of ['/booking', '/thank-you', '/account-settings', '/payment-methods', '/admin', '/reset-password?token=x']) {
      await get(path);
      expect((await get(path)).headers.get('x-cache'), path).toBeNull();
    }
  });

  it('lets go of a page when content changes, and after 60 seconds at most', async () => {
    const posts = await (await get('/api/blog/featured')).json();
    const path = `/blog/${posts[0].slug}`;
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');

    // A post approved: every cached page is rendered again.
    const { cookie } = await createUser(t, { email: 'ed-cache@example.com', name: 'Ed Itor', role: 'admin' });
    const post = (await call(t.request, '/api/admin/blog/generate-now', {}, { cookie })).json.blogPost;
    await t.request(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: new FormData(), headers: { Origin: 'http://localhost:3999', Cookie: cookie } });
    expect((await get(path)).headers.get('x-cache')).toBe('MISS');
    expect((await get('/blog')).headers.get('x-cache')).toBe('MISS');
    expect(await (await get('/blog')).text()).toContain(post.title.replace(/&/g, '&amp;').slice(0, 20));

    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      expect((await get(path)).headers.get('x-cache')).toBe('HIT');
      vi.setSystemTime(Date.now() + 61_000);
      expect((await get(path)).headers.get('x-cache')).toBe('MISS');
    } finally {
      vi.useRealTimers();
    }
  });
});
