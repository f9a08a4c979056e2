// Code-split components that hydrate at once. A React.lazy component that the server rendered would
// otherwise stay as inert server HTML after hydration until its chunk arrives: a click on it in that
// window is lost. Each split component here has a key; the server records the keys it rendered, and the
// browser loads those chunks before hydrating (preloadRendered), so every part of the first page is live
// when React takes over.
import { createContext, lazy, use, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

const registry = new Map<string, () => Promise<unknown>>();

/** On the server: the set the current render adds the keys of its split components to. */
export const RenderedChunks = createContext<Set<string> | null>(null);

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<Module<P>> };

/**
 * React.lazy with a `preload()`; once its module is loaded, it renders without suspending (the loader
 * hands React a thenable that resolves synchronously).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  let promise: Promise<Module<P>> | undefined;
  const preload = () =>
    (promise ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  const Lazy = lazy(() => (loaded ? ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : preload()));
  return Object.assign(Lazy, { preload });
}

/** A split component the server may render: lazyWithPreload, recorded under `key` for preloadRendered. */
export function preloadable<P extends object>(key: string, load: () => Promise<Module<P>>): Preloadable<P> {
  const Lazy = lazyWithPreload(load);
  const { preload } = Lazy;
  registry.set(key, preload);
  function Chunk(props: P) {
    use(RenderedChunks)?.add(key);
    return <Lazy {...props} />;
  }
  Chunk.displayName = `Chunk(${key})`;
  return Object.assign(Chunk, { preload });
}

/**
 * Loads the chunks the server rendered (keys from the page), including chunks that a loaded chunk
 * defines in turn, before hydration.
 */
export async function preloadRendered(keys: string[]): Promise<void> {
  const pending = new Set(keys);
  for (;;) {
    const ready = [...pending].filter((k) => registry.has(k));
    if (!ready.length) return;
    for (const k of ready) pending.delete(k);
    await Promise.all(ready.map((k) => registry.get(k)!().catch(() => undefined)));
  }
}
