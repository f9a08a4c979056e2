// Small HTTP helpers for integration tests: JSON calls with our Origin, and a cookie jar of one session.
/** The origin the test app is served at: what browsers of ours send as Origin. */
export const TEST_ORIGIN = 'http://localhost:3999';

type Request = (path: string, init?: RequestInit) => Response | Promise<Response>;

export interface CallOptions {
  method?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function call(request: Request, path: string, body?: unknown, opts: CallOptions = {}) {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.ip) headers['X-Forwarded-For'] = opts.ip;
  const res = await request(path, {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** The `name=value` pair of the session cookie set by a response, or undefined. */
export function sessionCookieFrom(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('pp_session='));
  return cookie?.split(';')[0];
}
