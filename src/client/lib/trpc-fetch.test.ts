// A request sent before the tRPC client is loaded must be the one tRPC's HTTP link sends, and its answer and
// errors must read the same.
import { createTRPCUntypedClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '@/server/trpc/root';
import { fetchProcedure } from './trpc-fetch';

type Sent = { url: string; method: string; body: unknown; contentType: string | null };

function stubServer(answer: (url: string) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url: String(url), method: init.method ?? 'GET', body: init.body ?? null, contentType: headers.get('content-type') });
    const { status, body } = answer(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const client = createTRPCUntypedClient<AppRouter>({ links: [httpLink({ url: '/api/trpc', transformer: superjson })] });

afterEach(() => vi.unstubAllGlobals());

describe('fetchProcedure', () => {
  it('sends what the link sends and reads the answer the same', async () => {
    const data = { lines: [{ label: '3 days', amount: 89.95 }], problem: undefined, at: new Date(5) };
    const sent = stubServer(() => ({ status: 200, body: { result: { data: superjson.serialize(data) } } }));
    const calls: [type: 'query' | 'mutation', path: string, input: unknown][] = [
      ['query', 'bookings.estimate', { providerId: 3, arrivalDate: '2026-12-01T10:00', departureDate: undefined }],
      ['query', 'auth.me', undefined],
      ['mutation', 'blog.view', { postId: 7 }],
      ['mutation', 'auth.signOut', undefined],
    ];
    for (const [type, path, input] of calls) {
      expect(await fetchProcedure(type, path, input)).toStrictEqual(data);
      expect(await client[type](path, input)).toStrictEqual(data);
      const [ours, theirs] = sent.splice(0);
      expect(ours).toEqual(theirs);
    }
  });

  it('throws the error the client throws', async () => {
    const shape = { message: 'Not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: 'blog.post', zodError: null } };
    stubServer(() => ({ status: 404, body: { error: superjson.serialize(shape) } }));
    const ours = await fetchProcedure('query', 'blog.post', { slug: 'x' }).catch((e: unknown) => e);
    const theirs = await client.query('blog.post', { slug: 'x' }).catch((e: unknown) => e);
    expect(ours).toBeInstanceOf(TRPCClientError);
    for (const e of [ours, theirs] as TRPCClientError<AppRouter>[]) {
      expect(e.message).toBe('Not found');
      expect(e.data).toEqual(shape.data);
      expect(e.shape).toEqual(shape);
    }
  });
});
