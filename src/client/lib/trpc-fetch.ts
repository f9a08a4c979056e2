// A request made the way tRPC's HTTP link makes it (one procedure, GET for a query and POST for a mutation,
// superjson on both ways), for what a page asks before its tRPC client is loaded: a lot's price for the dates,
// a post's view count. That keeps the client and superjson (9 kB) off a first visit that asks for one thing;
// once the client is loaded (at the visitor's first interaction) requests go through it, batched.
import type { TRPCRequestOptions } from '@trpc/client';
import { deserializeSimple, UNSAFE, type SuperJsonResult } from './superjson-lite';

type Response = { result: { data: SuperJsonResult } } | { error: SuperJsonResult };

export async function fetchProcedure(type: 'query' | 'mutation', path: string, input: unknown, opts?: TRPCRequestOptions): Promise<unknown> {
  const serialized = serializeSimple(input) ?? (await import('superjson')).default.serialize(input);
  // As the link does: even no input is sent, as superjson's undefined.
  const body = JSON.stringify(serialized);
  const query = type === 'query' ? `?input=${encodeURIComponent(body)}` : '';
  let res: globalThis.Response;
  let json: Response;
  try {
    res = await fetch(`/api/trpc/${path}${query}`, {
      method: type === 'query' ? 'GET' : 'POST',
      body: type === 'query' ? undefined : body,
      headers: type === 'query' ? {} : { 'content-type': 'application/json' },
      credentials: 'include',
      signal: opts?.signal,
    });
    json = (await res.json()) as Response;
  } catch (cause) {
    const { TRPCClientError } = await import('@trpc/client');
    throw TRPCClientError.from(cause as Error);
  }
  if (!json || typeof json !== 'object' || !('error' in json || 'result' in json)) {
    const { TRPCClientError } = await import('@trpc/client');
    throw TRPCClientError.from(new Error('Unable to transform response from server'), { meta: { response: res, responseJSON: json } });
  }
  if ('error' in json) {
    // The same error the client throws (message, data.code, data.httpStatus, shape).
    const { TRPCClientError } = await import('@trpc/client');
    throw TRPCClientError.from({ ...json, error: (await deserialize(json.error)) as never }, { meta: { response: res, responseJSON: json } });
  }
  return deserialize(json.result.data);
}

/** superjson.deserialize, the same way. */
export async function deserialize(value: SuperJsonResult): Promise<unknown> {
  // A copy: deserializeSimple restores in place and may give up half-way.
  const simple = deserializeSimple(structuredClone(value));
  if (simple) return simple.value;
  const { default: superjson } = await import('superjson');
  return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
}

/** superjson.serialize for plain JSON, dates and undefined values; `undefined` for anything else. */
export function serializeSimple(value: unknown): SuperJsonResult | undefined {
  let root: [string] | undefined;
  const values: Record<string, [string]> = {};
  const escape = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
  const walk = (v: unknown, path: string[]): unknown => {
    if (v === undefined || v instanceof Date) {
      const type: [string] = [v === undefined ? 'undefined' : 'Date'];
      if (path.length) values[path.map(escape).join('.')] = type;
      else root = type;
      return v === undefined ? null : v.toISOString();
    }
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0))) return v;
    if (Array.isArray(v)) return v.map((item, i) => walk(item, [...path, String(i)]));
    if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(
        Object.entries(v).map(([k, item]) => {
          if (UNSAFE.has(k)) throw new Error(k);
          return [k, walk(item, [...path, k])];
        }),
      );
    }
    throw new Error('not simple');
  };
  try {
    const json = walk(value, []);
    if (root) return { json, meta: { values: root, v: 1 } };
    return Object.keys(values).length ? { json, meta: { values, v: 1 } } : { json };
  } catch {
    return undefined;
  }
}
