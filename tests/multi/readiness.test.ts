// Readiness follows the database: a built server on a PostgreSQL cluster of its own answers /readyz 503 naming
// the database within 5 s of the database dying, stays live, and is ready again once the database is back.
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres } from '../../scripts/pg-cluster.mjs';
import { startServer, type Server } from './servers';

const cluster = await startPostgres();
const url = await createDatabase(cluster.url, 'readiness');
let server: Server | undefined;
afterAll(async () => {
  await server?.stop();
  cluster.stop();
});

/** Polls /readyz until `want` or `ms` pass; returns the last answer and how long it took. */
async function readyzUntil(s: Server, want: number, ms: number) {
  const started = Date.now();
  let last = { status: 0, body: null as unknown };
  while (Date.now() - started < ms) {
    const res = await fetch(`${s.base}/readyz`).catch(() => null);
    if (res) last = { status: res.status, body: await res.json().catch(() => null) };
    if (last.status === want) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...last, after: Date.now() - started };
}

describe('readiness when PostgreSQL goes away', () => {
  it('turns 503 naming the database within 5 s, stays live, and recovers when it is back', async () => {
    server = await startServer('readiness', url);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

    cluster.kill();
    const down = await readyzUntil(server, 503, 5_000);
    expect(down.status).toBe(503);
    expect(down.after).toBeLessThan(5_000);
    expect(down.body).toMatchObject({ ok: false, failing: expect.arrayContaining(['database']) });
    expect((await fetch(`${server.base}/livez`)).status).toBe(200);

    cluster.start();
    const up = await readyzUntil(server, 200, 15_000);
    expect(up.status).toBe(200);
  });
});
