// The blog: public reads (published posts only), view counting, and the editorial workflow: the content
// engine drafts pending posts, an administrator approves (optionally editing and adding an image) or
// rejects them. HTML is sanitized with an allow-list on every save. Category counts follow every change.
import { bumpContentVersion } from '../../content-version';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { DB } from '../../db/client';
import { blogCategories, blogPosts, blogViews, jobState } from '../../db/schema';
import { BLOG_FEATURED_COUNT, BLOG_PAGE_SIZE, BLOG_RELATED_COUNT, BLOG_SCHEDULE_INTERVAL_DAYS } from '@/shared/constants';
import { allTopics, slugify, writeTopic } from './content-engine';

type Post = typeof blogPosts.$inferSelect;
const DAY = 86_400_000;
const VIEW_WINDOW_MS = 30 * 60_000;
export const DEFAULT_AUTHOR = 'ParkPilot Travel Desk';

// ---------------------------------------------------------------------------------------------------------
// Sanitizing

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height', 'loading'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tag, attribs) => ({ tagName: 'a', attribs: { ...attribs, ...(attribs.target ? { rel: 'noopener noreferrer' } : {}) } }),
    img: (tag, attribs) => ({ tagName: 'img', attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** The only HTML a post may hold: headings, paragraphs, lists, links, tables and images; no scripts or handlers. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

const plain = (s: string) => sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} }).trim();

// ---------------------------------------------------------------------------------------------------------
// Shapes

export function readTime(html: string): number {
  // Counting words only: a tag strip is enough (nothing here is rendered).
  const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

function shape(p: Post) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt ?? '',
    // Sanitized on every save and again here, on the way out: a row written around the service (a restore, a
    // hand edit, an older version) still cannot put script into a page.
    content: sanitizePostHtml(p.content),
    category: p.category,
    tags: p.tags,
    featuredImage: p.featuredImage,
    authorName: p.authorName ?? DEFAULT_AUTHOR,
    publishedAt: p.publishedAt,
    readTime: readTime(p.content),
    viewCount: p.viewCount,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    featured: p.featured === 1,
  };
}
export type TBlogPost = ReturnType<typeof shape>;

/** A card in lists: everything but the article body. */
function card(p: Post) {
  const { content: _c, ...rest } = shape({ ...p, content: '' });
  return { ...rest, readTime: readTime(p.content) };
}

const published = eq(blogPosts.published, 1);

// ---------------------------------------------------------------------------------------------------------
// Public reads

export function listPosts(db: DB, q: { search?: string; category?: string; sort: 'newest' | 'oldest' | 'popular' | 'trending'; page: number }) {
  const conditions: SQL[] = [published];
  if (q.category) conditions.push(eq(blogPosts.category, q.category));
  if (q.search) {
    const term = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = (col: unknown) => sql`lower(${col}) like ${term} escape '\\'`;
    conditions.push(or(match(blogPosts.title), match(sql`coalesce(${blogPosts.excerpt}, '')`), match(blogPosts.content), match(sql`${blogPosts.tags}`))!);
  }
  const where = and(...conditions);
  const since = new Date(Date.now() - 7 * DAY);
  const recentViews = sql<number>`(select count(*) from ${blogViews} where ${blogViews.postId} = ${blogPosts.id} and ${blogViews.createdAt} > ${since.getTime()})`;
  const order = {
    newest: [desc(blogPosts.publishedAt), desc(blogPosts.id)],
    oldest: [blogPosts.publishedAt, blogPosts.id],
    popular: [desc(blogPosts.viewCount), desc(blogPosts.publishedAt)],
    trending: [desc(recentViews), desc(blogPosts.viewCount), desc(blogPosts.publishedAt)],
  }[q.sort];
  const total = db.select({ n: sql<number>`count(*)` }).from(blogPosts).where(where).get()!.n;
  const rows = db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...order)
    .limit(BLOG_PAGE_SIZE)
    .offset((q.page - 1) * BLOG_PAGE_SIZE)
    .all();
  return { posts: rows.map(card), total, page: q.page, pageSize: BLOG_PAGE_SIZE, hasMore: q.page * BLOG_PAGE_SIZE < total };
}

export function listCategories(db: DB) {
  return db
    .select({ id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name, description: blogCategories.description, postCount: blogCategories.postCount })
    .from(blogCategories)
    .orderBy(blogCategories.id)
    .all();
}

export function getCategory(db: DB, slug: string) {
  const c = db.select().from(blogCategories).where(eq(blogCategories.slug, slug)).get();
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: 'Category not found' });
  return { id: c.id, slug: c.slug, name: c.name, description: c.description, metaTitle: c.metaTitle, metaDescription: c.metaDescription, postCount: c.postCount };
}

export function featuredPosts(db: DB) {
  const rows = db.select().from(blogPosts).where(and(published, eq(blogPosts.featured, 1))).orderBy(desc(blogPosts.publishedAt)).limit(BLOG_FEATURED_COUNT).all();
  if (rows.length < BLOG_FEATURED_COUNT) {
    const more = db
      .select()
      .from(blogPosts)
      .where(and(published, eq(blogPosts.featured, 0)))
      .orderBy(desc(blogPosts.viewCount), desc(blogPosts.publishedAt))
      .limit(BLOG_FEATURED_COUNT - rows.length)
      .all();
    rows.push(...more);
  }
  return rows.map(card);
}

export function getPost(db: DB, slug: string) {
  const row = db.select().from(blogPosts).where(and(published, eq(blogPosts.slug, slug))).get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Post not found' });
  return shape(row);
}

export function relatedPosts(db: DB, postId: number, category?: string) {
  const others = and(published, sql`${blogPosts.id} != ${postId}`);
  const same = category ? db.select().from(blogPosts).where(and(others, eq(blogPosts.category, category))).orderBy(desc(blogPosts.publishedAt)).limit(BLOG_RELATED_COUNT).all() : [];
  if (same.length < BLOG_RELATED_COUNT) {
    const taken = new Set(same.map((p) => p.id));
    const fill = db.select().from(blogPosts).where(others).orderBy(desc(blogPosts.publishedAt)).limit(BLOG_RELATED_COUNT + taken.size).all();
    for (const p of fill) if (same.length < BLOG_RELATED_COUNT && !taken.has(p.id)) same.push(p);
  }
  return same.map(card);
}

/** Counts a view, at most once per visitor per post per half hour, so a loop cannot inflate the count. */
export function recordView(db: DB, postId: number, visitorKey: string, now = new Date()) {
  const post = db.select({ id: blogPosts.id, viewCount: blogPosts.viewCount }).from(blogPosts).where(and(eq(blogPosts.id, postId), published)).get();
  if (!post) throw new TRPCError({ code: 'NOT_FOUND', message: 'Post not found' });
  const visitor = createHash('sha256').update(visitorKey).digest('hex');
  return db.transaction(
    (tx) => {
      const recent = tx
        .select({ id: blogViews.id })
        .from(blogViews)
        .where(and(eq(blogViews.visitor, visitor), eq(blogViews.postId, postId), gt(blogViews.createdAt, new Date(now.getTime() - VIEW_WINDOW_MS))))
        .get();
      if (recent) return { counted: false, viewCount: post.viewCount };
      tx.insert(blogViews).values({ postId, visitor, createdAt: now }).run();
      const updated = tx.update(blogPosts).set({ viewCount: sql`${blogPosts.viewCount} + 1` }).where(eq(blogPosts.id, postId)).returning({ viewCount: blogPosts.viewCount }).get()!;
      return { counted: true, viewCount: updated.viewCount };
    },
    { behavior: 'immediate' },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Editorial workflow

/** Category counts are the number of published posts in each: recomputed in the same transaction as a change. */
export function refreshCategoryCounts(db: Pick<DB, 'update'>) {
  db.update(blogCategories)
    .set({ postCount: sql`(select count(*) from ${blogPosts} where ${blogPosts.category} = ${blogCategories.slug} and ${blogPosts.published} = 1)` })
    .run();
}

function uniqueSlug(db: Pick<DB, 'select'>, base: string, exceptId?: number): string {
  let slug = base || `post-${randomBytes(3).toString('hex')}`;
  for (let i = 2; ; i++) {
    const clash = db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).get();
    if (!clash || clash.id === exceptId) return slug;
    slug = `${base}-${i}`;
  }
}

interface TopicState {
  used: string[];
}
function readState<T extends Record<string, unknown>>(db: DB, name: string, fallback: T): T {
  const row = db.select().from(jobState).where(eq(jobState.name, name)).get();
  return (row?.value as T | undefined) ?? fallback;
}
function writeState(db: Pick<DB, 'insert'>, name: string, value: Record<string, unknown>) {
  db.insert(jobState).values({ name, value }).onConflictDoUpdate({ target: jobState.name, set: { value, updatedAt: new Date() } }).run();
}

/** Writes the next unused topic as a post. `publish` is for seeding; generated posts wait for approval. */
export function generatePost(db: DB, opts: { publish?: boolean; topicKey?: string; featured?: boolean; publishedAt?: Date; authorName?: string } = {}) {
  const state = readState<TopicState & Record<string, unknown>>(db, 'blog-topics', { used: [] });
  const used = new Set(state.used);
  const candidates = opts.topicKey ? [opts.topicKey] : allTopics(db).filter((t) => !used.has(t));
  for (const topicKey of candidates) {
    const draft = writeTopic(db, topicKey);
    if (!draft) continue;
    const row = db.transaction((tx) => {
      const inserted = tx
        .insert(blogPosts)
        .values({
          title: draft.title,
          slug: uniqueSlug(tx, draft.slug),
          excerpt: draft.excerpt,
          content: sanitizePostHtml(draft.content),
          metaTitle: draft.metaTitle,
          metaDescription: draft.metaDescription,
          featuredImage: draft.featuredImage,
          category: draft.category,
          tags: draft.tags,
          authorName: opts.authorName ?? DEFAULT_AUTHOR,
          topicKey,
          published: opts.publish ? 1 : 0,
          status: opts.publish ? 'approved' : 'pending',
          featured: opts.featured ? 1 : 0,
          publishedAt: opts.publish ? (opts.publishedAt ?? new Date()) : null,
        })
        .returning()
        .get();
      writeState(tx, 'blog-topics', { used: [...used, topicKey] });
      if (opts.publish) {
        refreshCategoryCounts(tx);
        bumpContentVersion(tx);
      }
      return inserted;
    });
    return shape(row);
  }
  throw new TRPCError({ code: 'CONFLICT', message: 'Every topic has been used. Reset the topics to write new posts.' });
}

export function resetTopics(db: DB) {
  writeState(db, 'blog-topics', { used: [] });
  return { success: true as const, message: 'Topic cache reset successfully' };
}

// Uploaded images: type from the content (not the name), size-limited, stored under a generated name.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
function imageType(bytes: Uint8Array): 'jpg' | 'png' | 'webp' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'webp';
  return null;
}

export async function storeImage(uploadsDir: string, file: Blob): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Images must be 5 MB or smaller.' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = imageType(bytes);
  if (!ext) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Images must be JPEG, PNG or WebP.' });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  fs.mkdirSync(path.join(uploadsDir, 'blog'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'blog', name), bytes);
  return `/uploads/blog/${name}`;
}

export async function approvePost(db: DB, uploadsDir: string, postId: number, edits: { title?: string; excerpt?: string; content?: string; image?: Blob }) {
  const post = db.select().from(blogPosts).where(eq(blogPosts.id, postId)).get();
  if (!post) throw new TRPCError({ code: 'NOT_FOUND', message: 'Post not found' });
  const featuredImage = edits.image ? await storeImage(uploadsDir, edits.image) : post.featuredImage;
  const title = edits.title ? plain(edits.title) : post.title;
  const row = db.transaction((tx) => {
    const updated = tx
      .update(blogPosts)
      .set({
        title,
        // A pending post's address follows an edited title; a published one keeps its address.
        slug: edits.title && post.published === 0 ? uniqueSlug(tx, slugify(title), post.id) : post.slug,
        excerpt: edits.excerpt !== undefined ? plain(edits.excerpt) : post.excerpt,
        content: sanitizePostHtml(edits.content ?? post.content),
        metaTitle: edits.title ? title : post.metaTitle,
        featuredImage,
        published: 1,
        status: 'approved',
        publishedAt: post.publishedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, postId))
      .returning()
      .get()!;
    refreshCategoryCounts(tx);
    bumpContentVersion(tx);
    return updated;
  });
  return { success: true as const, message: 'The blog post is now live on your website.', post: shape(row) };
}

export function rejectPost(db: DB, postId: number) {
  const deleted = db.transaction((tx) => {
    const gone = tx.delete(blogPosts).where(eq(blogPosts.id, postId)).run().changes;
    refreshCategoryCounts(tx);
    bumpContentVersion(tx);
    return gone;
  });
  if (!deleted) throw new TRPCError({ code: 'NOT_FOUND', message: 'Post not found' });
  return { success: true as const, message: 'The blog post has been deleted.' };
}

export function recentPosts(db: DB, limit = 20) {
  return db
    .select()
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit)
    .all()
    .map((p) => ({ ...shape(p), status: p.status, createdAt: p.createdAt }));
}

// ---------------------------------------------------------------------------------------------------------
// Scheduler: one pending post every 3 days while running; the state lives in job_state.

interface SchedulerState extends Record<string, unknown> {
  isRunning: boolean;
  nextScheduledRun: string | null;
  lastRunAt: string | null;
}
const SCHEDULER = 'blog-scheduler';
const idle: SchedulerState = { isRunning: false, nextScheduledRun: null, lastRunAt: null };

export function schedulerStatus(db: DB) {
  const s = readState(db, SCHEDULER, idle);
  const used = readState<TopicState & Record<string, unknown>>(db, 'blog-topics', { used: [] }).used.length;
  return { isRunning: s.isRunning, usedTopicsCount: used, totalTopics: allTopics(db).length, nextScheduledRun: s.nextScheduledRun, lastRunAt: s.lastRunAt };
}

export function startScheduler(db: DB, now = new Date()) {
  const s = readState(db, SCHEDULER, idle);
  if (!s.isRunning) writeState(db, SCHEDULER, { ...s, isRunning: true, nextScheduledRun: new Date(now.getTime() + BLOG_SCHEDULE_INTERVAL_DAYS * DAY).toISOString() });
  return { ...schedulerStatus(db), message: 'Blog scheduler started - new posts every 3 days' };
}

export function stopScheduler(db: DB) {
  const s = readState(db, SCHEDULER, idle);
  writeState(db, SCHEDULER, { ...s, isRunning: false, nextScheduledRun: null });
  return { ...schedulerStatus(db), message: 'Blog scheduler stopped' };
}

/** Called every minute: writes a pending post when the next run is due (once, even after a long downtime). */
export function schedulerTick(db: DB, now = new Date()) {
  const s = readState(db, SCHEDULER, idle);
  if (!s.isRunning || !s.nextScheduledRun || Date.parse(s.nextScheduledRun) > now.getTime()) return null;
  writeState(db, SCHEDULER, { ...s, lastRunAt: now.toISOString(), nextScheduledRun: new Date(now.getTime() + BLOG_SCHEDULE_INTERVAL_DAYS * DAY).toISOString() });
  try {
    return generatePost(db);
  } catch (err) {
    console.error('Scheduled blog post failed:', (err as Error).message);
    return null;
  }
}
