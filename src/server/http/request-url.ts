// A request's URL, parsed once however many parts ask for it (the path check, the Origin check, the context, the
// log line): each parse cost about a microsecond and a half, four times a request. Read-only: whoever needs to
// change a URL makes its own.
import type { Context } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    requestUrl: URL;
  }
}

export function requestUrl(c: Context): Readonly<URL> {
  let url = c.get('requestUrl');
  if (!url) c.set('requestUrl', (url = new URL(c.req.url)));
  return url;
}
