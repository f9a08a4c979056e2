// The app's assets part (createApp, app.ts): response compression, files from the blob store (blog images, lot
// photos) and the placeholder images, and the client build's static files (hashed assets cached for a year).
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { compression } from '../compression';
import type { BlobStore } from '../integrations/blobs/types';
import { mountLotPhotoRoutes } from '../modules/lot-photos/routes';
import { placeholderSvg } from '../placeholder';

/** Whole, compressible answers of 1 kB or more, as br or gzip (compression.ts). */
export function compressResponses(): MiddlewareHandler {
  return compression();
}

/** Images that are files or functions of their URL: each cached for a year (a new upload gets a new name). */
export function mountAssetRoutes(app: Hono, deps: { blobs: BlobStore }) {
  const { blobs } = deps;
  app.get('/api/placeholder/:w/:h', (c) => {
    const svg = placeholderSvg(c.req.param('w'), c.req.param('h'), c.req.query('label'), { kind: c.req.query('kind'), seed: c.req.query('seed') });
    // The image is a pure function of its URL: cache it for a year.
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  // Uploaded blog images, from the blob store (any server sees any upload): generated names only.
  app.get('/uploads/blog/:name', async (c) => {
    const name = c.req.param('name');
    const m = /^[a-f0-9]{32}\.(jpg|png|webp)$/.exec(name);
    const blob = m ? await blobs.get(`blog/${name}`) : null;
    if (!m || !blob) return c.text('Not found', 404);
    const type = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[m[1] as 'jpg' | 'png' | 'webp'];
    return c.body(new Uint8Array(blob.body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
  // Lot photos (WebP at 400, 800 and 1200 px), the same way.
  mountLotPhotoRoutes(app, { blobs });
}

/**
 * The client build (dist/client): hashed /assets/* with their .br and .gz beside them, cached for a year; other
 * files with an extension (favicon, manifest) for an hour. HTML is never served from here: pages are rendered.
 */
export function serveClientBuild(app: Hono, clientDir: string) {
  const root = path.relative(process.cwd(), clientDir);
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build writes .br and .gz beside each script and style (vite.config.ts).
      precompressed: true,
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', async (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.endsWith('.html')) return next();
    return serveStatic({ root, onFound: (_p, ctx) => ctx.header('Cache-Control', 'public, max-age=3600') })(c, next);
  });
}
