// The blog through HTTP: seeded articles, list filters and paging, posts, related, view counting, and the
// admin workflow (generate → pending → approve with sanitizing and an image, or reject), the scheduler.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { blogCategories, blogPosts } from '@/server/db/schema';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

const postById = async (id: number) => (await t.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
const categoryBySlug = async (slug: string) => (await t.db.select().from(blogCategories).where(eq(blogCategories.slug, slug)))[0];

describe('public blog', () => {
  it('has at least 12 published articles, 9 per page, with a working next page', async () => {
    const first = await call(t.request, '/api/blog/posts?sort=newest');
    expect(first.status).toBe(200);
    expect(first.json.total).toBeGreaterThanOrEqual(12);
    expect(first.json.posts).toHaveLength(9);
    expect(first.json.hasMore).toBe(true);
    const second = await call(t.request, '/api/blog/posts?sort=newest&page=2');
    expect(second.json.posts.length).toBe(first.json.total - 9);
    const ids = new Set([...first.json.posts, ...second.json.posts].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(first.json.total);
    const dates = first.json.posts.map((p: { publishedAt: string }) => Date.parse(p.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // Cards carry no article body; posts carry a read time and an author.
    expect(first.json.posts[0].content).toBeUndefined();
    expect(first.json.posts[0]).toMatchObject({ authorName: expect.any(String), readTime: expect.any(Number) });
  });

  it('narrows by search and category, and sorts by popularity', async () => {
    const search = await call(t.request, '/api/blog/posts?search=canaveral');
    expect(search.json.posts.map((p: { title: string }) => p.title)).toEqual(['Port Canaveral Parking: Where to Park for Your Cruise']);
    const cruise = await call(t.request, '/api/blog/posts?category=cruise-port-guides');
    expect(cruise.json.posts.length).toBeGreaterThanOrEqual(3);
    expect(cruise.json.posts.every((p: { category: string }) => p.category === 'cruise-port-guides')).toBe(true);
    const popular = await call(t.request, '/api/blog/posts?sort=popular');
    const views = popular.json.posts.map((p: { viewCount: number }) => p.viewCount);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expect((await call(t.request, '/api/blog/posts?search=zzzz-nothing')).json).toMatchObject({ posts: [], total: 0, hasMore: false });
  });

  it('counts categories, features 3 posts, serves a post with related ones, and 404s the rest', async () => {
    const categories = await call(t.request, '/api/blog/categories');
    const total = (await call(t.request, '/api/blog/posts')).json.total;
    expect(categories.json.reduce((s: number, c: { postCount: number }) => s + c.postCount, 0)).toBe(total);
    expect(categories.json[0]).toMatchObject({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String), postCount: expect.any(Number) });

    const featured = await call(t.request, '/api/blog/featured');
    expect(featured.json).toHaveLength(3);

    const post = await call(t.request, `/api/blog/post/${featured.json[0].slug}`);
    expect(post.json).toMatchObject({ slug: featured.json[0].slug, readTime: expect.any(Number), content: expect.stringContaining('<h2>') });
    expect(post.json.content).not.toMatch(/<script/i);
    const related = await call(t.request, `/api/blog/related/${post.json.id}?category=${post.json.category}`);
    expect(related.json.length).toBeLessThanOrEqual(3);
    expect(related.json.length).toBeGreaterThan(0);
    expect(related.json.some((p: { id: number }) => p.id === post.json.id)).toBe(false);

    const missing = await call(t.request, '/api/blog/post/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'Post not found' });
  });

  it('counts a view once per visitor, so a loop cannot inflate it', async () => {
    const post = (await call(t.request, '/api/blog/featured')).json[1];
    const updatedBefore = (await postById(post.id))!.updatedAt.getTime();
    const first = await call(t.request, `/api/blog/post/${post.id}/view`, {}, { ip: '10.0.0.1' });
    expect(first.json).toEqual({ counted: true, viewCount: post.viewCount + 1 });
    for (let i = 0; i < 5; i++) await call(t.request, `/api/blog/post/${post.id}/view`, {}, { ip: '10.0.0.1' });
    const other = await call(t.request, `/api/blog/post/${post.id}/view`, {}, { ip: '10.0.0.2' });
    expect(other.json).toEqual({ counted: true, viewCount: post.viewCount + 2 });
    // A view is not an edit: the post's last-modified date (the sitemap's lastmod) stays.
    expect((await postById(post.id))!.updatedAt.getTime()).toBe(updatedBefore);
  });

  it('counts views sent at the same moment by one visitor once', async () => {
    const post = (await call(t.request, '/api/blog/featured')).json[2];
    const burst = await Promise.all([1, 2, 3, 4].map(() => call(t.request, `/api/blog/post/${post.id}/view`, {}, { ip: '10.0.0.3' })));
    expect(burst.filter((r) => r.json.counted)).toHaveLength(1);
    expect((await postById(post.id))!.viewCount).toBe(post.viewCount + 1);
  });
});

describe('editorial workflow', () => {
  it('is for administrators only', async () => {
    expect((await call(t.request, '/api/admin/blog/generate-now', {})).status).toBe(401);
    const { cookie: user } = await createUser(t, { email: 'writer@example.com' });
    for (const [method, path] of [
      ['POST', '/api/admin/blog/generate-now'],
      ['GET', '/api/admin/blog/recent'],
      ['DELETE', '/api/admin/blog/reject/1'],
      ['POST', '/api/admin/blog/schedule/start'],
    ] as const) {
      expect((await call(t.request, path, method === 'GET' || method === 'DELETE' ? undefined : {}, { method, cookie: user })).status).toBe(403);
    }
  });

  it('generates a pending post that stays hidden until approved; approval strips scripts and handlers', async () => {
    const { cookie: admin } = await createUser(t, { email: 'editor@example.com', role: 'admin' });
    const totalBefore = (await call(t.request, '/api/blog/posts')).json.total;
    const generated = await call(t.request, '/api/admin/blog/generate-now', {}, { cookie: admin });
    expect(generated.status).toBe(200);
    const post = generated.json.blogPost;
    expect(post).toMatchObject({ id: expect.any(Number), slug: expect.any(String), title: expect.any(String) });
    expect(await postById(post.id)).toMatchObject({ status: 'pending', published: 0 });
    expect((await call(t.request, `/api/blog/post/${post.slug}`)).status).toBe(404);
    expect((await call(t.request, '/api/blog/posts')).json.total).toBe(totalBefore);
    const recent = await call(t.request, '/api/admin/blog/recent', undefined, { cookie: admin });
    expect(recent.json[0]).toMatchObject({ id: post.id, status: 'pending' });

    // A second generation never repeats the topic.
    const next = await call(t.request, '/api/admin/blog/generate-now', {}, { cookie: admin });
    expect(next.json.blogPost.slug).not.toBe(post.slug);

    const category = (await categoryBySlug(post.category))!;
    const form = new FormData();
    form.set('title', 'Edited: <b>Parking</b> guide');
    form.set('excerpt', 'Short <i>summary</i>');
    form.set('content', '<h2>Hello</h2><p onclick="steal()">Safe text <a href="javascript:alert(1)">link</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    form.set('image', new File([png], 'cover.png', { type: 'image/png' }));
    const res = await t.request(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN, Cookie: admin } });
    expect(res.status).toBe(200);
    const approved = (await res.json()).post;
    expect(approved.title).toBe('Edited: Parking guide');
    const live = await call(t.request, `/api/blog/post/${approved.slug}`);
    expect(live.status).toBe(200);
    expect(live.json.content).toContain('<h2>Hello</h2>');
    expect(live.json.content).toContain('Safe text');
    expect(live.json.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(live.json.excerpt).toBe('Short summary');
    expect(live.json.featuredImage).toMatch(/^\/uploads\/blog\/[a-f0-9]{32}\.png$/);
    const image = await t.request(live.json.featuredImage);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect((await categoryBySlug(post.category))!.postCount).toBe(category.postCount + 1);

    // Rejecting deletes; the count stays right.
    const gone = await call(t.request, `/api/admin/blog/reject/${next.json.blogPost.id}`, undefined, { method: 'DELETE', cookie: admin });
    expect(gone.status).toBe(200);
    expect(await postById(next.json.blogPost.id)).toBeUndefined();
    expect((await call(t.request, `/api/admin/blog/reject/${next.json.blogPost.id}`, undefined, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });

  it('writes a different topic for each of several Generate Now requests at once', async () => {
    const { cookie: admin } = await createUser(t, { email: 'rush@example.com', role: 'admin' });
    const results = await Promise.all([1, 2, 3].map(() => call(t.request, '/api/admin/blog/generate-now', {}, { cookie: admin })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await Promise.all(results.map(async (r) => (await postById(r.json.blogPost.id))!));
    expect(new Set(rows.map((p) => p.topicKey)).size).toBe(3);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(3);
  });

  it('gives two pending posts approved at once under one edited title different addresses', async () => {
    const { cookie: admin } = await createUser(t, { email: 'twins@example.com', role: 'admin' });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await call(t.request, '/api/admin/blog/generate-now', {}, { cookie: admin })).json.blogPost.id);
    const approve = async (id: number) => {
      const form = new FormData();
      form.set('title', 'Twin Parking Guide');
      return await t.request(`/api/admin/blog/approve/${id}`, { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN, Cookie: admin } });
    };
    const responses = await Promise.all(ids.map(approve));
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const slugs = (await Promise.all(responses.map((r) => r.json()))).map((b: { post: { slug: string } }) => b.post.slug).sort();
    expect(slugs).toEqual(['twin-parking-guide', 'twin-parking-guide-2']);
  });

  it('refuses images that are not JPEG, PNG or WebP by their content', async () => {
    const { cookie: admin } = await createUser(t, { email: 'images@example.com', role: 'admin' });
    const post = (await call(t.request, '/api/admin/blog/generate-now', {}, { cookie: admin })).json.blogPost;
    const form = new FormData();
    form.set('image', new File(['<svg onload="alert(1)"></svg>'], 'evil.png', { type: 'image/png' }));
    const res = await t.request(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN, Cookie: admin } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Images must be JPEG, PNG or WebP.');
    expect((await postById(post.id))!.published).toBe(0);
  });

  it('runs the scheduler from persisted state, and resets topics', async () => {
    const { cookie: admin } = await createUser(t, { email: 'scheduler@example.com', role: 'admin' });
    const started = await call(t.request, '/api/admin/blog/schedule/start', {}, { cookie: admin });
    expect(started.json).toMatchObject({ isRunning: true, totalTopics: expect.any(Number), message: 'Blog scheduler started - new posts every 3 days' });
    const next = Date.parse(started.json.nextScheduledRun);
    expect(next - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect((await call(t.request, '/api/admin/blog/schedule', undefined, { cookie: admin })).json.isRunning).toBe(true);

    const { schedulerTick } = await import('@/server/modules/blog/blog.service');
    expect(await schedulerTick(t.db, new Date(next - 60_000))).toBeNull();
    // Several servers tick at once: one of them claims the due run and writes the one post.
    const ticks = await Promise.all([1, 2, 3].map(() => schedulerTick(t.db, new Date(next + 1000))));
    expect(ticks.filter(Boolean)).toHaveLength(1);
    const due = ticks.find(Boolean);
    expect(due).toMatchObject({ id: expect.any(Number) });
    expect((await postById(due!.id))!.status).toBe('pending');
    expect(Date.parse((await call(t.request, '/api/admin/blog/schedule', undefined, { cookie: admin })).json.nextScheduledRun)).toBeGreaterThan(next);

    expect((await call(t.request, '/api/admin/blog/schedule/stop', {}, { cookie: admin })).json).toMatchObject({ isRunning: false, nextScheduledRun: null });
    expect((await call(t.request, '/api/admin/blog/schedule', undefined, { cookie: admin })).json.usedTopicsCount).toBeGreaterThan(12);
    expect((await call(t.request, '/api/admin/blog/reset-topics', {}, { cookie: admin })).json.message).toBe('Topic cache reset successfully');
    expect((await call(t.request, '/api/admin/blog/schedule', undefined, { cookie: admin })).json.usedTopicsCount).toBe(0);
  });
});
