// What may never reach a log line, written once: the request log, error lines, the mail line and (later)
// structured logs all redact through these functions. Secrets are manage and view link tokens, sessions,
// guest cookies, reset and verification tokens, OAuth codes, idempotency keys and card data; e-mail
// addresses are masked ('a***@example.com') so a line still tells one traveller from another.

export const REDACTED = '[redacted]';

/**
 * Names of parameters, JSON fields and cookies whose values are secret or personal, wherever they appear
 * (a query string, a tRPC `input=` JSON, a cookie header, an object about to be logged).
 */
export const SECRET_NAME =
  /token|code|state|secret|key|password|pass|email|session|signature|card|cvv|cvc|expir|billingzip|zip|confirmation|guest|cookie|auth|phone|payment_?method/i;

/** Paths whose query strings are dropped whole (reset and verification links, signed booking links, OAuth
 * callbacks, auth, bookings, payments, profile, webhooks). Matched case-insensitively, as the router does. */
const PRIVATE_QUERY = /^\/(reset-password|verify-email|thank-you|manage|auth\/|api\/auth\/|api\/bookings|api\/payments|api\/profile|api\/payment-methods|webhooks\/)/i;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/** Our own tokens (generateToken: 200 random bits, base32): a bare one is a secret wherever it shows. */
const BARE_TOKEN = /\b[a-z2-7]{40}\b/g;
/** `name=value` in free text (a URL inside an error, a cookie header): the value of a secret name goes. */
const NAMED_VALUE = /([A-Za-z_][\w.-]*)=([^&\s;,"'<>#]+)/g;
/** `"name": "value"` in free text (JSON in an error message). */
const JSON_VALUE = /"([A-Za-z_][\w.-]*)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
/** 13 to 19 digits, spaces or dashes between them: a card number when the Luhn check passes. */
const DIGITS = /\b\d(?:[ -]?\d){12,18}\b/g;

/** 'ada.lovelace@example.com' → 'a***@example.com' (also when percent-encoded). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_m, first: string, at: string, domain: string) => `${first}***${at}${domain}`);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** What any pattern above needs to match ('=', '"', an '@' or '%40', a card's thirteen digits at least, a
 * token's 40 letters): most log strings (a route pattern, a method, a message, a request id) have none and are
 * returned as they are. */
const MAY_HIDE_SECRET = /[=@"]|%40|\d(?:[ -]?\d){12}|[a-z2-7]{40}/;

/** Free text as it may be logged: secret `name=value` and `"name": "value"` pairs, bare tokens and card
 * numbers redacted, e-mail addresses masked. */
export function redactText(text: string): string {
  if (!MAY_HIDE_SECRET.test(text)) return text;
  return maskEmails(
    text
      .replace(NAMED_VALUE, (m, name: string, value: string) => (name === 'input' ? `input=${redactTrpcInput(value)}` : SECRET_NAME.test(name) ? `${name}=${REDACTED}` : m))
      .replace(JSON_VALUE, (m, name: string) => (SECRET_NAME.test(name) ? `"${name}":"${REDACTED}"` : m))
      .replace(BARE_TOKEN, REDACTED)
      .replace(DIGITS, (m) => (luhn(m.replace(/\D/g, '')) ? '[card]' : m)),
  );
}

/** Any value about to be logged (structured logs): fields with secret names redacted, strings as redactText. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  // Every log line passes here: a loop over the own fields, not entries/fromEntries (a quarter of the cost).
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    out[k] = SECRET_NAME.test(k) && v !== null && v !== undefined && typeof v !== 'boolean' ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

/** A tRPC GET's `input=` (percent-encoded JSON, one procedure's or a batch's): its secret fields redacted. */
function redactTrpcInput(encoded: string): string {
  try {
    return encodeURIComponent(JSON.stringify(redactValue(JSON.parse(decodeURIComponent(encoded)))));
  } catch {
    return REDACTED;
  }
}

/** The path and query of a request as they may be logged. */
export function redactUrl(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q === -1 ? '' : pathAndQuery.slice(q + 1);
  if (!query) return redactText(path);
  if (PRIVATE_QUERY.test(path)) return `${redactText(path)}?${REDACTED}`;
  const kept = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      if (name === 'input') return `input=${redactTrpcInput(pair.slice(eq + 1))}`;
      return SECRET_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return redactText(`${path}?${kept}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
