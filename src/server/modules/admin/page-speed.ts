// Page speed, measured on our own pages (documented formula): the home page, a location page and a blog post,
// fetched in-process, timed and weighed.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { blogPosts, locations } from '../../db/schema';

export const PAGE_SPEED_FORMULA =
  'score = 100 − time penalty − weight penalty, averaged over the home page, a location page and a blog post. ' +
  'Time: the server response time, ×4 on mobile (slower CPU and network); penalty = (ms − 200) / 10, 0 to 50. ' +
  'Weight: the HTML plus the scripts and styles it loads, compressed; budget 1,000 KB desktop and 350 KB mobile; penalty = (KB over budget) / 10, 0 to 50.';

async function measure(selfFetch: (p: string) => Promise<Response>, path: string) {
  const started = performance.now();
  const res = await selfFetch(path);
  const html = await res.text();
  const ms = performance.now() - started;
  const assets = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let bytes = Buffer.byteLength(html) / 4; // HTML is served compressed (about 4:1)
  for (const a of new Set(assets)) {
    const r = await selfFetch(a);
    bytes += (await r.arrayBuffer()).byteLength / 3.5; // scripts and styles compress about 3.5:1
  }
  return { path, ms, kb: bytes / 1024 };
}

export async function checkPageSpeed(db: DB, selfFetch: (p: string) => Promise<Response>) {
  const [loc] = await db.select({ slug: locations.slug }).from(locations).orderBy(locations.id).limit(1);
  const [post] = await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.published, 1)).orderBy(blogPosts.id).limit(1);
  const paths = ['/', loc && `/locations/${loc.slug}`, post && `/blog/${post.slug}`].filter(Boolean) as string[];
  const pages: Awaited<ReturnType<typeof measure>>[] = [];
  for (const p of paths) pages.push(await measure(selfFetch, p));
  const clamp = (v: number) => Math.min(50, Math.max(0, v));
  const score = (mobile: boolean) =>
    Math.round(pages.reduce((s, p) => s + 100 - clamp(((mobile ? p.ms * 4 : p.ms) - 200) / 10) - clamp((p.kb - (mobile ? 350 : 1000)) / 10), 0) / pages.length);
  return {
    desktop: { score: score(false) },
    mobile: { score: score(true) },
    pages: pages.map((p) => ({ path: p.path, responseMs: Math.round(p.ms), transferKb: Math.round(p.kb) })),
    formula: PAGE_SPEED_FORMULA,
  };
}
