// Content: blog posts and categories, the blog scheduler's persisted state, SEO reports, chats.
import { k } from './_kit';
import { createdAt, id, jsonArray, timestamp, updatedAt } from './_columns';
import { users } from './users';

export const blogCategories = k.table('blog_categories', {
  id: id(),
  name: k.text('name').notNull().unique(),
  slug: k.text('slug').notNull().unique(),
  description: k.text('description'),
  metaTitle: k.text('meta_title'),
  metaDescription: k.text('meta_description'),
  postCount: k.integer('post_count').notNull().default(0),
});

export const blogPosts = k.table(
  'blog_posts',
  {
    id: id(),
    title: k.text('title').notNull(),
    slug: k.text('slug').notNull().unique(),
    excerpt: k.text('excerpt'),
    /** Sanitized HTML. */
    content: k.text('content').notNull(),
    metaTitle: k.text('meta_title'),
    metaDescription: k.text('meta_description'),
    featuredImage: k.text('featured_image'),
    /** Category slug. */
    category: k.text('category'),
    tags: jsonArray('tags'),
    authorId: k.integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: k.text('author_name'),
    /** Content-engine topic key, so a topic is not reused until the topics are reset. */
    topicKey: k.text('topic_key'),
    published: k.integer('published').notNull().default(0),
    status: k.text('status').notNull().default('pending'),
    featured: k.integer('featured').notNull().default(0),
    viewCount: k.integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    k.index('blog_posts_published_idx').on(t.published, t.publishedAt),
    k.index('blog_posts_category_idx').on(t.category),
    k.index('blog_posts_status_idx').on(t.status, t.createdAt),
  ],
);

/** Counted blog views (one per visitor per post per half hour), for trending and to stop inflated counts. */
export const blogViews = k.table(
  'blog_views',
  {
    id: id(),
    postId: k
      .integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor's address and user agent: no personal data kept. */
    visitor: k.text('visitor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.index('blog_views_post_idx').on(t.postId, t.createdAt), k.index('blog_views_visitor_idx').on(t.visitor, t.postId, t.createdAt)],
);

/** Key-value state for background jobs (e.g. the blog scheduler), so a restart keeps it. */
export const jobState = k.table('job_state', {
  name: k.text('name').primaryKey(),
  value: k.json<Record<string, unknown>>('value').notNull(),
  updatedAt: updatedAt(),
});

export const seoReports = k.table('seo_reports', {
  id: id(),
  periodDays: k.integer('period_days').notNull(),
  format: k.text('format', { enum: ['json', 'html'] }).notNull(),
  generatedBy: k.integer('generated_by').references(() => users.id, { onDelete: 'set null' }),
  report: k.json<Record<string, unknown>>('report').notNull(),
  createdAt: createdAt(),
});

export const chatSessions = k.table(
  'chat_sessions',
  {
    id: id(),
    userId: k.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Random id kept by anonymous visitors. */
    visitorId: k.text('visitor_id'),
    location: k.text('location'),
    messages: jsonArray('messages'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [k.index('chat_sessions_user_idx').on(t.userId), k.index('chat_sessions_visitor_idx').on(t.visitorId)],
);

/** Messages sent to a parking operator through the support contact-property action. */
export const supportMessages = k.table('support_messages', {
  id: id(),
  userId: k.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  bookingId: k.integer('booking_id'),
  type: k.text('type').notNull(),
  message: k.text('message').notNull(),
  createdAt: createdAt(),
});
