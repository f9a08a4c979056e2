// The generic REST adapter: mounts each row of the REST table as a call to its tRPC procedure, and writes the
// answer's cookies and Retry-After in one place.
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { Context as HonoContext, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { responseHeaders } from '../response-headers';
import { AuthenticationRequired } from '../errors';
import type { Context } from '../trpc/init';
import { appRouter, createCaller } from '../trpc/root';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Request headers, lower-case names (e.g. 'idempotency-key'). */
  headers: Record<string, string>;
}

export interface RestRoute {
  method: HttpMethod;
  /** Hono path pattern, e.g. '/api/locations/:slug'. */
  path: string;
  /** Dotted procedure path, e.g. 'catalogue.getLocation'. */
  procedure: string;
  /** Maps the HTTP request to the procedure input; defaults to the body (or the query for GET). */
  input?: (req: RestRequest) => unknown;
  /** Shapes the procedure output for REST callers (renaming only, no logic). */
  output?: (data: any) => unknown;
  status?: 200 | 201;
  /** Errors answer `{ success: false, error }` (paths whose success answers carry `success`). */
  envelope?: boolean;
  /** A success answered as a CSV download instead of JSON when this returns one (e.g. the path ends in `.csv`). */
  csv?: (data: any, req: RestRequest) => { filename: string; text: string } | null;
  /** A success answered as a file of its own type (a wallet pass) instead of JSON. */
  file?: (data: any) => RestFile;
}

export interface RestFile {
  filename: string;
  contentType: string;
  body: Uint8Array;
  lastModified?: Date;
}

export function procedureExists(path: string): boolean {
  return Object.prototype.hasOwnProperty.call(appRouter._def.procedures, path);
}

async function readBody(c: HonoContext): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'DELETE') return undefined;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Request body is not valid JSON' });
    }
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await c.req.formData()).entries());
  }
  return undefined;
}

export function mountRestRoutes(app: Hono, routes: readonly RestRoute[], createContext: (c: HonoContext) => Promise<Context>) {
  for (const route of routes) {
    if (!procedureExists(route.procedure)) throw new Error(`REST ${route.path} names unknown procedure ${route.procedure}`);
    app.on(route.method, route.path, async (c) => {
      const ctx = await createContext(c);
      const answer = await call(c, route, ctx);
      // The one place REST answers get their headers beyond the body: the cookies the call asked for and the
      // retry delay of a refusal (Retry-After), per response-headers.ts.
      responseHeaders(ctx.response, answer.error ? [answer.error] : [], ctx.env.APP_URL).forEach((v, k) => c.header(k, v, { append: true }));
      if (answer.download) {
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="${answer.download.filename.replace(/[^\w.-]/g, '_')}"`);
        return c.body(answer.download.text, 200);
      }
      if (answer.file) {
        c.header('Content-Type', answer.file.contentType);
        c.header('Content-Disposition', `attachment; filename="${answer.file.filename.replace(/[^\w.-]/g, '_')}"`);
        if (answer.file.lastModified) c.header('Last-Modified', answer.file.lastModified.toUTCString());
        return c.body(new Uint8Array(answer.file.body), 200);
      }
      return c.json(answer.body, answer.status);
    });
  }
}

/** Calls the route's procedure and shapes its answer or its error as the REST API documents them. */
async function call(
  c: HonoContext,
  route: RestRoute,
  ctx: Context,
): Promise<{ status: ContentfulStatusCode; body: unknown; error?: TRPCError; download?: { filename: string; text: string }; file?: RestFile }> {
  try {
    const body = await readBody(c);
    const req: RestRequest = { params: c.req.param(), query: c.req.query(), body, headers: c.req.header() };
    const input = route.input ? route.input(req) : route.method === 'GET' ? req.query : body;
    const caller = createCaller(ctx) as unknown as Record<string, unknown>;
    const fn = route.procedure.split('.').reduce<any>((node, key) => node[key], caller) as (i: unknown) => Promise<unknown>;
    const data = await fn(input);
    const download = route.csv?.(data, req) ?? undefined;
    if (route.file) return { status: 200, body: null, file: route.file(data) };
    return { status: route.status ?? 200, body: (route.output ? route.output(data) : data) ?? null, download };
  } catch (err) {
    const error = err instanceof TRPCError ? err : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
    // A path segment that cannot even be valid (/api/blog/post/abc/view) names nothing: 404, not 400.
    const badPathParam = error.code === 'BAD_REQUEST' && invalidFields(error).some((f) => f in (c.req.param() as Record<string, string>));
    if (badPathParam) return { status: 404, body: route.envelope ? { success: false, error: 'Not found' } : { error: 'Not found' }, error };
    // Our own failures with a message for the traveller (a payment processor that did not answer, 502) keep
    // it; only unexpected errors are logged and hidden behind a generic message.
    const unexpected = error.code === 'INTERNAL_SERVER_ERROR';
    if (unexpected) console.error(`REST ${route.method} ${route.path} failed:`, error.cause ?? error);
    const message = unexpected ? 'Something went wrong. Please try again.' : restMessage(error);
    // A bank's check (3-D Secure): the caller completes it with Stripe.js and repeats with the same Idempotency-Key.
    const nextAction = error.cause instanceof AuthenticationRequired ? { nextAction: error.cause.nextAction } : {};
    const body = route.envelope ? { success: false, error: message, ...nextAction } : { error: message, ...nextAction };
    return { status: getHTTPStatusCodeFromError(error) as ContentfulStatusCode, body, error };
  }
}

/** The input fields a validation error names (the first key of each issue's path). */
function invalidFields(error: TRPCError): string[] {
  const cause = error.cause as { issues?: { path?: PropertyKey[] }[] } | undefined;
  return (cause?.issues ?? []).map((i) => String(i.path?.[0] ?? ''));
}

/** The spec's message for validation errors is the first zod issue; others keep their own message. */
function restMessage(error: TRPCError): string {
  const cause = error.cause as { issues?: { message: string }[] } | undefined;
  return cause?.issues?.[0]?.message ?? error.message;
}
