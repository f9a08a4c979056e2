// Prometheus metrics: off unless METRICS_TOKEN is set, then only with that bearer token; well-formed exposition
// text; label values from fixed sets (route patterns, never raw paths); bookings and declines counted.
import { afterAll, describe, expect, it } from 'vitest';
import { checkout, checkoutRequest, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ METRICS_TOKEN: 't' });
const off = await createTestApp();
afterAll(async () => {
  await t.close();
  await off.close();
});

const scrape = async () => {
  const res = await t.request('/metrics', { headers: { Authorization: 'Bearer t' } });
  expect(res.status).toBe(200);
  return res.text();
};
/** The value of one sample line, by name and exact labels. */
const sample = (text: string, name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

const book = (card: string, n: number) => checkout(t, checkoutRequest(5, { email: `metrics-${n}@example.com`, card, arrival: stayAt(40 + n), departure: stayAt(41 + n) }));

describe('metrics', () => {
  it('are not served without METRICS_TOKEN', async () => {
    expect((await off.request('/metrics')).status).toBe(404);
  });

  it('answer 401 without the bearer token, or with a wrong one', async () => {
    const none = await t.request('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await t.request('/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await t.request('/metrics', { headers: { Authorization: 't' } })).status).toBe(401);
  });

  it('serve well-formed exposition text with request durations by route pattern', async () => {
    await t.request('/api/bookings/PP-ABCDEFGH/manage?token=secret-token-value-123456');
    const res = await t.request('/metrics', { headers: { Authorization: 'Bearer t' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][\w:]* .*|[a-zA-Z_:][\w:]*(\{([a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (-?[\d.]+(e[-+]?\d+)?|NaN|[+-]Inf))$/);
    }
    expect(text).toContain('route="/api/bookings/:confirmationNumber/manage"');
    expect(text).not.toContain('PP-ABCDEFGH');
    expect(text).not.toContain('secret-token');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toContain('# TYPE parkpilot_jobs gauge');
    expect(text).toContain('# TYPE parkpilot_jobs_oldest_due_seconds gauge');
  });

  it('count bookings placed and cancelled, and card declines', async () => {
    const before = await scrape();
    const ok = await book('4242 4242 4242 4242', 1);
    expect(ok.status).toBe(200);
    expect((await book('4000 0000 0000 0002', 2)).status).toBe(402);
    await call(t.request, `/api/bookings/${ok.json.confirmationNumber}/cancel`, { token: ok.json.viewToken });
    const after = await scrape();
    expect(sample(after, 'parkpilot_bookings_total', 'event="placed"') - sample(before, 'parkpilot_bookings_total', 'event="placed"')).toBe(1);
    expect(sample(after, 'parkpilot_bookings_total', 'event="cancelled"') - sample(before, 'parkpilot_bookings_total', 'event="cancelled"')).toBe(1);
    expect(
      sample(after, 'parkpilot_payment_failures_total', 'kind="declined",purpose="booking"') -
        sample(before, 'parkpilot_payment_failures_total', 'kind="declined",purpose="booking"'),
    ).toBe(1);
  });
});
