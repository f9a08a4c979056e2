// The typed tRPC client for React, the query-client defaults of spec section 9, and loader helpers.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter, RouterInputs, RouterOutputs } from '@/server/trpc/root';

export type { RouterInputs, RouterOutputs };

/**
 * `useTRPC()` gives the typed options proxy (`trpc.a.b.queryOptions(input)`, `mutationOptions()`,
 * `queryKey()`, `queryFilter()`, `pathFilter()`) for TanStack Query's own hooks; `useTRPCClient()` the
 * plain client, for calls that must bypass the cache.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Data never goes stale, no refetch on focus or interval, no retries (spec section 9). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function makeTrpcClient(baseUrl = '') {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        transformer: superjson,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof makeTrpcClient>;

/**
 * What route loaders get, the same on the server and in the browser: the options proxy (on the server it
 * calls the procedures in-process, in the browser it goes over the HTTP client) and the query client's
 * `fetch` (cached data, else fetched and cached; throws on error) and `prefetch` (fills the cache, never
 * throws). Both fill the one cache under the keys the page's hooks read, so nothing is fetched twice.
 */
export interface Api {
  trpc: TRPCOptionsProxy<AppRouter>;
  fetch: QueryClient['fetchQuery'];
  prefetch: QueryClient['prefetchQuery'];
}

export function makeApi(trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient): Api {
  return { trpc, fetch: queryClient.fetchQuery.bind(queryClient), prefetch: queryClient.prefetchQuery.bind(queryClient) };
}

/** True for a NOT_FOUND error, whether it came over HTTP (client) or from the in-process caller (server render). */
export function isNotFound(error: unknown): boolean {
  const e = error as { code?: string; data?: { code?: string } } | null;
  return e?.data?.code === 'NOT_FOUND' || e?.code === 'NOT_FOUND';
}
