// The app's context part (createApp, app.ts): the services every request uses (made here when the caller gave
// none), and each request's context for tRPC, the REST table and pages: the signed-in user from the session
// cookie (a session past half its life noted for its cookie again), the guest cookie, the client address, and
// what analytics may know of the request.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context as HonoContext } from 'hono';
import type { DB } from '../db/client';
import { systemClock, type Clock, type Context, type Services } from '../deps';
import type { TEnv } from '../env';
import { createLocalBlobStore } from '../integrations/blobs/local';
import type { BlobStore } from '../integrations/blobs/types';
import { createMailer } from '../integrations/mailer';
import type { Mailer } from '../integrations/mailer/types';
import { createPaymentsGateway, type PaymentsGateway } from '../integrations/payments';
import { jobHandlers } from '../jobs/handlers';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import { GUEST_COOKIE, readCookie, SESSION_COOKIE, validateSessionToken } from '../modules/auth/session';
import { noteUser } from '../observability/log';
import { redactText } from '../redact';
import { requestUrl } from './request-url';

/** The client address. With TRUST_PROXY=N (N proxies of ours in front), the N-th address from the right of
 * X-Forwarded-For: the one our outermost proxy appended. Addresses left of it were written by the client. */
export function clientAddress(forwardedFor: string | undefined, trustedHops: number, socket: () => string): string {
  if (trustedHops > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const ours = hops[hops.length - trustedHops];
    if (ours) return ours.slice(0, 64);
  }
  return socket();
}

export type AppServices = Omit<Services, 'jobs'> & { jobs: JobRunner };

/** The services as given, with the embedded defaults for those left out (see AppDeps in app.ts). */
export function appServices(deps: { db: DB; env: TEnv; mailer?: Mailer; payments?: PaymentsGateway; jobs?: JobRunner; blobs?: BlobStore; clock?: Clock }): AppServices {
  const { db, env } = deps;
  const mailer = deps.mailer ?? createMailer(env, (line) => console.log(redactText(line)));
  const payments = deps.payments ?? createPaymentsGateway(env, db);
  const blobs = deps.blobs ?? createLocalBlobStore(env.UPLOADS_DIR);
  const clock = deps.clock ?? systemClock;
  const jobs = deps.jobs ?? createJobRunner(db, jobHandlers({ db, env, mailer, payments, blobs, clock }));
  return { db, env, mailer, payments, blobs, clock, jobs };
}

/** Makes each request's context; `selfFetch` fetches one of our own pages in-process (page-speed checks). */
export function contextFactory(services: AppServices, selfFetch: (path: string) => Promise<Response>): (c: HonoContext) => Promise<Context> {
  const { db, env } = services;
  const clientIp = (c: HonoContext): string =>
    clientAddress(c.req.header('x-forwarded-for'), env.TRUST_PROXY, () => {
      try {
        return getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        return 'unknown'; // app.request() in tests has no socket
      }
    });

  return async (c) => {
    const token = readCookie(c.req.header('cookie'), SESSION_COOKIE);
    const found = token ? await validateSessionToken(db, token) : null;
    noteUser(found?.user.id);
    return {
      ...services,
      guestToken: readCookie(c.req.header('cookie'), GUEST_COOKIE) ?? null,
      user: found?.user ?? null,
      session: found ? { id: found.session.id, expiresAt: found.session.expiresAt } : null,
      ip: clientIp(c),
      // A session whose expiry slid forward gets its cookie again, with the new expiry.
      response: found?.refreshed && token ? { session: { token, expiresAt: found.session.expiresAt } } : {},
      request: {
        userAgent: c.req.header('user-agent'),
        doNotTrack: c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1',
        // Only a proxy we trust may tell us the country (e.g. Cloudflare's CF-IPCountry).
        country: env.TRUST_PROXY > 0 ? (c.req.header('cf-ipcountry') ?? c.req.header('x-country-code') ?? null)?.toUpperCase().slice(0, 2) || null : null,
        host: requestUrl(c).hostname,
      },
      selfFetch,
    };
  };
}
