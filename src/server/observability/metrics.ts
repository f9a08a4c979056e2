// Prometheus metrics (prom-client), opt-in and never public: served at /metrics only when METRICS_TOKEN is set,
// behind that bearer token (on the main port, or on METRICS_PORT alone). What they say: request durations by
// route pattern and status, bookings placed, changed and cancelled, payment declines and gateway errors, the
// job queue per kind (depth, oldest due job's age, dead jobs), the database pool, and Node's own (event-loop
// lag, memory, CPU). Every label value comes from a fixed set (route patterns, procedure names, job kinds,
// status codes): nothing a client sends becomes a label.
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { and, count, eq, lte, min, sql } from 'drizzle-orm';
import { postgresPool, type DB } from '../db/client';
import { jobs } from '../db/schema';
import { routeOf } from './route';

const registry = new Registry();

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const bookingEvents = new Counter({
  name: 'parkpilot_bookings_total',
  help: 'Bookings placed (confirmed), changed (dates applied) and cancelled',
  labelNames: ['event'] as const,
  registers: [registry],
});

const paymentProblems = new Counter({
  name: 'parkpilot_payment_failures_total',
  help: 'Card declines and payment gateway errors (no answer), by what was being paid',
  labelNames: ['kind', 'purpose'] as const,
  registers: [registry],
});

export type BookingEvent = 'placed' | 'changed' | 'cancelled';
export type PaymentPurpose = 'booking' | 'booking-change' | 'overstay' | 'information-access';

/** A booking was confirmed, had its dates changed, or was cancelled (counted once, where it commits). */
export function countBooking(event: BookingEvent): void {
  bookingEvents.inc({ event });
}

/** A card was declined, or the gateway did not answer. */
export function countPaymentFailure(kind: 'declined' | 'gateway_error', purpose: PaymentPurpose): void {
  paymentProblems.inc({ kind, purpose });
}

// Read at scrape time from the database this process serves.
let scraped: DB | null = null;

new Gauge({
  name: 'parkpilot_jobs',
  help: 'Jobs by kind and status (queued, running, dead)',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!scraped) return;
    const rows = await scraped
      .select({ kind: jobs.kind, status: jobs.status, n: count() })
      .from(jobs)
      .where(sql`${jobs.status} <> 'done'`)
      .groupBy(jobs.kind, jobs.status);
    for (const r of rows) this.set({ kind: r.kind, status: r.status }, Number(r.n));
  },
});

new Gauge({
  name: 'parkpilot_jobs_oldest_due_seconds',
  help: 'Age of the oldest queued job that is due, by kind (how far the queue is behind)',
  labelNames: ['kind'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!scraped) return;
    const now = new Date();
    const rows = await scraped
      .select({ kind: jobs.kind, oldest: min(jobs.runAt) })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)))
      .groupBy(jobs.kind);
    for (const r of rows) if (r.oldest) this.set({ kind: r.kind }, Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000));
  },
});

new Gauge({
  name: 'parkpilot_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on SQLite',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = scraped && postgresPool(scraped);
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

let defaults = false;

/** Turns metrics on for this process's database (called once a server is configured with METRICS_TOKEN). */
export function enableMetrics(db: DB): void {
  scraped = db;
  if (!defaults) {
    defaults = true;
    collectDefaultMetrics({ register: registry });
  }
}

/** Times every request under its route pattern (Hono's matched path, never the raw URL). */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      requestDuration.observe(
        { method: METHODS.has(c.req.method) ? c.req.method : 'OTHER', route: routeOf(c), status: String(c.res.status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics: the exposition text for `Authorization: Bearer <METRICS_TOKEN>`, else 401. */
export function metricsHandler(token: string): MiddlewareHandler {
  return async (c) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      c.header('Cache-Control', 'no-store');
      return c.text('Unauthorized', 401);
    }
    c.header('Cache-Control', 'no-store');
    // prom-client writes a value that is not a number as `Nan` (the event loop's lag before its first sample);
    // the exposition format spells it `NaN`.
    const text = (await registry.metrics()).replace(/ Nan$/gm, ' NaN');
    return c.body(text, 200, { 'Content-Type': registry.contentType });
  };
}
