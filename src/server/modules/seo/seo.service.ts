// SEO landing pages: the stored page for a slug (written from catalogue facts at seeding), served sanitized.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, seoPages } from '../../db/schema';
import { AppError } from '../../errors';
import { sanitizePostHtml } from '../blog/shape';

const pageAt = async (db: DB, slug: string) =>
  (
    await db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.slug, slug), eq(seoPages.published, 1)))
  )[0];

export async function getSeoPage(db: DB, slug: string) {
  const key = slug.trim().toLowerCase();
  let row = await pageAt(db, key);
  if (!row) {
    // A location reached by its directory slug has the same page under its SEO slug.
    const [loc] = await db.select({ seoSlug: locations.seoSlug }).from(locations).where(eq(locations.slug, key));
    if (loc && loc.seoSlug !== key) row = await pageAt(db, loc.seoSlug);
    if (!row) throw new AppError('NOT_FOUND', 'Page not found');
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
