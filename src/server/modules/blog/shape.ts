// What the blog stores and shows of a post: the HTML allow-list applied on every save and on the way out, the
// read time, and the shapes of a post and of a card in lists. No database access here.
import sanitizeHtml from 'sanitize-html';
import type { blogPosts } from '../../db/schema';

export type Post = typeof blogPosts.$inferSelect;
export const DEFAULT_AUTHOR = 'ParkPilot Travel Desk';

// ---------------------------------------------------------------------------------------------------------
// Sanitizing

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height', 'loading'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (_tag, attribs) => ({ tagName: 'a', attribs: { ...attribs, ...(attribs.target ? { rel: 'noopener noreferrer' } : {}) } }),
    img: (_tag, attribs) => ({ tagName: 'img', attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** The only HTML a post may hold: headings, paragraphs, lists, links, tables and images; no scripts or handlers. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

export const plain = (s: string) => sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} }).trim();

// ---------------------------------------------------------------------------------------------------------
// Shapes

export function readTime(html: string): number {
  // Counting words only: a tag strip is enough (nothing here is rendered).
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

export function shape(p: Post) {
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
export function card(p: Post) {
  const { content: _c, ...rest } = shape({ ...p, content: '' });
  return { ...rest, readTime: readTime(p.content) };
}
