// Content: blog posts and categories, the blog scheduler's persisted state, SEO reports, chats.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, jsonArray, timestamp, updatedAt } from './_columns';
import { users } from './users';

export const blogCategories = sqliteTable('blog_categories', {
  id: id(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  postCount: integer('post_count').notNull().default(0),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt'),
    /** Sanitized HTML. */
    content: text('content').notNull(),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    featuredImage: text('featured_image'),
    /** Category slug. */
    category: text('category'),
    tags: jsonArray('tags'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    /** Content-engine topic key, so a topic is not reused until the topics are reset. */
    topicKey: text('topic_key'),
    published: integer('published').notNull().default(0),
    status: text('status').notNull().default('pending'),
    featured: integer('featured').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.published, t.publishedAt),
    index('blog_posts_category_idx').on(t.category),
    index('blog_posts_status_idx').on(t.status, t.createdAt),
  ],
);

/** Counted blog views (one per visitor per post per half hour), for trending and to stop inflated counts. */
export const blogViews = sqliteTable(
  'blog_views',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor's address and user agent: no personal data kept. */
    visitor: text('visitor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('blog_views_post_idx').on(t.postId, t.createdAt), index('blog_views_visitor_idx').on(t.visitor, t.postId, t.createdAt)],
);

/** Key-value state for background jobs (e.g. the blog scheduler), so a restart keeps it. */
export const jobState = sqliteTable('job_state', {
  name: text('name').primaryKey(),
  value: text('value', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export const seoReports = sqliteTable('seo_reports', {
  id: id(),
  periodDays: integer('period_days').notNull(),
  format: text('format', { enum: ['json', 'html'] }).notNull(),
  generatedBy: integer('generated_by').references(() => users.id, { onDelete: 'set null' }),
  report: text('report', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const chatSessions = sqliteTable(
  'chat_sessions',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Random id kept by anonymous visitors. */
    visitorId: text('visitor_id'),
    location: text('location'),
    messages: jsonArray('messages'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId), index('chat_sessions_visitor_idx').on(t.visitorId)],
);

/** Messages sent to a parking operator through the support contact-property action. */
export const supportMessages = sqliteTable('support_messages', {
  id: id(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  bookingId: integer('booking_id'),
  type: text('type').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
