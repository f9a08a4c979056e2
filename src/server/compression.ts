// Response compression on node:zlib instead of web CompressionStream, which costs far more per request on
// Node. Only whole, compressible bodies of 1 kB or more are compressed, and at a low setting (brotli quality
// 1, gzip level 1): API answers are a few kB and new each time, and a higher setting saves about a sixth of
// their bytes for three times the CPU (a 12 kB search answer: 0.06 ms against 0.2 ms at brotli 4). Pages
// from the page cache come already compressed at a high setting (page-cache.ts), as do the built scripts and
// styles (vite.config.ts).
//
// @hono/node-server answers with a lightweight Response that keeps its string or bytes until someone reads
// the body; reading it (res.body, res.arrayBuffer()) first builds a full web Response and a stream, which
// costs about as much as answering /healthz. So the body is looked at where that Response keeps it
// (`lightBody`) and the response is rebuilt only when it is compressed; anything else (a stream, a Response
// built elsewhere, as in tests through app.request()) takes the generic path.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
const THRESHOLD = 1024;
const SYNC_LIMIT = 32 * 1024;
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
/**
 * The output buffer zlib writes a small body's compressed bytes into: by default 16 kB of memory outside the
 * JavaScript heap, on every answer. V8 counts such memory and, past a limit, collects the whole heap (tens of
 * milliseconds of marking with the catalogue loaded). Sized to about what the body compresses to, under 4 kB (so
 * Node carves it from its shared buffer pool, Buffer.poolSize / 2); a bigger output takes a second piece.
 */
const outputChunk = (bodyBytes: number) => Math.min(4000, Math.max(1024, bodyBytes >> 1));

/** The symbol under which @hono/node-server's Response keeps [status, body, headers] (found on first sight). */
let lightKey: symbol | undefined;

/**
 * The body of @hono/node-server's lightweight Response (a string, bytes, or null for none) without building
 * the full Response; undefined when `res` is not one, or keeps something else (a stream, a blob).
 */
export function lightBody(res: Response): string | Uint8Array | null | undefined {
  lightKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
  const kept = lightKey && (res as unknown as Record<symbol, unknown>)[lightKey];
  if (!Array.isArray(kept)) return undefined;
  const body: unknown = kept[1];
  return body === null || typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const accept = c.req.header('accept-encoding');
    if (!accept || c.req.method === 'HEAD') return;
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) return;
    const res = c.res;
    const headers = res.headers;
    if (headers.has('content-encoding')) return;
    const type = headers.get('content-type') ?? '';
    if (!COMPRESSIBLE.test(type) || type.startsWith('text/event-stream') || headers.get('cache-control')?.includes('no-transform')) return;
    if (Number(headers.get('content-length') ?? Number.NaN) < THRESHOLD) return;

    const light = lightBody(res);
    let body: Buffer;
    if (light === null) return;
    if (typeof light === 'string') {
      if (light.length < THRESHOLD / 3) return; // UTF-8 takes at most 3 bytes per UTF-16 unit
      body = Buffer.from(light);
    } else if (light) body = Buffer.from(light.buffer, light.byteOffset, light.byteLength);
    else {
      if (!res.body) return;
      body = Buffer.from(await res.arrayBuffer());
      // The generic path has read the body: it goes back into a new Response even when left as it is.
      if (body.length < THRESHOLD) return replace(c, new Response(new Uint8Array(body), { status: res.status, headers }));
    }
    if (body.length < THRESHOLD) return;

    // Small bodies compress in tens of microseconds: doing it here costs less than a trip to the thread
    // pool. Large ones go to the pool so they never hold the event loop.
    const brOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
    const compressed =
      body.length <= SYNC_LIMIT
        ? encoding === 'br'
          ? zlib.brotliCompressSync(body, { ...brOptions, chunkSize: outputChunk(body.length) })
          : zlib.gzipSync(body, { level: GZIP_LEVEL, chunkSize: outputChunk(body.length) })
        : encoding === 'br'
          ? await brotli(body, brOptions)
          : await gzip(body, { level: GZIP_LEVEL });
    const out = new Headers(headers);
    out.append('vary', 'Accept-Encoding');
    out.set('content-encoding', encoding);
    out.set('content-length', String(compressed.length));
    replace(c, new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), { status: res.status, headers: out }));
  };
}

function replace(c: Context, res: Response) {
  c.res = undefined; // let Hono replace the response without merging headers
  c.res = res;
}
