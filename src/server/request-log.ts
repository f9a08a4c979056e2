// The request log: one line per request (method, path, status, time), redacted by redact.ts: no query string
// of a private path, no token, session, card number or tRPC input field with a secret name, e-mails masked.
import type { MiddlewareHandler } from 'hono';
import { redactUrl } from './redact';

export { maskEmails, redactUrl } from './redact';

export function requestLog(write: (line: string) => void = (line) => console.log(line)): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    const ms = Math.round(performance.now() - started);
    write(`${c.req.method} ${redactUrl(url.pathname + url.search)} ${c.res.status} ${ms}ms`);
  };
}
