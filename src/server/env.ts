// Configuration: every environment variable the server reads, validated with zod at boot.
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_PATH: z.string().min(1).default('./data/app.db'),
    /** postgres://user:password@host:5432/db: run on PostgreSQL instead of the SQLite file (any number of servers). */
    DATABASE_URL: optional.refine((v) => v === undefined || /^postgres(ql)?:\/\//i.test(v), 'DATABASE_URL must be a postgres:// URL'),
    /** Connections each server keeps to PostgreSQL. */
    PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Prepare each statement once per connection (set false behind PgBouncer older than 1.21 in transaction mode). */
    PG_PREPARED_STATEMENTS: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === undefined || v === '1' || v === 'true'),
    APP_URL: z
      .url()
      .optional()
      .transform((v) => v?.replace(/\/+$/, '')),
    ADMIN_EMAIL: z
      .email()
      .optional()
      .transform((v) => v?.toLowerCase()),
    ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
    OUTBOX_DIR: z.string().default('./data/outbox'),
    /** Uploaded images, when no S3 bucket is configured. */
    UPLOADS_DIR: z.string().default('./data/uploads'),
    /** An S3 (or S3-compatible: MinIO, R2, ...) bucket for uploads, so every server sees them. */
    S3_BUCKET: optional,
    S3_REGION: z.string().trim().default('us-east-1'),
    /** A non-AWS endpoint (MinIO, R2, a local test server); path-style addressing is used with it. */
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    /** On SIGTERM, how long /readyz answers 503 before the listener closes (for a load balancer to notice). */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    SMTP_URL: optional,
    MAIL_FROM: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** The signing secret of a Connect webhook endpoint (connected accounts' events: account.updated) at the same path. */
    STRIPE_CONNECT_WEBHOOK_SECRET: optional,
    /** A Stripe-compatible API server instead of api.stripe.com (stripe-mock; tests). */
    STRIPE_API_URL: z.url().optional(),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    BRAND_NAME: z.string().trim().min(1).default('ParkPilot'),
    SUPPORT_PHONE: z.string().trim().min(1).default('1-800-555-0199'),
    SUPPORT_EMAIL: z.email().default('support@parkpilot.example'),
    /** Analytics events older than this are deleted (daily). */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
    /**
     * How many proxies of ours stand in front of the server: the client address is the N-th entry from the
     * right of X-Forwarded-For. 0 (default) ignores the header; 'true' means 1.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '' || v === 'false') return 0;
        if (v === 'true') return 1;
        if (/^\d{1,2}$/.test(v)) return Number(v);
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a number of proxies (0, 1, 2, ...) or true/false' });
        return z.NEVER;
      }),
    LOG_REQUESTS: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === undefined || v === '1' || v === 'true'),
    /** pino's level: fatal, error, warn, info (default), debug, trace or silent. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Prometheus metrics at /metrics, only with this bearer token (unset: no metrics at all). */
    METRICS_TOKEN: optional,
    /** Serve /metrics on this port instead of the public one (still behind METRICS_TOKEN). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** OpenTelemetry traces to this OTLP/HTTP endpoint (unset: the tracing code is not even loaded). */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('parkpilot'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required when STRIPE_SECRET_KEY is set in production' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the default AWS credentials)',
      });
    }
    if (env.METRICS_PORT && !env.METRICS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'required when METRICS_PORT is set (metrics are never served without it)' });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'required when ADMIN_PASSWORD is set' });
    }
  });

export type TEnv = z.output<typeof ZEnv>;

/** Parse the environment or exit with a readable list of what is wrong. */
export function loadEnv(source: Record<string, string | undefined> = process.env): TEnv {
  // An empty variable (`S3_BUCKET=` straight from .env.example) means unset.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ZEnv.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return { ...env, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}

/** What the browser may see: never a secret. */
export function publicConfig(env: TEnv) {
  return {
    brandName: env.BRAND_NAME,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    appUrl: env.APP_URL!,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  };
}
export type TPublicConfig = ReturnType<typeof publicConfig>;
