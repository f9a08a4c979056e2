// The client's small options proxy must give exactly the keys of @trpc/tanstack-react-query's proxy (which the
// server's loaders use, so the dehydrated cache is found under them) and make the same calls.
import { hashKey, MutationObserver, QueryClient, skipToken } from '@tanstack/react-query';
import { createTRPCClient, createTRPCUntypedClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '@/server/trpc/root';
import { createLazyClient, createOptionsProxy } from './trpc-proxy';

function setup() {
  const ops: unknown[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((o) => {
        ops.push({ type: op.type, path: op.path, input: op.input });
        o.next({ result: { data: { echo: op.input ?? null } } });
        o.complete();
      });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let requests = 0;
  const client = createTRPCUntypedClient<AppRouter>({ links: [link] });
  const ours = createOptionsProxy(queryClient, (type, path, input, opts) => {
    requests++;
    return client[type](path, input, opts);
  });
  const theirs = createTRPCOptionsProxy<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [link] }), queryClient });
  return { ops, queryClient, ours, theirs, requests: () => requests, client };
}

const searchInput = { location: 'MCO', arrivalDate: undefined, departureDate: '2026-12-03', sort: undefined } as never;

describe('the options proxy', () => {
  it('gives the same query keys, filters and path keys', () => {
    const { ours, theirs } = setup();
    const pairs: [unknown, unknown][] = [
      [ours.search.providers.queryOptions(searchInput).queryKey, theirs.search.providers.queryOptions(searchInput).queryKey],
      [ours.auth.me.queryOptions().queryKey, theirs.auth.me.queryOptions().queryKey],
      [ours.catalogue.getLocation.queryKey({ slug: 'a.b' }), theirs.catalogue.getLocation.queryKey({ slug: 'a.b' })],
      [ours.auth.me.queryKey(), theirs.auth.me.queryKey()],
      [ours.blog.posts.queryFilter({ page: 2 }, { exact: true }), theirs.blog.posts.queryFilter({ page: 2 }, { exact: true })],
      [ours.blog.posts.queryFilter(), theirs.blog.posts.queryFilter()],
      [ours.bookings.pathFilter(), theirs.bookings.pathFilter()],
      [ours.bookings.history.pathFilter({ type: 'active' }), theirs.bookings.history.pathFilter({ type: 'active' })],
      [ours.bookings.pathKey(), theirs.bookings.pathKey()],
      [ours.search.providers.queryOptions(skipToken).queryKey, theirs.search.providers.queryOptions(skipToken).queryKey],
      [ours.bookings.cancelManaged.mutationKey(), theirs.bookings.cancelManaged.mutationKey()],
    ];
    for (const [a, b] of pairs) {
      expect(a).toEqual(b);
      const key = (a as { queryKey?: unknown[] }).queryKey ?? a;
      expect(hashKey(key as unknown[])).toBe(hashKey(((b as { queryKey?: unknown[] }).queryKey ?? b) as unknown[]));
    }
    expect(ours.search.providers.queryOptions(skipToken).queryFn).toBe(skipToken);
    expect(ours.auth.me.queryOptions(undefined, { placeholderData: null } as never).placeholderData).toBe(null);
    expect(ours.auth.me.queryOptions().trpc).toEqual(theirs.auth.me.queryOptions().trpc);
    expect(ours.bookings.cancelManaged.mutationOptions().trpc).toEqual(theirs.bookings.cancelManaged.mutationOptions().trpc);
  });

  it('requests only when a query must fetch or a mutation runs, as tRPC does', async () => {
    const { ours, theirs, ops, queryClient, requests } = setup();
    ours.search.providers.queryOptions(searchInput);
    expect(requests()).toBe(0);

    const a = await queryClient.fetchQuery(ours.catalogue.getLocation.queryOptions({ slug: 'x' }));
    queryClient.clear();
    const b = await queryClient.fetchQuery(theirs.catalogue.getLocation.queryOptions({ slug: 'x' }));
    expect(a).toEqual(b);
    await queryClient.fetchQuery(ours.auth.me.queryOptions());

    const seen: unknown[] = [];
    const run = (options: object) => new MutationObserver(queryClient, options).mutate({ bookingId: 7 } as never);
    const onSuccess = (data: unknown, input: unknown) => void seen.push([data, input]);
    const x = await run(ours.bookings.cancelManaged.mutationOptions({ onSuccess }));
    const y = await run(theirs.bookings.cancelManaged.mutationOptions({ onSuccess }));
    expect(x).toEqual(y);
    expect(seen[0]).toEqual(seen[1]);
    expect(ops).toEqual([
      { type: 'query', path: 'catalogue.getLocation', input: { slug: 'x' } },
      { type: 'query', path: 'catalogue.getLocation', input: { slug: 'x' } },
      { type: 'query', path: 'auth.me', input: undefined },
      { type: 'mutation', path: 'bookings.cancelManaged', input: { bookingId: 7 } },
      { type: 'mutation', path: 'bookings.cancelManaged', input: { bookingId: 7 } },
    ]);
    expect(requests()).toBe(3);
  });

  it('is not a thenable, and refuses what it does not support', async () => {
    const { ours } = setup();
    expect((ours as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(ours.auth)).toBeTypeOf('function');
    expect(() => (ours.blog.posts as unknown as { infiniteQueryOptions: () => unknown }).infiniteQueryOptions()).toThrow(/not supported/);
  });
});

describe('the plain client', () => {
  it('calls query and mutate over the requester', async () => {
    const { client: untyped, ops } = setup();
    const client = createLazyClient((type, path, input, opts) => untyped[type](path, input, opts));
    expect(await client.gate.lookup.query({ confirmationNumber: 'PP-1', lotId: 3 })).toEqual({ echo: { confirmationNumber: 'PP-1', lotId: 3 } });
    await client.bookings.cancelManaged.mutate({ bookingId: 1 } as never);
    expect(ops).toEqual([
      { type: 'query', path: 'gate.lookup', input: { confirmationNumber: 'PP-1', lotId: 3 } },
      { type: 'mutation', path: 'bookings.cancelManaged', input: { bookingId: 1 } },
    ]);
  });
});
