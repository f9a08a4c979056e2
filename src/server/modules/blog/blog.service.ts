// The blog: public reads (published posts only), view counting, and the editorial workflow: the content
// engine drafts pending posts (generation.ts), an administrator approves (optionally editing and adding an
// image) or rejects them. HTML is sanitized with an allow-list on every save (shape.ts). Category counts
// follow every change.
import { bumpContentVersion } from '../../content-version';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jsonAsText, likeLower } from '../../db/dialect';
import { blogCategories, blogPosts, blogViews } from '../../db/schema';
import type { Services } from '../../deps';
import { AppError } from '../../errors';
import { BLOG_FEATURED_COUNT, BLOG_PAGE_SIZE, BLOG_RELATED_COUNT } from '@/shared/constants';
import { slugify } from './content-engine';
import { refreshCategoryCounts, updatePostWithFreeSlug } from './generation';
import { card, plain, sanitizePostHtml, shape } from './shape';

export { DEFAULT_AUTHOR, readTime, sanitizePostHtml, type TBlogPost } from './shape';
export { generatePost, refreshCategoryCounts, resetTopics, schedulerStatus, schedulerTick, startScheduler, stopScheduler } from './generation';

const DAY = 86_400_000;
const VIEW_WINDOW_MS = 30 * 60_000;
const published = eq(blogPosts.published, 1);
const notFound = () => new AppError('NOT_FOUND', 'Post not found');

// ---------------------------------------------------------------------------------------------------------
// Public reads

export async function listPosts(db: DB, q: { search?: string; category?: string; sort: 'newest' | 'oldest' | 'popular' | 'trending'; page: number }) {
  const conditions: SQL[] = [published];
  if (q.category) conditions.push(eq(blogPosts.category, q.category));
  if (q.search) {
    const term = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(likeLower(blogPosts.title, term), likeLower(blogPosts.excerpt, term), likeLower(blogPosts.content, term), likeLower(jsonAsText(blogPosts.tags), term))!);
  }
  const where = and(...conditions);
  const since = new Date(Date.now() - 7 * DAY);
  const recentViews = sql<number>`(select count(*) from ${blogViews} where ${and(eq(blogViews.postId, blogPosts.id), gt(blogViews.createdAt, since))})`;
  const order = {
    newest: [desc(blogPosts.publishedAt), desc(blogPosts.id)],
    oldest: [blogPosts.publishedAt, blogPosts.id],
    popular: [desc(blogPosts.viewCount), desc(blogPosts.publishedAt), desc(blogPosts.id)],
    trending: [desc(recentViews), desc(blogPosts.viewCount), desc(blogPosts.publishedAt), desc(blogPosts.id)],
  }[q.sort];
  const [counted] = await db.select({ n: count() }).from(blogPosts).where(where);
  const total = counted?.n ?? 0;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...order)
    .limit(BLOG_PAGE_SIZE)
    .offset((q.page - 1) * BLOG_PAGE_SIZE);
  return { posts: rows.map(card), total, page: q.page, pageSize: BLOG_PAGE_SIZE, hasMore: q.page * BLOG_PAGE_SIZE < total };
}

export async function listCategories(db: DB) {
  return db
    .select({ id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name, description: blogCategories.description, postCount: blogCategories.postCount })
    .from(blogCategories)
    .orderBy(blogCategories.id);
}

export async function getCategory(db: DB, slug: string) {
  const [c] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug));
  if (!c) throw new AppError('NOT_FOUND', 'Category not found');
  return { id: c.id, slug: c.slug, name: c.name, description: c.description, metaTitle: c.metaTitle, metaDescription: c.metaDescription, postCount: c.postCount };
}

export async function featuredPosts(db: DB) {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.featured, 1)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(BLOG_FEATURED_COUNT);
  if (rows.length < BLOG_FEATURED_COUNT) {
    const more = await db
      .select()
      .from(blogPosts)
      .where(and(published, eq(blogPosts.featured, 0)))
      .orderBy(desc(blogPosts.viewCount), desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(BLOG_FEATURED_COUNT - rows.length);
    rows.push(...more);
  }
  return rows.map(card);
}

export async function getPost(db: DB, slug: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)));
  if (!row) throw notFound();
  return shape(row);
}

export async function relatedPosts(db: DB, postId: number, category?: string) {
  const others = and(published, ne(blogPosts.id, postId));
  const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];
  const same = category
    ? await db
        .select()
        .from(blogPosts)
        .where(and(others, eq(blogPosts.category, category)))
        .orderBy(...newestFirst)
        .limit(BLOG_RELATED_COUNT)
    : [];
  if (same.length < BLOG_RELATED_COUNT) {
    const taken = new Set(same.map((p) => p.id));
    const fill = await db
      .select()
      .from(blogPosts)
      .where(others)
      .orderBy(...newestFirst)
      .limit(BLOG_RELATED_COUNT + taken.size);
    for (const p of fill) if (same.length < BLOG_RELATED_COUNT && !taken.has(p.id)) same.push(p);
  }
  return same.map(card);
}

/** Counts a view, at most once per visitor per post per half hour, so a loop cannot inflate the count. */
export async function recordView(db: DB, postId: number, visitorKey: string, now = new Date()) {
  const visitor = createHash('sha256').update(visitorKey).digest('hex');
  return db.transaction(async (tx) => {
    // Touching the post's row first (a no-op update) locks it until commit: a second view of the same post waits
    // here and then sees the first one's view below, so two views at once from one visitor count once.
    const [post] = await tx
      .update(blogPosts)
      .set({ viewCount: sql`${blogPosts.viewCount}`, updatedAt: sql`${blogPosts.updatedAt}` })
      .where(and(eq(blogPosts.id, postId), published))
      .returning({ viewCount: blogPosts.viewCount });
    if (!post) throw notFound();
    const [recent] = await tx
      .select({ id: blogViews.id })
      .from(blogViews)
      .where(and(eq(blogViews.visitor, visitor), eq(blogViews.postId, postId), gt(blogViews.createdAt, new Date(now.getTime() - VIEW_WINDOW_MS))))
      .limit(1);
    if (recent) return { counted: false, viewCount: post.viewCount };
    await tx.insert(blogViews).values({ postId, visitor, createdAt: now });
    const [updated] = await tx
      .update(blogPosts)
      // A view is not an edit: the post keeps its updatedAt (the sitemap's lastmod).
      .set({ viewCount: sql`${blogPosts.viewCount} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
      .where(eq(blogPosts.id, postId))
      .returning({ viewCount: blogPosts.viewCount });
    return { counted: true, viewCount: updated!.viewCount };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Editorial workflow

// Uploaded images: type from the content (not the name), size-limited, stored under a generated name.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
function imageType(bytes: Uint8Array): keyof typeof IMAGE_TYPES | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'webp';
  return null;
}

/** Stores an uploaded image in the blob store under blog/<32 hex>.<ext>; answers its public /uploads URL. */
export async function storeImage(blobs: Services['blobs'], file: Blob): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = imageType(bytes);
  if (!ext) throw new AppError('BAD_REQUEST', 'Images must be JPEG, PNG or WebP.');
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await blobs.put(`blog/${name}`, bytes, IMAGE_TYPES[ext]);
  return `/uploads/blog/${name}`;
}

export async function approvePost(db: DB, blobs: Services['blobs'], postId: number, edits: { title?: string; excerpt?: string; content?: string; image?: Blob }) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) throw notFound();
  // The upload goes to the store before the transaction (no I/O while it is open).
  const featuredImage = edits.image ? await storeImage(blobs, edits.image) : post.featuredImage;
  const title = edits.title ? plain(edits.title) : post.title;
  const values = {
    title,
    excerpt: edits.excerpt !== undefined ? plain(edits.excerpt) : post.excerpt,
    content: sanitizePostHtml(edits.content ?? post.content),
    metaTitle: edits.title ? title : post.metaTitle,
    featuredImage,
    published: 1,
    status: 'approved',
    publishedAt: post.publishedAt ?? new Date(),
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    // A pending post's address follows an edited title; a published one keeps its address.
    const [updated] =
      edits.title && post.published === 0
        ? [await updatePostWithFreeSlug(tx, postId, slugify(title), values)]
        : await tx.update(blogPosts).set(values).where(eq(blogPosts.id, postId)).returning();
    // Rejected (deleted) by another administrator meanwhile.
    if (!updated) throw notFound();
    await refreshCategoryCounts(tx);
    await bumpContentVersion(tx);
    return updated;
  });
  return { success: true as const, message: 'The blog post is now live on your website.', post: shape(row) };
}

export async function rejectPost(db: DB, postId: number) {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(blogPosts).where(eq(blogPosts.id, postId)).returning({ id: blogPosts.id });
    if (!gone.length) throw notFound();
    await refreshCategoryCounts(tx);
    await bumpContentVersion(tx);
  });
  return { success: true as const, message: 'The blog post has been deleted.' };
}

export async function recentPosts(db: DB, limit = 20) {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).limit(limit);
  return rows.map((p) => ({ ...shape(p), status: p.status, createdAt: p.createdAt }));
}
