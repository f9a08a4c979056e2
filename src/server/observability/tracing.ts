// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans for each HTTP request (continuing
// an incoming W3C traceparent), each tRPC procedure, each database query, and each call to Stripe, the SMTP
// server and the S3 store, exported over OTLP/HTTP in batches. With the variable unset the SDK is never imported
// and every helper here is a plain function call. Spans carry route patterns, procedure names and SQL without
// values (parameters are never recorded), never tokens, cookies or e-mail addresses.
import type { Span, Tracer } from '@opentelemetry/api';

type Api = typeof import('@opentelemetry/api');

let api: Api | null = null;
let tracer: Tracer | null = null;
let shutdown: (() => Promise<void>) | null = null;

export const tracingEnabled = () => tracer !== null;

/** Loads the SDK and starts exporting (once per process). */
export async function startTracing(config: { endpoint: string; serviceName: string }): Promise<void> {
  if (tracer) return;
  const [otel, { TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000 })],
  });
  otel.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  otel.trace.setGlobalTracerProvider(provider);
  api = otel;
  tracer = provider.getTracer('parkpilot');
  shutdown = async () => {
    await provider.forceFlush();
    await provider.shutdown();
  };
}

/** Sends what is buffered (tests, and a draining server before it exits). */
export async function flushTracing(): Promise<void> {
  await shutdown?.();
  api = null;
  tracer = null;
  shutdown = null;
}

export type SpanKind = 'server' | 'client' | 'internal';
type Attributes = Record<string, string | number | boolean | undefined>;

/** Runs `fn` inside a span (a plain call when tracing is off); an exception marks the span as an error. */
export function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, fn: (span: Span | null) => T): T {
  if (!tracer || !api) return fn(null);
  const otel = api;
  const spanKind = kind === 'server' ? otel.SpanKind.SERVER : kind === 'client' ? otel.SpanKind.CLIENT : otel.SpanKind.INTERNAL;
  return tracer.startActiveSpan(name, { kind: spanKind, attributes: clean(attributes) }, (span) => {
    const fail = (err: unknown) => {
      span.recordException(err instanceof Error ? { name: err.name, message: err.message } : String(err));
      span.setStatus({ code: otel.SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
      span.end();
      throw err;
    };
    try {
      const out = fn(span);
      if (out instanceof Promise) {
        return out.then((v) => {
          span.end();
          return v;
        }, fail) as T;
      }
      span.end();
      return out;
    } catch (err) {
      return fail(err);
    }
  });
}

/** Runs `fn` in the trace context carried by incoming headers (traceparent), when tracing is on. */
export function withIncomingContext<T>(headers: (name: string) => string | undefined, fn: () => T): T {
  if (!api) return fn();
  const carrier = { traceparent: headers('traceparent'), tracestate: headers('tracestate') };
  const ctx = api.propagation.extract(api.context.active(), carrier, {
    get: (c, key) => (c as Record<string, string | undefined>)[key],
    keys: (c) => Object.keys(c),
  });
  return api.context.with(ctx, fn);
}

/** Wraps each method of an integration (payments gateway, mailer, blob store) in a client span, when tracing is on. */
export function traceClient<T extends object>(service: string, target: T, methods: readonly (keyof T & string)[]): T {
  if (!tracer) return target;
  const wrapped = Object.create(target) as T;
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    (wrapped as Record<string, unknown>)[method] = (...args: unknown[]) =>
      inSpan(`${service} ${method}`, 'client', { 'peer.service': service, 'rpc.method': method }, () => (original as (...a: unknown[]) => unknown).apply(target, args));
  }
  return wrapped;
}

const clean = (a: Attributes) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>;
