// The options proxy the pages' hooks use (`trpc.a.b.queryOptions(input)`, `mutationOptions()`, `queryKey()`,
// `queryFilter()`, `pathFilter()`), written small so that the first page load carries neither the tRPC client
// nor @trpc/tanstack-react-query: a server-rendered page has its data in the cache already, and the HTTP client
// (with superjson) is loaded at the visitor's first interaction (entry-client.tsx). The query and mutation keys
// are exactly those of @trpc/tanstack-react-query's createTRPCOptionsProxy, which the server's loaders use
// (trpc-proxy.test.ts holds the two side by side), so the server's dehydrated cache is found under them.
import { skipToken, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import type { TRPCClient, TRPCRequestOptions, TRPCUntypedClient } from '@trpc/client';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/trpc/root';

export type UntypedClient = TRPCUntypedClient<AppRouter>;
/** Makes one request: over the tRPC client once it is loaded, before that by trpc-fetch.ts (entry-client.tsx). */
export type Requester = (type: 'query' | 'mutation', path: string, input: unknown, opts?: TRPCRequestOptions) => Promise<unknown>;

type Args = readonly unknown[];
type Options = Record<string, unknown> & { trpc?: TRPCRequestOptions & { abortOnUnmount?: boolean }; onSuccess?: (...args: Args) => unknown };

/** A function proxy that hands every call `a.b.c(args)` to `call(['a', 'b', 'c'], args)`; one proxy per path. */
function recursiveProxy(call: (path: string[], args: Args) => unknown) {
  const memo = new Map<string, unknown>();
  const at = (path: string[]): unknown => {
    const key = path.join('.');
    if (!memo.has(key)) {
      memo.set(
        key,
        new Proxy(() => {}, {
          // Not a thenable: `await trpc.a` must not call anything.
          get: (_target, name) => (typeof name === 'string' && name !== 'then' ? at([...path, name]) : undefined),
          apply: (_target, _this, args: Args) => call(path, args),
        }),
      );
    }
    return memo.get(key);
  };
  return at([]);
}

/** @trpc/tanstack-react-query's getQueryKeyInternal, without a key prefix (none is used here). */
export function trpcQueryKey(path: string[], input: unknown, type: 'query' | 'any'): unknown[] {
  const splitPath = path.flatMap((part) => part.split('.'));
  if (input === undefined && type === 'any') return splitPath.length ? [splitPath] : [];
  return [splitPath, { ...(input !== undefined && input !== skipToken && { input }), ...(type !== 'any' && { type }) }];
}

/** The options proxy over a requester that needs no client on the first load. */
export function createOptionsProxy(queryClient: QueryClient, request: Requester): TRPCOptionsProxy<AppRouter> {
  return recursiveProxy((fullPath, [arg1, arg2]) => {
    const path = fullPath.slice(0, -1);
    const util = fullPath[fullPath.length - 1];
    const dotted = path.join('.');
    const trpc = { path: dotted };
    switch (util) {
      case 'queryOptions': {
        const opts = arg2 as Options | undefined;
        const queryFn = async (context: QueryFunctionContext) => {
          const input = (context.queryKey[1] as { input?: unknown } | undefined)?.input;
          return request('query', dotted, input, { ...opts?.trpc, signal: opts?.trpc?.abortOnUnmount ? context.signal : undefined });
        };
        return { ...opts, queryKey: trpcQueryKey(path, arg1, 'query'), queryFn: arg1 === skipToken ? skipToken : queryFn, trpc };
      }
      case 'queryKey':
        return trpcQueryKey(path, arg1, 'query');
      case 'queryFilter':
        return { ...(arg2 as object), queryKey: trpcQueryKey(path, arg1, 'query') };
      case 'pathKey':
        return trpcQueryKey(path, undefined, 'any');
      case 'pathFilter':
        return { ...(arg1 as object), queryKey: trpcQueryKey(path, undefined, 'any') };
      case 'mutationKey':
        return [path.flatMap((part) => part.split('.'))];
      case 'mutationOptions': {
        const opts = arg1 as Options | undefined;
        const mutationKey = [path.flatMap((part) => part.split('.'))];
        const defaults = queryClient.defaultMutationOptions(queryClient.getMutationDefaults(mutationKey)) as Options;
        return {
          ...opts,
          mutationKey,
          mutationFn: (input: unknown) => request('mutation', dotted, input, opts?.trpc),
          onSuccess: (...args: Args) => opts?.onSuccess?.(...args) ?? defaults.onSuccess?.(...args),
          trpc,
        };
      }
      default:
        // infiniteQueryOptions and subscriptionOptions: no page uses them; add them here first.
        throw new Error(`trpc.${fullPath.join('.')}() is not supported by the client's options proxy`);
    }
  }) as TRPCOptionsProxy<AppRouter>;
}

/** The typed client (`client.a.b.query(input)`, `.mutate(input)`) over the same requester. */
export function createLazyClient(request: Requester): TRPCClient<AppRouter> {
  return recursiveProxy(async (fullPath, [input, opts]) => {
    const method = fullPath[fullPath.length - 1];
    const path = fullPath.slice(0, -1).join('.');
    if (method === 'query') return request('query', path, input, opts as TRPCRequestOptions);
    if (method === 'mutate') return request('mutation', path, input, opts as TRPCRequestOptions);
    throw new Error(`trpcClient.${fullPath.join('.')}() is not supported`);
  }) as TRPCClient<AppRouter>;
}
