// Uploads go through the blob store: a local folder by default, or an S3 bucket, here a real S3-compatible
// server (s3rver) on localhost driven by the AWS SDK, so any app server reads what any other wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '@/server/integrations/blobs/local';
import { createS3BlobStore } from '@/server/integrations/blobs/s3';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-s3rver-'));
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'uploads', configs: [] }] });
let endpoint = '';
let writer: TestApp;
let reader: TestApp;
const bucket = () => createS3BlobStore({ bucket: 'uploads', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  // Two apps with their own folders and databases, sharing only the bucket.
  writer = await createTestApp({}, { blobs: bucket() });
  reader = await createTestApp({}, { blobs: bucket() });
});
afterAll(async () => {
  await Promise.all([writer?.close(), reader?.close()]);
  await s3.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 64 }, (_, i) => i)]);

describe('blob store', () => {
  it('an image approved on one server is in the bucket and served by another', async () => {
    const { cookie: admin } = await createUser(writer, { email: 'uploader@example.com', name: 'Up Loader', role: 'admin' });
    const post = (await call(writer.request, '/api/admin/blog/generate-now', {}, { cookie: admin })).json.blogPost;
    const form = new FormData();
    form.set('image', new File([png], 'cover.png', { type: 'image/png' }));
    const approved = await writer.request(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN, Cookie: admin } });
    expect(approved.status).toBe(200);
    const url = (await approved.json()).post.featuredImage as string;
    expect(url).toMatch(/^\/uploads\/blog\/[a-f0-9]{32}\.png$/);
    // Not on either server's disk: in the bucket.
    expect(fs.existsSync(path.join(writer.env.UPLOADS_DIR, 'blog'))).toBe(false);
    expect(await bucket().get(url.replace('/uploads/', ''))).toMatchObject({ contentType: 'image/png' });
    const served = await reader.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it('a name that is not in the bucket is 404, and a malformed name never reaches it', async () => {
    expect((await reader.request(`/uploads/blog/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await reader.request('/uploads/blog/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('the local store keeps keys inside its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-local-blobs-'));
    const store = createLocalBlobStore(dir);
    await store.put('blog/a.png', png, 'image/png');
    expect(await store.get('blog/a.png')).toEqual({ body: expect.any(Uint8Array), contentType: 'image/png' });
    expect(await store.get('blog/missing.png')).toBeNull();
    await expect(store.put('../escape.png', png, 'image/png')).rejects.toThrow(/outside the store/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
