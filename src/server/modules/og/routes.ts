// Social card images (Open Graph / Twitter), PNG 1200x630:
//   GET /og/home.png                      the home page
//   GET /og/{location|lot|post}/{slug}.png a place (slug, SEO slug or code), a lot (name slug), a published post
// 404 for an unknown kind or slug and for anything that cannot be a slug (never a 5xx for odd input).
// Cached for a day by browsers and crawlers; the ETag and the in-memory cache key are the card's content.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/client';
import type { TEnv } from '../../env';
import { Card, type CardContent } from './cards';
import { cardFor, homeCard, OG_KINDS } from './content';
import { contentKey, ogPng } from './render';

/** Bump when the card layout changes, so caches keyed by content let go of the old pictures. */
const CARD_VERSION = 1;
const CACHE_CONTROL = 'public, max-age=86400';

export const ZOgRequest = z.object({
  kind: z.enum(OG_KINDS),
  slug: z
    .string()
    .max(160)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
});

const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'public, max-age=300' });

async function sendCard(c: Context, content: CardContent | null) {
  if (!content) return notFound(c);
  const key = contentKey([CARD_VERSION, content]);
  const etag = `"og-${key}"`;
  const headers = { 'Cache-Control': CACHE_CONTROL, ETag: etag };
  const known = c.req.header('If-None-Match');
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304, headers);
  const png = await ogPng(key, () => Card({ content }));
  return c.body(new Uint8Array(png), 200, { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(png.length) });
}

export function mountOgRoutes(app: Hono, { db, env }: { db: DB; env: TEnv }) {
  const brand = env.BRAND_NAME;
  app.get('/og/home.png', async (c) => sendCard(c, await homeCard(db, brand)));
  app.get('/og/:kind/:file', async (c) => {
    // Hono leaves malformed percent-encoding as sent: such a name fails the pattern below.
    const file = /^(.{1,164})\.png$/i.exec(c.req.param('file'));
    const parsed = ZOgRequest.safeParse({ kind: c.req.param('kind'), slug: file?.[1]?.toLowerCase() });
    if (!parsed.success) return notFound(c);
    return sendCard(c, await cardFor(db, brand, parsed.data.kind, parsed.data.slug));
  });
}
