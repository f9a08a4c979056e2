// /sitemap.xml and /robots.txt: every public URL with its last change (sitemaps.org 0.9, split into an
// index past 50,000 URLs), and the paths crawlers should skip. Cached until the content changes.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders } from '../../db/schema';
import { contentVersionReader } from '../../content-version';
import { publicUrls } from '../admin/admin.service';

export const SITEMAP_LIMIT = 50_000;
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Built files by database (several apps share a process in tests), kept until the content version moves. */
const caches = new WeakMap<object, { version: number; files: string[]; read: () => Promise<number> }>();

/** The sitemap files: one urlset, or an index (file 0) followed by urlsets of at most 50,000 URLs. */
export async function sitemapFiles(db: DB, appUrl: string): Promise<string[]> {
  const cached = caches.get(db);
  const read = cached?.read ?? contentVersionReader(db);
  // Read before the URLs: a change made while building moves the version again, and the next request rebuilds.
  const version = await read();
  if (cached && cached.version === version) return cached.files;
  // Unpublished lots have no public page (404): they are not listed.
  const hidden = new Set((await db.select({ slug: parkingProviders.slug }).from(parkingProviders).where(eq(parkingProviders.published, 0))).map((l) => `/provider/${l.slug}`));
  const urls = (await publicUrls(db)).filter((u) => !hidden.has(u.path));
  const urlset = (list: typeof urls) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list
      .map((u) => `  <url><loc>${xmlEscape(appUrl + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>\n`;
  let files: string[];
  if (urls.length <= SITEMAP_LIMIT) files = [urlset(urls)];
  else {
    const parts: (typeof urls)[] = [];
    for (let i = 0; i < urls.length; i += SITEMAP_LIMIT) parts.push(urls.slice(i, i + SITEMAP_LIMIT));
    const today = new Date().toISOString().slice(0, 10);
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
      .map((_, i) => `  <sitemap><loc>${xmlEscape(`${appUrl}/sitemap-${i + 1}.xml`)}</loc><lastmod>${today}</lastmod></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
    files = [index, ...parts.map(urlset)];
  }
  caches.set(db, { version, files, read });
  return files;
}

/** Disallow rules first, then the one Allow: page images under /api (lot illustrations) stay crawlable. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /booking',
    'Disallow: /thank-you',
    'Disallow: /account-settings',
    'Disallow: /payment-methods',
    'Disallow: /verify-email',
    'Disallow: /reset-password',
    'Disallow: /forgot-password',
    'Disallow: /gate',
    'Allow: /api/placeholder/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
