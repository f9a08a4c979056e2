// tRPC in three parts: the request context, initialisation (superjson, zod errors flattened), procedures.
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import type { DB } from '../db/client';
import type { TEnv } from '../env';
import type { Mailer } from '../integrations/mailer/types';
import type { PaymentsGateway } from '../integrations/payments/types';
import type { JobRunner } from '../jobs/runner';

// 1. Context -----------------------------------------------------------------

/** The signed-in user as the server sees it: an explicit field list, never a hash or token. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
}

export interface Services {
  db: DB;
  env: TEnv;
  mailer: Mailer;
  payments: PaymentsGateway;
  /** Runs the jobs table; kick it after committing a transaction that enqueued work. */
  jobs: Pick<JobRunner, 'kick'>;
}

export interface Context extends Services {
  user: SessionUser | null;
  /** The current session (its id only), when signed in. */
  session: { id: number; expiresAt: Date } | null;
  /** Client address, for rate limits. */
  ip: string;
  /** This browser's guest cookie (set when a guest pays for detail access), never a session. */
  guestToken?: string | null;
  /** Headers to add to the HTTP response (cookies, Retry-After). */
  resHeaders: Headers;
  /** What analytics may know of the request: no address, no cookies. */
  request?: { userAgent?: string; doNotTrack: boolean; country: string | null; host: string };
  /** Fetches one of our own pages in-process (for page-speed measurements). */
  selfFetch?: (path: string) => Promise<Response>;
}

/** A context with no request behind it, for tests and server-side rendering. */
export function createInnerContext(services: Services, user: SessionUser | null = null): Context {
  return { ...services, user, session: null, ip: '127.0.0.1', resHeaders: new Headers() };
}

// 2. Initialisation ------------------------------------------------------------

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    // A validation error's message is the first spec message, so callers can show it as is.
    const firstIssue = error.cause instanceof ZodError ? error.cause.issues[0]?.message : undefined;
    return { ...shape, message: firstIssue ?? shape.message, data: { ...shape.data, zodError } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures ------------------------------------------------------------------

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required.' });
  return next();
});
