// The request log: one line per request (method, path, status, time). It never holds a secret: query strings
// of sensitive paths are dropped, token-like parameters elsewhere are redacted, e-mail addresses are masked.
import type { MiddlewareHandler } from 'hono';

/** Paths whose query strings are private (reset and verification tokens, signed booking links, OAuth codes). */
const PRIVATE_QUERY = /^\/(reset-password|verify-email|thank-you|manage|auth\/|api\/auth\/|api\/bookings|api\/payments|api\/profile|webhooks\/)/;
const SECRET_PARAM = /token|code|state|secret|key|password|pass|email|session|signature|card|cvv|confirmation/i;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** 'ada.lovelace@example.com' → 'a***@example.com' (also when percent-encoded). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_m, first: string, at: string, domain: string) => `${first}***${at}${domain}`);
}

/** The path and query as they may be logged. */
export function redactUrl(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q === -1 ? '' : pathAndQuery.slice(q + 1);
  if (!query) return maskEmails(path);
  if (PRIVATE_QUERY.test(path)) return `${maskEmails(path)}?[redacted]`;
  const kept = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(name) && eq !== -1 ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return maskEmails(`${path}?${kept}`);
}

export function requestLog(write: (line: string) => void = (line) => console.log(line)): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    const ms = Math.round(performance.now() - started);
    write(`${c.req.method} ${redactUrl(url.pathname + url.search)} ${c.res.status} ${ms}ms`);
  };
}
