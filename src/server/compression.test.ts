// The compression middleware on the Response @hono/node-server answers with (the server's own, not the web
// Response app.request() gives tests): small answers are left as they are, never rebuilt as full web Responses
// (which costs about as much as answering /healthz), and large ones are compressed.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression, lightBody } from './compression';

const original = Object.getOwnPropertyDescriptor(globalThis, 'Response')!;
const originalRequest = Object.getOwnPropertyDescriptor(globalThis, 'Request')!;

beforeAll(() => {
  // What the server does at start: Request and Response become @hono/node-server's lightweight ones.
  getRequestListener(() => new Response(null));
});
afterAll(() => {
  Object.defineProperty(globalThis, 'Response', original);
  Object.defineProperty(globalThis, 'Request', originalRequest);
});

/** 24 kB that hardly compress: the output runs over the pieces zlib writes it in (outputChunk). */
const noise = randomBytes(12_000).toString('hex');

const app = () => {
  const a = new Hono();
  a.use(compression());
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/large', (c) => c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Lot ${i}` })) }));
  a.get('/page', (c) => c.html(`<p>${'x'.repeat(4000)}</p>`));
  a.get('/random', (c) => c.json({ noise }));
  return a;
};

describe('compression on the server’s own Response', () => {
  it('sees the body the lightweight Response keeps', () => {
    expect(lightBody(new Response('{"ok":true}'))).toBe('{"ok":true}');
    expect(lightBody(new Response(null))).toBeNull();
  });

  it('leaves a small answer untouched, still lightweight', async () => {
    const res = await app().request('/small', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(lightBody(res)).toBe('{"ok":true}');
  });

  it('compresses a large answer with brotli, or gzip when that is all the client takes', async () => {
    const br = await app().request('/large', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body).rows).toHaveLength(200);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(body.length / 3);

    const gz = await app().request('/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toContain('<p>xxx');
  });

  it('sends the whole of an answer whose compressed bytes take several pieces', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await app().request('/random', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.length).toBeGreaterThan(8_000); // two pieces of output at least
      expect(JSON.parse((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8')).noise).toBe(noise);
    }
  });

  it('leaves answers alone for clients that take no compression, and HEAD requests', async () => {
    const plain = await app().request('/large');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text()).rows).toHaveLength(200);
    const head = await app().request('/large', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBeNull();
  });
});
