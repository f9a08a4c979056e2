// OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT set): an HTTP request continues the caller's traceparent,
// its tRPC procedure, database queries and payment and mail calls are spans of that trace, exported over OTLP/HTTP
// to a local collector; statements carry placeholders, never the values a client sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { flushTracing, startTracing } from '@/server/observability/tracing';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, stayAt } from '../support/factories';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const received: OtlpSpan[] = [];
const collector = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    if (req.url === '/v1/traces') {
      const json = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const rs of json.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
await startTracing({ endpoint: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, serviceName: 'parkpilot-test' });
// The app is made after tracing starts, as the server entry does.
const { createTestApp } = await import('../support/test-app');
const t = await createTestApp();
afterAll(async () => {
  await t.close();
  collector.close();
});

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined);
};

describe('tracing', () => {
  it('exports a trace per request, continuing traceparent, with procedure, query, payment and mail spans', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const search = await t.request(`/api/search?location=MCO&arrivalDate=${dayFromToday(30)}&departureDate=${dayFromToday(32)}`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(search.status).toBe(200);
    // A name and e-mail of its own, so the check below that no span carries them means something.
    const booked = await checkout(
      t,
      checkoutRequest(3, { email: 'traced@example.com', arrival: stayAt(30), departure: stayAt(32), customer: { firstName: 'Trace', lastName: 'Able' } }),
    );
    expect(booked.status).toBe(200);
    await t.drain(); // the confirmation e-mail job
    await flushTracing();

    const inTrace = received.filter((s) => s.traceId === traceId);
    const server = inTrace.find((s) => s.name === 'GET /api/search')!;
    expect(server, "the request span continues the caller's trace").toBeDefined();
    expect(server.parentSpanId).toBe('00f067aa0ba902b7');
    expect(attr(server, 'http.route')).toBe('/api/search');
    expect(attr(server, 'http.response.status_code')).toBe(200);
    const procedure = inTrace.find((s) => s.name.startsWith('trpc search.'))!;
    expect(procedure.parentSpanId).toBe(server.spanId);
    const queries = inTrace.filter((s) => s.name.startsWith('db '));
    expect(queries.length).toBeGreaterThan(0);

    const names = received.map((s) => s.name);
    expect(names).toContain('POST /api/bookings/automated');
    expect(names).toContain('sandbox-payments charge');
    expect(names).toContain('outbox send');
    // Statements are sent with placeholders: nothing the traveller typed is in any span's name or attributes (ids
    // and nanosecond times are left out: they are digits, and may hold "4242" by chance).
    const everything = JSON.stringify(received.map((s) => [s.name, s.attributes]));
    expect(everything).not.toContain('traced@example.com');
    expect(everything).not.toContain('4242');
    expect(everything).not.toContain('Able');
  });
});
