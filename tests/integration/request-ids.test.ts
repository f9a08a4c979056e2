// Issue 27, structured logs through HTTP: every request has an id (a well-formed X-Request-Id is kept, anything
// else replaced) that comes back in the response, is on the request's one JSON log line (method, route pattern,
// status, duration, user id) and on the jobs the request queued, whose own lines carry it when they run.
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '@/server/db/schema';
import { createLogger } from '@/server/observability/log';
import type { MailMessage } from '@/server/integrations/mailer/types';
import { call, sessionCookieFrom } from '../support/http';
import { logged } from '../support/console';
import { createTestApp } from '../support/test-app';

// The mailer writes one log line per message it sends, through a logger as the server's does.
const mailLines: Record<string, unknown>[] = [];
const mailLog = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { write: (l: string) => void mailLines.push(JSON.parse(l)) });
const mailer = { send: async (m: MailMessage) => mailLog.info({ kind: m.kind }, 'mail sent') };
const t = await createTestApp({ LOG_REQUESTS: '1' }, { mailer });
afterAll(() => t.close());

interface Line {
  level: string;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  userId?: number;
}

/** The JSON lines the app logged while `fn` ran. */
async function linesOf(fn: () => Promise<unknown>): Promise<Line[]> {
  const log = await logged(fn);
  return log ? log.split('\n').map((l) => JSON.parse(l) as Line) : [];
}

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id, returns it and logs the request under it', async () => {
    let res!: Response;
    const [line, ...more] = await linesOf(async () => {
      res = await t.request('/healthz', { headers: { 'X-Request-Id': 'abc123' } });
    });
    expect(res.headers.get('x-request-id')).toBe('abc123');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'info', msg: 'request', requestId: 'abc123', method: 'GET', route: '/healthz', status: 200 });
    expect(typeof line!.durationMs).toBe('number');
  });

  it('replaces a missing or malformed id with a new one (never logging what was sent)', async () => {
    for (const sent of [undefined, 'has spaces in it', 'x'.repeat(65), 'semi;colon', '']) {
      let res!: Response;
      const [line] = await linesOf(async () => {
        res = await t.request('/livez', { headers: sent === undefined ? {} : { 'X-Request-Id': sent } });
      });
      const id = res.headers.get('x-request-id')!;
      expect(id, String(sent)).toMatch(/^[0-9a-f-]{36}$/);
      expect(line!.requestId).toBe(id);
    }
    const a = (await t.request('/livez')).headers.get('x-request-id');
    const b = (await t.request('/livez')).headers.get('x-request-id');
    expect(a).not.toBe(b);
  });

  it('logs the route pattern, never the raw path, and the signed-in user', async () => {
    const email = `ids-${Date.now()}@example.com`;
    const reg = await call(t.request, '/api/auth/register', { name: 'Ida Ids', email, password: 'long enough' }, { ip: '10.27.0.1' });
    expect(reg.status).toBe(201);
    const cookie = sessionCookieFrom(reg.headers)!;
    const lines = await linesOf(async () => {
      await call(t.request, '/api/bookings/123456/status', { status: 'cancelled' }, { method: 'PATCH', cookie });
      await call(t.request, '/api/auth/me', undefined, { cookie });
      await t.request(`/manage/PP-ABCDEFGH?token=${'a'.repeat(40)}`);
      await t.request('/api/trpc/no.such.procedure');
    });
    expect(lines.map((l) => [l.method, l.route, l.status])).toEqual([
      ['PATCH', '/api/bookings/:id/status', 404],
      ['GET', '/api/auth/me', 200],
      ['GET', 'page /manage/:confirmation', 200], // the page's own message for a link that does not open
      ['GET', '/api/trpc/*', 404],
    ]);
    const me = (await call(t.request, '/api/auth/me', undefined, { cookie })).json.user;
    expect(lines[0]!.userId).toBe(me.id);
    expect(lines[1]!.userId).toBe(me.id);
    expect(lines[2]!.userId).toBeUndefined();
    expect(JSON.stringify(lines)).not.toMatch(/123456|PP-ABCDEFGH|aaaaaaaa|no\.such/);
  });

  it('carries the id into the jobs a request queues, and onto their lines when they run', async () => {
    const email = `ids-job-${Date.now()}@example.com`;
    const res = await call(t.request, '/api/auth/register', { name: 'Jo Jobs', email, password: 'long enough' }, { ip: '10.27.0.2', headers: { 'X-Request-Id': 'signup-42' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('signup-42');
    const queued = await t.db.select().from(jobs).where(eq(jobs.requestId, 'signup-42'));
    expect(queued.length).toBeGreaterThan(0);
    // (The runner may already have sent some, kicked when the request's transaction committed.)
    await t.drain();
    const sent = mailLines.filter((l) => l.requestId === 'signup-42');
    const mails = queued.filter((j) => j.kind.startsWith('mail.'));
    expect(mails.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(mails.length);
  });
});
