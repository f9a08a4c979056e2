// The rendered-page cache: anonymous GETs of public pages are served from HTML rendered once and compressed
// once (brotli and gzip), by Accept-Encoding. An entry lives at most 60 s (pages show live prices and free
// spaces) and dies at once when the content version moves (a post, a lot, a place or a price changed).
// Signed-in visitors and private pages never touch it. Bounded in bytes, least recently used out first.
// Which pages may be shared is decided on the route the router itself picks for the path (its matcher is
// case-insensitive: '/MANAGE/PP-…' is the manage page, so it is private here too), from the list below of the
// route table's public paths. A route not listed is private: a new page is never shared by mistake.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { matchRequest } from '@/client/routes';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const PAGE_TTL_MS = 60_000;
const MAX_BYTES = 64 * 1024 * 1024;

export interface CachedPage {
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  headers: [string, string][];
  version: number;
  expires: number;
}

/** The route table's pages with nothing personal for an anonymous visitor (src/client/routes.tsx paths). */
export const SHARED_ROUTES = new Set([
  '/',
  '/locations',
  '/locations/:slug',
  '/provider/:slug',
  '/property/:slug',
  '/ar-parking/:id',
  '/how-it-works',
  '/guarantee',
  '/terms-of-service',
  '/privacy-policy',
  '/blog',
  '/blog/category/:slug',
  '/blog/:slug',
  '/:slug',
]);

/** Whether an anonymous GET of this page may be served from (and fill) the shared cache. */
export function isCacheablePage(method: string, url: URL, cookieHeader: string | undefined): boolean {
  if (method !== 'GET') return false;
  if (!SHARED_ROUTES.has(matchRequest(url.pathname, url.hostname).route.path)) return false;
  // Any session cookie means a signed-in render (the header, the menu, personal data): never shared.
  return !/(?:^|;\s*)pp_session=/.test(cookieHeader ?? '');
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private pending = new Map<string, Promise<CachedPage>>();
  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** A live entry for the key at this content version, or undefined. */
  get(key: string, version: number, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Renders (once, however many ask at the same time), compresses and stores a page. */
  async fill(key: string, version: number, render: () => Promise<{ status: number; html: string; headers: [string, string][] }>): Promise<CachedPage> {
    const running = this.pending.get(key);
    if (running) return running;
    const job = (async () => {
      const page = await render();
      const html = Buffer.from(page.html);
      const [br, gz] = await Promise.all([
        brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzip(html, { level: 6 }),
      ]);
      const entry: CachedPage = { status: page.status, html, br, gzip: gz, headers: page.headers, version, expires: Date.now() + PAGE_TTL_MS };
      this.set(key, entry);
      return entry;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, job);
    return job;
  }

  private set(key: string, entry: CachedPage) {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += size(entry);
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size === 1) break;
      this.delete(k);
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= size(entry);
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

const size = (e: CachedPage) => e.html.length + e.br.length + e.gzip.length;

/** The body to send for an Accept-Encoding header: brotli, gzip, or the HTML as is. */
export function pickEncoding(entry: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accept = acceptEncoding ?? '';
  if (/\bbr\b/.test(accept)) return { body: entry.br, encoding: 'br' };
  if (/\bgzip\b/.test(accept)) return { body: entry.gzip, encoding: 'gzip' };
  return { body: entry.html, encoding: null };
}
