// Social card rendering: a card element -> SVG (satori) -> PNG 1200x630 (@resvg/resvg-js, on libuv's
// thread pool), cached in memory by the content that went into it. Same content, same bytes: a changed
// title or price makes a new key, and the old entry ages out of the LRU.
import { createHash } from 'node:crypto';
import { renderAsync } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import { loadFonts } from './fonts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Rendered cards kept in memory, bounded by total size (a card is ~40-120 kB). */
const MAX_CACHE_BYTES = 24 * 1024 * 1024;
/** Renders at once: each takes a core for tens of milliseconds. */
const MAX_CONCURRENT = 2;

export class ByteLru {
  private map = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): Buffer | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: Buffer) {
    this.delete(key);
    this.map.set(key, value);
    this.bytes += value.length;
    for (const [k] of this.map) {
      if (this.bytes <= this.maxBytes || this.map.size === 1) break;
      this.delete(k);
    }
  }
  delete(key: string) {
    const v = this.map.get(key);
    if (v) {
      this.bytes -= v.length;
      this.map.delete(key);
    }
  }
  get size() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}

export const ogCache = new ByteLru(MAX_CACHE_BYTES);
const inflight = new Map<string, Promise<Buffer>>();

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** A stable key for card content (any JSON-able value). */
export const contentKey = (content: unknown) => createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27);

/** The card as SVG (text drawn as paths, so the PNG step needs no fonts). */
export async function cardSvg(element: ReactNode): Promise<string> {
  return satori(element, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() });
}

async function renderPng(element: ReactNode): Promise<Buffer> {
  const svg = await cardSvg(element);
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, shapeRendering: 2, imageRendering: 0 });
  return image.asPng();
}

/** The PNG for `key`, from the cache or rendered once however many requests ask at the same time. */
export function ogPng(key: string, element: () => ReactNode): Promise<Buffer> {
  const hit = ogCache.get(key);
  if (hit) return Promise.resolve(hit);
  let pending = inflight.get(key);
  if (!pending) {
    pending = limited(() => renderPng(element()))
      .then((png) => {
        ogCache.set(key, png);
        return png;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}
