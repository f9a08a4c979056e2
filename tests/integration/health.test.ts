// What a load balancer and an orchestrator ask: liveness, readiness (the database answers, not draining).
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

describe('health', () => {
  it('is live and ready while serving; not ready while draining, though still live', async () => {
    for (const p of ['/healthz', '/livez', '/readyz']) expect((await t.request(p)).status).toBe(200);
    t.lifecycle.draining = true;
    const readyz = await t.request('/readyz');
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ ok: false, reason: 'draining' });
    expect((await t.request('/livez')).status).toBe(200);
    t.lifecycle.draining = false;
    expect((await t.request('/readyz')).status).toBe(200);
  });
});
