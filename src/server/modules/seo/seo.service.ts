// SEO landing pages: the stored page for a slug (written from catalogue facts at seeding), served sanitized.
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, seoPages } from '../../db/schema';
import { sanitizePostHtml } from '../blog/blog.service';

export function getSeoPage(db: DB, slug: string) {
  const key = slug.trim().toLowerCase();
  const row = db.select().from(seoPages).where(and(eq(seoPages.slug, key), eq(seoPages.published, 1))).get();
  if (!row) {
    // A location reached by its directory slug has the same page under its SEO slug.
    const loc = db.select({ seoSlug: locations.seoSlug }).from(locations).where(eq(locations.slug, key)).get();
    if (loc && loc.seoSlug !== key) return getSeoPage(db, loc.seoSlug);
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Page not found' });
  }
  return {
    title: row.title,
    slug: row.slug,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    content: sanitizePostHtml(row.content),
    targetKeywords: row.targetKeywords,
    location: row.location,
    template: row.template,
    updatedAt: row.updatedAt,
  };
}
