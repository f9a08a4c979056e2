// The REST search's answers to anonymous callers, shared as bytes (GET /api/search and /api/parking/search): the
// same address gets the same answer for as long as its search result may be shared (shared-results.ts), so it
// is made into JSON and compressed once instead of on every request. Signed-in callers are answered as usual:
// their searches go into their history.
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { lightBody } from '../../compression';
import type { DB } from '../../db/client';
import { catalogueSnapshot } from '../catalogue/snapshot';
import { SharedResults, stamp } from './shared-results';

type Bytes = Uint8Array<ArrayBuffer>;

interface Answer {
  json: Bytes;
  br?: Bytes;
  gzip?: Bytes;
}

/** The bytes in a buffer of their own (a Buffer from zlib may be a view into a shared pool). */
const own = (b: Buffer): Bytes => new Uint8Array(b);

const SESSION = /(?:^|;\s*)pp_session=/;

export function sharedSearchAnswers(db: DB): MiddlewareHandler {
  const answers = new SharedResults<Answer>();
  return async (c, next) => {
    if (c.req.method !== 'GET' || SESSION.test(c.req.header('cookie') ?? '')) return next();
    const url = c.req.url;
    const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const catalogue = await catalogueSnapshot(db);
    const kept = answers.get(catalogue, key);
    if (kept) return send(c, kept);
    const from = stamp();
    await next();
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    // The body where @hono/node-server keeps it; read from a copy of any other Response (app.request()).
    const light = lightBody(c.res);
    const body = typeof light === 'string' ? light : light === undefined ? await c.res.clone().text() : null;
    if (!body) return;
    // This answer goes out as made (compressed by compression.ts); the next callers get the kept bytes.
    answers.set(catalogue, key, { json: own(Buffer.from(body)) }, from);
  };
}

/** The answer in the caller's encoding (compressed the first time that encoding is asked for). */
function send(c: Context, answer: Answer): Response {
  const accept = c.req.header('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding', 'X-Cache': 'HIT' };
  let body = answer.json;
  if (encoding === 'br') {
    body = answer.br ??= own(
      zlib.brotliCompressSync(answer.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.json.length } }),
    );
  } else if (encoding === 'gzip') body = answer.gzip ??= own(zlib.gzipSync(answer.json, { level: 6 }));
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(body, 200, headers);
}
