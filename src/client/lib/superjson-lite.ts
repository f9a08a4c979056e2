// superjson's format for what a page's data and inputs hold (plain JSON, dates, undefined values), without
// shipping superjson on a first visit: the server's dehydrated query cache (written with superjson.stringify by
// entry-server.tsx) and the answers to requests made before the tRPC client is loaded (trpc-fetch.ts). The format
// is `{ json, meta: { values, v: 1 } }`, where `values` is a tree of escaped dotted paths with a type at each
// leaf. Anything else (a Map, an Error, shared references, a future format) is handed to superjson itself,
// loaded then.

type Tree = [string | unknown[], Record<string, Tree>?] | { [path: string]: Tree };
export interface SuperJsonResult {
  json: unknown;
  meta?: { values?: Tree; referentialEqualities?: unknown; v?: number };
}

/** superjson's parsePath (non-legacy): `a.b\.c` is ['a', 'b.c'], `\\` an escaped backslash. */
function parsePath(text: string): string[] | null {
  const out: string[] = [];
  let segment = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[++i];
      if (next !== '\\' && next !== '.') return null;
      segment += next;
    } else if (c === '.') {
      out.push(segment);
      segment = '';
    } else segment += c;
  }
  out.push(segment);
  return out;
}

export const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

/** superjson.deserialize's value, or `undefined` for a value only superjson itself can restore. */
export function deserializeSimple({ json, meta }: SuperJsonResult): { value: unknown } | undefined {
  if (!meta) return { value: json };
  if (meta.v !== 1 || meta.referentialEqualities) return undefined;
  let root = json;
  const apply = (path: string[], type: unknown): boolean => {
    if (type !== 'Date' && type !== 'undefined') return false;
    const restore = (v: unknown) => (type === 'Date' ? new Date(v as string) : undefined);
    if (!path.length) {
      root = restore(root);
      return true;
    }
    let parent = root as Record<string, unknown> | null;
    for (const key of path.slice(0, -1)) {
      if (typeof parent !== 'object' || parent === null) return false;
      parent = parent[key] as Record<string, unknown> | null;
    }
    if (typeof parent !== 'object' || parent === null) return false;
    const last = path[path.length - 1]!;
    parent[last] = restore(parent[last]);
    return true;
  };
  const walk = (tree: Tree, origin: string[]): boolean => {
    const step = (children: Record<string, Tree>) =>
      Object.entries(children).every(([key, sub]) => {
        const path = parsePath(key);
        return path !== null && !path.some((k) => UNSAFE.has(k)) && walk(sub, [...origin, ...path]);
      });
    if (!Array.isArray(tree)) return step(tree);
    const [type, children] = tree;
    return (!children || step(children)) && apply(origin, type);
  };
  if (meta.values && !walk(meta.values, [])) return undefined;
  return { value: root };
}

export const parseSimple = (text: string) => deserializeSimple(JSON.parse(text) as SuperJsonResult);

/** superjson.parse: at once when the value is simple, else through superjson. */
export async function parse(text: string): Promise<unknown> {
  const simple = parseSimple(text);
  if (simple) return simple.value;
  const { default: superjson } = await import('superjson');
  return superjson.parse(text);
}
