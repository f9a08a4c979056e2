// Serving lot photos from the blob store (any server sees any upload): generated names only, WebP only, and a
// long-lived cache (a photo's files never change; a new upload gets a new name).
import type { Hono } from 'hono';
import type { BlobStore } from '../../integrations/blobs/types';

const NAME = /^[a-f0-9]{32}-(400|800|1200)\.webp$/;

export function mountLotPhotoRoutes(app: Hono, { blobs }: { blobs: BlobStore }) {
  app.get('/uploads/lots/:name', async (c) => {
    const name = c.req.param('name');
    const blob = NAME.test(name) ? await blobs.get(`lots/${name}`) : null;
    if (!blob) return c.text('Not found', 404);
    return c.body(new Uint8Array(blob.body), 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
}
