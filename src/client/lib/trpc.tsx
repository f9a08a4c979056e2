// The typed tRPC options proxy for React, the query-client defaults of spec section 9, and loader helpers.
import { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createContext, use, useMemo, type ReactNode } from 'react';
import type { AppRouter, RouterInputs, RouterOutputs } from '@/server/trpc/root';
import { createLazyClient, createOptionsProxy, type Requester } from './trpc-proxy';

export type { RouterInputs, RouterOutputs };
export type { Requester };

const Context = createContext<{ trpc: TRPCOptionsProxy<AppRouter>; client: TRPCClient<AppRouter> } | null>(null);

/**
 * Gives `useTRPC()` and `useTRPCClient()` to the tree, over `request` (in the browser the tRPC client once it is
 * loaded, trpc-fetch.ts before; see entry-client.tsx and trpc-proxy.ts).
 */
export function TRPCProvider({ queryClient, request, children }: { queryClient: QueryClient; request: Requester; children: ReactNode }) {
  const value = useMemo(() => ({ trpc: createOptionsProxy(queryClient, request), client: createLazyClient(request) }), [queryClient, request]);
  return <Context value={value}>{children}</Context>;
}

function useTrpcContext() {
  const value = use(Context);
  if (!value) throw new Error('useTRPC() can only be used inside of a <TRPCProvider>');
  return value;
}

/**
 * The typed options proxy (`trpc.a.b.queryOptions(input)`, `mutationOptions()`, `queryKey()`, `queryFilter()`,
 * `pathFilter()`) for TanStack Query's own hooks.
 */
export const useTRPC = () => useTrpcContext().trpc;
/** The plain client, for calls that must bypass the cache. */
export const useTRPCClient = () => useTrpcContext().client;

/** Data never goes stale, no refetch on focus or interval, no retries (spec section 9). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

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
