// Three servers started at once on an empty PostgreSQL database: migrations run once (under an advisory lock),
// the catalogue and blog are seeded once, and the administrator is made once.
import { afterAll, expect, it } from 'vitest';
import { JOB_KINDS } from '@/server/jobs/kinds';
import { freshDatabase, query, startServer, type Server } from './servers';

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

it('three servers booting at once on an empty database all come up, and seed and make the admin once', async () => {
  const url = await freshDatabase('parkpilot_boot_race');
  servers.push(...(await Promise.all(['one', 'two', 'three'].map((name) => startServer(name, url)))));
  for (const s of servers) expect((await fetch(`${s.base}/readyz`)).status).toBe(200);

  const count = async (sql: string) => (await query<{ n: number }>(url, sql))[0]!.n;
  expect(await count('select count(*)::int as n from locations')).toBe(70);
  expect(await count('select count(*)::int as n from parking_providers')).toBe(482);
  expect(await count('select count(*)::int as n from seo_pages')).toBe(70);
  expect(await count('select count(*)::int as n from blog_posts')).toBe(16);
  expect(await count(`select count(*)::int as n from users where role = 'admin'`)).toBe(1);
  const journal = (await import('../../db/migrations-pg/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };
  expect(await count('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
  // Each piece of periodic work (every periodic kind of the jobs table: the booking changes' reaper, partner
  // payouts, review invitations and the wallet's push included) has one schedule, whoever registered it.
  const names = await query<{ name: string }>(url, 'select name from scheduled_tasks order by name');
  expect(names.map((r) => r.name)).toEqual(
    expect.arrayContaining(['settle-expired-holds', 'settle-expired-changes', 'prune-rate-limits', 'partner-payouts', 'review-invitations']),
  );
  const periodic = Object.keys(JOB_KINDS).filter((k) => k.startsWith('periodic.'));
  expect(names.map((r) => `periodic.${r.name}`).sort()).toEqual(periodic.sort());
}, 180_000);
