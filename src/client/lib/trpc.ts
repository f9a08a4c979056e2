// The typed tRPC client for React, the query-client defaults of spec section 9, and loader helpers.
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { createServerSideHelpers } from '@trpc/react-query/server';
import superjson from 'superjson';
import type { AppRouter, RouterInputs, RouterOutputs } from '@/server/trpc/root';

export type { RouterInputs, RouterOutputs };

export const trpc = createTRPCReact<AppRouter>();

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
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        transformer: superjson,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

/** The same typed `fetch` API on the server (router caller) and in the browser (HTTP client). */
export type Api = ReturnType<typeof createServerSideHelpers<AppRouter>>;

/** True for a NOT_FOUND error, whether it came over HTTP (client) or from the in-process caller (server render). */
export function isNotFound(error: unknown): boolean {
  const e = error as { code?: string; data?: { code?: string } } | null;
  return e?.data?.code === 'NOT_FOUND' || e?.code === 'NOT_FOUND';
}
