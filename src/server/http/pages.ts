// The app's pages part (createApp, app.ts): every page rendered on the server into the client build's HTML shell
// and hydrated in the browser, anonymous visitors of public pages sharing one rendering per address (the page
// cache); and what crawlers read (the sitemap, robots.txt).
import fs from 'node:fs';
import path from 'node:path';
import type { Context as HonoContext, Hono } from 'hono';
import { render } from '@/client/entry-server';
import { contentVersionReader } from '../content-version';
import type { DB } from '../db/client';
import type { Context } from '../deps';
import type { TEnv } from '../env';
import { robotsTxt, sitemapFiles } from '../modules/seo/sitemap';
import { isCacheablePage, PageCache, pickEncoding } from '../page-cache';
import { responseHeaders } from '../response-headers';
import { appRouter } from '../trpc/root';

const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-state-->
  </body>
</html>`;

export interface PageRenderer {
  /** The page at `url` (any path: an unknown one renders the 404 view with its status). */
  render(c: HonoContext, url: URL): Promise<Response>;
}

export function pageRenderer(deps: { db: DB; env: TEnv; clientDir?: string; createContext: (c: HonoContext) => Promise<Context> }): PageRenderer {
  const { env, createContext } = deps;
  const pages = new PageCache();
  const contentVersion = contentVersionReader(deps.db);
  const templatePath = deps.clientDir && path.join(deps.clientDir, 'index.html');
  const template = templatePath && fs.existsSync(templatePath) ? fs.readFileSync(templatePath, 'utf8') : FALLBACK_TEMPLATE;

  async function renderHtml(c: HonoContext, url: URL) {
    const ctx = await createContext(c);
    const page = await render(url, { router: appRouter, ctx });
    const html = template.replace('<!--app-head-->', page.head).replace('<!--app-html-->', page.html).replace('<!--app-state-->', page.state);
    return { status: page.status, html, headers: responseHeaders(ctx.response, [], env.APP_URL) };
  }

  return {
    async render(c, url) {
      // Anonymous visitors of public pages share one rendering per address (at most a minute old, never past
      // a content change); everyone else gets their own.
      if (isCacheablePage(c.req.method, url, c.req.header('cookie'))) {
        const key = `${url.host}${url.pathname}${url.search}`;
        const version = await contentVersion();
        const hit = pages.get(key, version);
        const entry = hit ?? (await pages.fill(key, version, async () => ({ ...(await renderHtml(c, url)), headers: [] })));
        const { body, encoding } = pickEncoding(entry, c.req.header('accept-encoding'));
        const headers: Record<string, string> = {
          'Content-Type': 'text/html; charset=UTF-8',
          'Cache-Control': 'no-store',
          Vary: 'Accept-Encoding, Cookie',
          'X-Cache': hit ? 'HIT' : 'MISS',
        };
        if (encoding) headers['Content-Encoding'] = encoding;
        return c.body(new Uint8Array(body), entry.status as 200, headers);
      }
      const page = await renderHtml(c, url);
      page.headers.forEach((v, k) => c.header(k, v, { append: true }));
      return c.html(page.html, page.status as 200, { 'Cache-Control': 'no-store' });
    },
  };
}

/** Every GET no other route took is a page. */
export function mountPages(app: Hono, pages: PageRenderer) {
  app.get('*', (c) => pages.render(c, new URL(c.req.url)));
}

/** Crawlers: the sitemap (an index with parts past 50,000 URLs) and robots.txt. The admin host has neither. */
export function mountCrawlerFiles(app: Hono, deps: { db: DB; env: TEnv }) {
  const { db, env } = deps;
  app.get('/robots.txt', (c) =>
    new URL(c.req.url).hostname.startsWith('admin.') ? c.text('User-agent: *\nDisallow: /\n') : c.text(robotsTxt(env.APP_URL!), 200, { 'Cache-Control': 'public, max-age=3600' }),
  );
  app.get('/:file{sitemap(-\\d+)?\\.xml}', async (c) => {
    if (new URL(c.req.url).hostname.startsWith('admin.')) return c.text('Not found', 404);
    const files = await sitemapFiles(db, env.APP_URL!);
    const m = /sitemap(?:-(\d+))?\.xml$/.exec(c.req.path);
    const index = m?.[1] ? Number(m[1]) : 0;
    const file = files.length === 1 ? (index === 0 ? files[0] : undefined) : files[index];
    if (!file) return c.text('Not found', 404);
    return c.body(file, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
}
