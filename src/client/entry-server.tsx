// Server entry: renders one URL to HTML with its data prefetched, and hands the cache to the browser.
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

export interface RenderResult {
  status: number;
  head: string;
  html: string;
  state: string;
}

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
    head: headToHtml(head, config.appUrl),
    html,
    state:
      `<script type="application/json" id="__STATE__">${dehydrated.replace(/</g, '\\u003c')}</script>` +
      `<script type="application/json" id="__CHUNKS__">${JSON.stringify([...chunks])}</script>`,
  };
}
