// Reads the server's dehydrated query cache (written with superjson.stringify by entry-server.tsx) without
// shipping superjson on a first visit. A page's data holds plain JSON plus dates and undefined values, and
// superjson's format for those is small: `{ json, meta: { values, v: 1 } }`, where `values` is a tree of
// escaped dotted paths with a type at each leaf. Anything else (a Map, an Error, shared references, a future
// format) is handed to superjson itself, loaded then.

type Tree = [string | unknown[], Record<string, Tree>?] | { [path: string]: Tree };
interface SuperJsonResult {
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

const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

/** The value, or `undefined` for a value only superjson itself can restore. */
export function parseSimpleState(text: string): { value: unknown } | undefined {
  const { json, meta } = JSON.parse(text) as SuperJsonResult;
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

/** The server's state: at once when it is simple, else through superjson. */
export async function parseState(text: string): Promise<unknown> {
  const simple = parseSimpleState(text);
  if (simple) return simple.value;
  const { default: superjson } = await import('superjson');
  return superjson.parse(text);
}
