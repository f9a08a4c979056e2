// tRPC in three parts: the request context, initialisation (superjson, zod errors flattened), procedures.
import { initTRPC, TRPCError } from '@trpc/server';
import { inSpan } from '../observability/tracing';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import type { Context, SessionUser, Services } from '../deps';
import { AppError, AuthenticationRequired } from '../errors';
import { responseHeaders } from '../response-headers';

// 1. Context -----------------------------------------------------------------

export type { Caller, Context, SessionUser, Services } from '../deps';

/** A context with no request behind it, for tests and server-side rendering. */
export function createInnerContext(services: Services, user: SessionUser | null = null): Context {
  return { ...services, user, session: null, ip: '127.0.0.1', response: {} };
}

/**
 * The one place tRPC answers get their headers beyond the body: the cookies the calls asked for (ctx.response)
 * and the retry delay of a refusal (Retry-After), per response-headers.ts. Given to the fetch adapter (app.ts).
 */
export function responseMeta({ ctx, errors }: { ctx?: Context; errors: readonly TRPCError[] }) {
  return { headers: responseHeaders(ctx?.response, errors, ctx?.env.APP_URL) };
}

// 2. Initialisation ------------------------------------------------------------

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    // A validation error's message is the first spec message, so callers can show it as is.
    const firstIssue = error.cause instanceof ZodError ? error.cause.issues[0]?.message : undefined;
    // A bank's check (3-D Secure): the browser completes it with Stripe.js and repeats the request.
    const nextAction = error.cause instanceof AuthenticationRequired ? error.cause.nextAction : undefined;
    return { ...shape, message: firstIssue ?? shape.message, data: { ...shape.data, zodError, ...(nextAction ? { nextAction } : {}) } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures ------------------------------------------------------------------

/** Services throw AppError (errors.ts); callers of tRPC see a TRPCError with the same code and message. */
export const publicProcedure = t.procedure.use(async ({ next, path, type }) => {
  // A span per procedure when tracing is on (its name is a procedure's path: only existing ones get here).
  const result = await inSpan(`trpc ${path}`, 'internal', { 'rpc.system': 'trpc', 'rpc.method': path, 'rpc.type': type }, async (span) => {
    const out = await next();
    if (!out.ok) span?.setAttribute('rpc.error', out.error.code);
    return out;
  });
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    return { ...result, error: new TRPCError({ code: cause.code, message: cause.message, cause }) };
  }
  return result;
});

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required.' });
  return next();
});
