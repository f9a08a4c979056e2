// Server entry: renders one URL to HTML with its data prefetched, and hands the cache to the browser.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import superjson from 'superjson';
import type { Context } from '@/server/trpc/init';
import type { AppRouter } from '@/server/trpc/root';
import { App } from './app';
import { headToHtml } from './lib/head';
import { RenderedChunks } from './lib/lazy';
import { makeApi, makeQueryClient } from './lib/trpc';
import { makeTrpcClient } from './lib/trpc-client';
import { routeHead } from './heads';
import { isAdminHost, loadRoute, matchRequest } from './routes';
import { lotEstimateInput } from './features/checkout/lot-stay';

export interface RenderResult {
  status: number;
  head: string;
  html: string;
  state: string;
}

/** The chunk of each page a first visit lands on (vite.config.ts, CHUNKS), by route path. */
const PAGE_CHUNKS: Record<string, string> = {
  '/': 'home',
  '/locations/:slug': 'location',
  '/:slug': 'location',
  '/provider/:slug': 'provider',
  '/property/:slug': 'provider',
  '/blog': 'blog',
  '/blog/category/:slug': 'blog',
  '/blog/:slug': 'blog-post',
};

/**
 * `<link rel="modulepreload">` for the files of each of those chunks (the chunk and what it imports, the entry aside),
 * from the built client's manifest: the entry carries no preload list (vite.config.ts, modulePreload), so without them
 * the browser would fetch a page's chunk once the entry has run, and the chunks it imports a round trip later. Empty
 * where no build is served (development, tests).
 */
const PRELOAD_LINKS: Record<string, string> = (() => {
  // The development server serves the sources, not a build that may lie in dist/client; a server run from the
  // sources by tsx (tests that spawn one) has no import.meta.env at all.
  if (!(import.meta.env as ImportMetaEnv | undefined)?.PROD) return {};
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dirs = [path.resolve(here, '../client'), path.resolve(here, '../../client'), path.resolve(process.cwd(), 'dist/client')];
  const file = dirs.map((d) => path.join(d, '.vite/manifest.json')).find((f) => fs.existsSync(f));
  if (!file) return {};
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] }>;
  const links: Record<string, string> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.src || !chunk.name || !Object.values(PAGE_CHUNKS).includes(chunk.name) || key.endsWith('.css')) continue;
    const keys = new Set([key]);
    for (const k of keys) for (const i of manifest[k]!.imports ?? []) if (!manifest[i]!.isEntry) keys.add(i);
    links[chunk.name] = [...keys].map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`).join('');
  }
  return links;
})();

/**
 * A failed query's error crosses to the browser as a plain object: serialized as an Error it would
 * keep only its message, and the page would lose the code (NOT_FOUND) it renders 'not found' by.
 */
function withPlainErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const error = q.state.error as { message?: string; code?: string } | null;
      if (!error) return q;
      const plain = { name: 'TRPCClientError', message: error.message ?? 'Error', data: { code: error.code ?? 'INTERNAL_SERVER_ERROR' } };
      return { ...q, state: { ...q.state, error: plain } };
    }),
  };
}

export async function render(url: URL, server: { router: AppRouter; ctx: Context }): Promise<RenderResult> {
  const queryClient = makeQueryClient();
  // The same options proxy the browser's hooks use, calling the procedures in-process: the same query keys.
  const trpc = createTRPCOptionsProxy<AppRouter>({ router: server.router, ctx: server.ctx, queryClient });
  const api = makeApi(trpc, queryClient);
  const [config] = await Promise.all([api.fetch(trpc.system.config.queryOptions()), api.prefetch(trpc.auth.me.queryOptions())]);
  const { route, params } = matchRequest(url.pathname, url.hostname);
  const { data, notFound } = await loadRoute(api, route, params, url.searchParams);
  // A lot's page: the price of the stay it asks for once hydrated (the same stay: features/checkout/lot-stay.ts), so
  // the browser finds it in the page's data and sends no request before its tRPC client has loaded. A browser whose
  // clock gives another start asks for its own.
  if (!notFound && (route.path === '/provider/:slug' || route.path === '/property/:slug'))
    await api.prefetch(trpc.bookings.estimate.queryOptions(lotEstimateInput(data as Parameters<typeof lotEstimateInput>[0], url.searchParams, Date.now())));
  const head = routeHead(route.path, { params, data: notFound ? null : data, config });

  const chunks = new Set<string>();
  // Nothing is fetched while rendering (the loader did); the client is there as in the browser.
  const client = makeTrpcClient(config.appUrl);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedChunks value={chunks}>
        <App
          queryClient={queryClient}
          request={(type, path, input, opts) => client[type](path, input, opts)}
          ssrPath={url.pathname}
          ssrSearch={url.search.slice(1)}
          adminHost={isAdminHost(url.hostname)}
        />
      </RenderedChunks>
    </StrictMode>,
    // Inline every Suspense boundary: the first response must hold the page's content
    // without depending on the streaming reveal script.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');

  const dehydrated = superjson.stringify(withPlainErrors(dehydrate(queryClient, { shouldDehydrateQuery: () => true })));
  return {
    status: notFound ? 404 : (head.status ?? 200),
    head: headToHtml(head, config.appUrl) + (PRELOAD_LINKS[PAGE_CHUNKS[route.path] ?? ''] ?? ''),
    html,
    state:
      `<script type="application/json" id="__STATE__">${dehydrated.replace(/</g, '\\u003c')}</script>` +
      `<script type="application/json" id="__CHUNKS__">${JSON.stringify([...chunks])}</script>`,
  };
}
