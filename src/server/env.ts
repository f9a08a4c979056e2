// Configuration: every environment variable the server reads, validated with zod at boot.
import fs from 'node:fs';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A PEM given inline (newlines written as \n, as one line of a .env file) or as the path of a .pem file, read at boot. */
const pem = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const text = v.startsWith('-----BEGIN') ? v.replace(/\\n/g, '\n') : readPemFile(v);
    if (!text?.includes('-----BEGIN')) {
      ctx.addIssue({ code: 'custom', message: 'must be a PEM (-----BEGIN ...; newlines as \\n) or the path of a readable .pem file' });
      return z.NEVER;
    }
    return text;
  });

function readPemFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Apple and Google Wallet: each is on only when every one of its variables is set (all or none). */
export const APPLE_WALLET_VARS = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERT',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR_CERT',
  'APPLE_WALLET_AUTH_SECRET',
] as const;
export const GOOGLE_WALLET_VARS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY'] as const;

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
    /** 0: this server answers requests and queues jobs but runs none (another server, with 1, runs them). */
    RUN_JOBS: z
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
    /** Apple Wallet passes (.pkpass): the Pass Type ID and team of the pass certificate. */
    APPLE_WALLET_PASS_TYPE_ID: optional.refine((v) => v === undefined || /^pass\.[\w.-]+$/.test(v), 'APPLE_WALLET_PASS_TYPE_ID must look like pass.com.example.parking'),
    APPLE_WALLET_TEAM_ID: optional.refine((v) => v === undefined || /^[A-Z0-9]{10}$/.test(v), 'APPLE_WALLET_TEAM_ID must be the 10-character team identifier'),
    /** The Pass Type ID certificate, its private key (RSA) and Apple's WWDR intermediate: PEM inline or a file path. */
    APPLE_WALLET_CERT: pem,
    APPLE_WALLET_KEY: pem,
    APPLE_WALLET_KEY_PASSPHRASE: optional,
    APPLE_WALLET_WWDR_CERT: pem,
    /** The secret each pass's web-service token is derived from (HMAC); changing it signs every installed pass out of updates. */
    APPLE_WALLET_AUTH_SECRET: optional.refine((v) => v === undefined || v.length >= 32, 'APPLE_WALLET_AUTH_SECRET must be at least 32 characters'),
    /** Google Wallet "Save" links: the issuer id, and the service account that signs the links (its private key, PEM or path). */
    GOOGLE_WALLET_ISSUER_ID: optional.refine((v) => v === undefined || /^\d{6,25}$/.test(v), 'GOOGLE_WALLET_ISSUER_ID must be the numeric issuer id'),
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.email().optional(),
    GOOGLE_WALLET_PRIVATE_KEY: pem,
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
    for (const vars of [APPLE_WALLET_VARS, GOOGLE_WALLET_VARS]) {
      const missing = vars.filter((name) => !env[name]);
      if (missing.length > 0 && missing.length < vars.length) {
        ctx.addIssue({ code: 'custom', path: [missing[0]!], message: `set all of ${vars.join(', ')}, or none (missing: ${missing.join(', ')})` });
      }
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
    /** "Add to Apple Wallet" / "Save to Google Wallet" on the pass (their keys are configured). */
    appleWallet: Boolean(env.APPLE_WALLET_PASS_TYPE_ID),
    googleWallet: Boolean(env.GOOGLE_WALLET_ISSUER_ID),
  };
}
export type TPublicConfig = ReturnType<typeof publicConfig>;
