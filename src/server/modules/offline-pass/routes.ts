// The installable site and the pass that opens offline:
//   GET /sw.js                  the service worker (scope /; revalidated on every check, so an update ships at once)
//   GET /manifest.webmanifest   the web app manifest (name, icons, colours) linked from every page's head
//   GET /icons/icon-{192,512}.png  the home-screen icons, drawn from the favicon's mark
//   GET /pass/{confirmation}    the device's saved pass, answered by the service worker; a device without a copy
//                               reaches the server, which sends it to the manage page (with its link, if given)
// The pass data itself is GET /api/bookings/{n}/offline-pass (the REST table; no-store like every API answer).
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Hono } from 'hono';
import type { TEnv } from '../../env';

/**
 * The worker's script: public/sw.js, which the client build copies to dist/client (a plain file, so `npm run dev`'s
 * tsx server, the tests and the built server all read the same text; the brand is filled in here).
 */
export function serviceWorkerScript(brand: string, clientDir?: string): string {
  const file = clientDir && fs.existsSync(path.join(clientDir, 'sw.js')) ? path.join(clientDir, 'sw.js') : path.resolve('public/sw.js');
  return fs.readFileSync(file, 'utf8').replace("'__BRAND__'", JSON.stringify(brand));
}

/** The favicon's mark (public/favicon.svg) on a full square: the launcher rounds or masks it itself. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1d4ed8"/><path d="M12.5 22.5V9.5h5.2a4 4 0 0 1 0 8h-5.2" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
export const ICON_SIZES = [192, 512] as const;
const icons = new Map<number, Buffer>();

function iconPng(size: number): Buffer {
  let png = icons.get(size);
  if (!png) {
    png = new Resvg(ICON_SVG, { fitTo: { mode: 'width', value: size } }).render().asPng();
    icons.set(size, png);
  }
  return png;
}

export function webManifest(env: Pick<TEnv, 'BRAND_NAME'>) {
  const name = env.BRAND_NAME;
  return {
    name: `${name}: Airport & Cruise Port Parking`,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    description: 'Book airport and cruise port parking, and keep your parking pass on your phone.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    // The mark sits inside the maskable safe zone (the middle 80 %), so the 512 px icon also serves as the mask.
    icons: [
      ...ICON_SIZES.map((s) => ({ src: `/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function mountOfflinePassRoutes(app: Hono, { env, clientDir }: { env: Pick<TEnv, 'BRAND_NAME'>; clientDir?: string }) {
  const script = serviceWorkerScript(env.BRAND_NAME, clientDir);
  const manifest = JSON.stringify(webManifest(env));

  // no-cache, not a long max-age: browsers check a worker at most a day apart anyway, and each check must see a
  // new version at once. The scope is the whole site, the worker's own default from the root.
  app.get('/sw.js', (c) =>
    c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/', 'X-Content-Type-Options': 'nosniff' }),
  );
  app.get('/manifest.webmanifest', (c) => c.body(manifest, 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  app.get('/icons/:file{icon-(?:192|512)\\.png}', (c) => {
    const size = Number(/\d+/.exec(c.req.param('file'))![0]);
    return c.body(new Uint8Array(iconPng(size)), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
  });
  // Reached only without a saved copy (the worker answers the rest): the booking's own page, which needs the network.
  app.get('/pass/:confirmation', (c) => {
    const n = c.req.param('confirmation').trim().toUpperCase();
    if (!/^[A-Z0-9-]{1,20}$/.test(n)) return c.redirect('/manage', 302);
    const token = c.req.query('token');
    const query = token && /^[\w-]{1,512}$/.test(token) ? `?token=${encodeURIComponent(token)}` : '';
    // The Location may carry the booking's link: never kept by a cache.
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/manage/${encodeURIComponent(n)}${query}`, 302);
  });
}
