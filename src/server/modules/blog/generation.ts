// The content engine's side of the blog: which topics are used, writing a topic as a post, and the scheduler
// that drafts one pending post every few days. Safe with several servers: the used-topic list and the
// scheduler's next run are claimed with compare-and-set updates on job_state, and slugs are taken with
// insert ... on conflict do nothing, so no topic is written twice and a due run gives one post, not one per server.
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { isUniqueViolation } from '../../db/dialect';
import { blogCategories, blogPosts, jobState } from '../../db/schema';
import { bumpContentVersion } from '../../content-version';
import { AppError } from '../../errors';
import { BLOG_SCHEDULE_INTERVAL_DAYS } from '@/shared/constants';
import { allTopics, writeTopic } from './content-engine';
import { DEFAULT_AUTHOR, sanitizePostHtml, shape, type Post } from './shape';

const DAY = 86_400_000;
type Handle = Pick<DB, 'select' | 'insert' | 'update'>;

// ---------------------------------------------------------------------------------------------------------
// Persisted state (job_state)

type State = Record<string, unknown>;

async function readState<T extends State>(db: Pick<DB, 'select'>, name: string, fallback: T): Promise<T> {
  const [row] = await db.select({ value: jobState.value }).from(jobState).where(eq(jobState.name, name));
  return (row?.value as T | undefined) ?? fallback;
}

/**
 * Changes a job_state value by compare-and-set: `change` gets the current value and returns the next one, or
 * null for nothing to do. The write lands only if the stored value is still the one read; otherwise another
 * writer got there first and `change` runs again on theirs. Returns the value written, or null.
 */
async function updateState<T extends State>(db: Handle, name: string, fallback: T, change: (current: T) => T | null): Promise<T | null> {
  for (let tries = 0; tries < 20; tries++) {
    const [row] = await db.select({ value: jobState.value }).from(jobState).where(eq(jobState.name, name));
    const next = change((row?.value as T | undefined) ?? fallback);
    if (!next) return null;
    const written = row
      ? await db
          .update(jobState)
          .set({ value: next, updatedAt: new Date() })
          .where(and(eq(jobState.name, name), eq(jobState.value, row.value)))
          .returning({ name: jobState.name })
      : await db.insert(jobState).values({ name, value: next }).onConflictDoNothing().returning({ name: jobState.name });
    if (written.length) return next;
  }
  throw new AppError('CONFLICT', 'The blog settings are being changed elsewhere. Please try again.');
}

// ---------------------------------------------------------------------------------------------------------
// Slugs and category counts

/**
 * Runs `attempt` with the first free slug of base, base-2, base-3, ... (the post `exceptId` may keep its own).
 * `attempt` answers undefined when another writer took the slug in the meantime: then the next one is tried.
 */
async function withFreeSlug<T>(db: Handle, base: string, exceptId: number | undefined, attempt: (slug: string) => Promise<T | undefined>): Promise<T> {
  const root = base || `post-${randomBytes(3).toString('hex')}`;
  const pattern = `${root.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, root), sql`${blogPosts.slug} like ${pattern} escape '\\'`));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? root : `${root}-${i}`;
    if (taken.has(slug)) continue;
    const done = await attempt(slug);
    if (done !== undefined) return done;
  }
  throw new AppError('CONFLICT', 'No free address for this post. Please change its title.');
}

/** Inserts a post under a free slug (insert ... on conflict do nothing: a slug taken meanwhile moves it on). */
function insertPost(tx: Handle, base: string, values: Omit<typeof blogPosts.$inferInsert, 'slug'>): Promise<Post> {
  return withFreeSlug(tx, base, undefined, async (slug) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning();
    return row;
  });
}

/**
 * Updates a post and moves it to a free slug. Each try runs in a savepoint, so a unique violation (another
 * writer took the slug a moment ago) only sends it on to the next slug. Null when the post is gone.
 */
export function updatePostWithFreeSlug(tx: DB, postId: number, base: string, values: Partial<typeof blogPosts.$inferInsert>): Promise<Post | null> {
  return withFreeSlug(tx, base, postId, (slug) =>
    tx
      .transaction(async (sp) => {
        const [row] = await sp
          .update(blogPosts)
          .set({ ...values, slug })
          .where(eq(blogPosts.id, postId))
          .returning();
        return row ?? null;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }),
  );
}

/** Category counts are the number of published posts in each: recomputed in the same transaction as a change. */
export async function refreshCategoryCounts(db: Pick<DB, 'update'>): Promise<void> {
  await db.update(blogCategories).set({ postCount: sql`(select count(*) from ${blogPosts} where ${blogPosts.category} = ${blogCategories.slug} and ${blogPosts.published} = 1)` });
}

// ---------------------------------------------------------------------------------------------------------
// Topics and generation

interface TopicState extends State {
  used: string[];
}
const TOPICS = 'blog-topics';
const noTopics: TopicState = { used: [] };

/** Writes the next unused topic as a post. `publish` is for seeding; generated posts wait for approval. */
export async function generatePost(db: DB, opts: { publish?: boolean; topicKey?: string; featured?: boolean; publishedAt?: Date; authorName?: string } = {}) {
  const used = new Set((await readState(db, TOPICS, noTopics)).used);
  const candidates = opts.topicKey ? [opts.topicKey] : (await allTopics(db)).filter((t) => !used.has(t));
  for (const topicKey of candidates) {
    // Drafted from the catalogue before the transaction (reads only).
    const draft = await writeTopic(db, topicKey);
    if (!draft) continue;
    const row = await db.transaction(async (tx) => {
      // The claim: the topic joins the used list unless another writer added it since we looked (then we move
      // on to the next one). A topic named explicitly (the seed) is written even when already used.
      const claimed = await updateState(tx, TOPICS, noTopics, (s) => (!s.used.includes(topicKey) ? { ...s, used: [...s.used, topicKey] } : opts.topicKey ? s : null));
      if (!claimed) return null;
      const inserted = await insertPost(tx, draft.slug, {
        title: draft.title,
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
      });
      if (opts.publish) {
        await refreshCategoryCounts(tx);
        await bumpContentVersion(tx);
      }
      return inserted;
    });
    if (row) return shape(row);
  }
  throw new AppError('CONFLICT', 'Every topic has been used. Reset the topics to write new posts.');
}

export async function resetTopics(db: DB) {
  await updateState(db, TOPICS, noTopics, (s) => ({ ...s, used: [] }));
  return { success: true as const, message: 'Topic cache reset successfully' };
}

// ---------------------------------------------------------------------------------------------------------
// Scheduler: one pending post every 3 days while running; the state lives in job_state.

interface SchedulerState extends State {
  isRunning: boolean;
  nextScheduledRun: string | null;
  lastRunAt: string | null;
}
const SCHEDULER = 'blog-scheduler';
const idle: SchedulerState = { isRunning: false, nextScheduledRun: null, lastRunAt: null };
const runAfter = (now: Date) => new Date(now.getTime() + BLOG_SCHEDULE_INTERVAL_DAYS * DAY).toISOString();

export async function schedulerStatus(db: DB) {
  const s = await readState(db, SCHEDULER, idle);
  const used = (await readState(db, TOPICS, noTopics)).used.length;
  const totalTopics = (await allTopics(db)).length;
  return { isRunning: s.isRunning, usedTopicsCount: used, totalTopics, nextScheduledRun: s.nextScheduledRun, lastRunAt: s.lastRunAt };
}

export async function startScheduler(db: DB, now = new Date()) {
  await updateState(db, SCHEDULER, idle, (s) => (s.isRunning ? null : { ...s, isRunning: true, nextScheduledRun: runAfter(now) }));
  return { ...(await schedulerStatus(db)), message: 'Blog scheduler started - new posts every 3 days' };
}

export async function stopScheduler(db: DB) {
  await updateState(db, SCHEDULER, idle, (s) => (!s.isRunning && !s.nextScheduledRun ? null : { ...s, isRunning: false, nextScheduledRun: null }));
  return { ...(await schedulerStatus(db)), message: 'Blog scheduler stopped' };
}

/**
 * Called every minute on every server: when the next run is due, claims it (the compare-and-set moves the next
 * run on only if no one moved it first) and writes a pending post. Only the server whose claim lands writes,
 * so a due run gives one post however many servers tick, and one after a long downtime. Never throws.
 */
export async function schedulerTick(db: DB, now = new Date()) {
  try {
    const due = (s: SchedulerState) => s.isRunning && !!s.nextScheduledRun && Date.parse(s.nextScheduledRun) <= now.getTime();
    const claimed = await updateState(db, SCHEDULER, idle, (s) => (due(s) ? { ...s, lastRunAt: now.toISOString(), nextScheduledRun: runAfter(now) } : null));
    if (!claimed) return null;
    return await generatePost(db);
  } catch (err) {
    console.error('Scheduled blog post failed:', (err as Error).message);
    return null;
  }
}
