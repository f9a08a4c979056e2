// What a load balancer and an orchestrator ask: liveness, and readiness (not draining, the database answers,
// every migration applied, the blob store reachable), with the failing part named in the 503.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '@/server/integrations/blobs/types';
import { createLocalBlobStore } from '@/server/integrations/blobs/local';
import { ENGINE } from '@/server/db/schema/_kit';
import { createTestApp } from '../support/test-app';

let blobsDown = false;
const blobsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-health-blobs-'));
const t = await createTestApp(
  {},
  {
    blobs: (() => {
      const local = createLocalBlobStore(blobsDir);
      const store: BlobStore = {
        ...local,
        async ping() {
          if (blobsDown) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
          return local.ping();
        },
      };
      return store;
    })(),
  },
);
afterAll(async () => {
  await t.close();
  fs.rmSync(blobsDir, { recursive: true, force: true });
});

const migrations = ENGINE === 'postgres' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;

describe('health', () => {
  it('is live and ready while serving; not ready while draining, though still live', async () => {
    for (const p of ['/healthz', '/livez', '/readyz']) expect((await t.request(p)).status).toBe(200);
    t.lifecycle.draining = true;
    const readyz = await t.request('/readyz');
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({ ok: false, reason: 'draining' });
    expect((await t.request('/livez')).status).toBe(200);
    t.lifecycle.draining = false;
    expect((await t.request('/readyz')).status).toBe(200);
  });

  it('names an unreachable blob store', async () => {
    blobsDown = true;
    try {
      const res = await t.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        ok: false,
        reason: 'blobs',
        failing: ['blobs'],
        checks: { database: null, migrations: null, blobs: 'connect ECONNREFUSED 127.0.0.1:9000' },
      });
      expect((await t.request('/healthz')).status).toBe(200);
    } finally {
      blobsDown = false;
    }
  });

  it('names migrations the database has not applied', async () => {
    const [last] = (await t.db.execute<{ hash: string; created_at: string | number }>(sql`select hash, created_at from ${migrations} order by created_at desc limit 1`)).rows;
    await t.db.execute(sql`delete from ${migrations} where hash = ${last!.hash}`);
    try {
      const res = await t.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ failing: ['migrations'], checks: { migrations: '1 migration not applied' } });
    } finally {
      await t.db.execute(sql`insert into ${migrations} (hash, created_at) values (${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.request('/readyz')).status).toBe(200);
  });
});
