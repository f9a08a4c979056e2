// The tRPC HTTP client (batching, superjson). The browser loads this module the first time a query must fetch
// or a mutation runs (trpc-proxy.ts), so a first visit, whose data came with the page, does without it.
import { createTRPCUntypedClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/root';
import type { UntypedClient } from './trpc-proxy';

export function makeTrpcClient(baseUrl = ''): UntypedClient {
  return createTRPCUntypedClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        transformer: superjson,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
