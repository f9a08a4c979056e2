// What services are given: the app's dependencies (database, configuration, mail, payments, jobs, blobs,
// clock) and, for calls made on behalf of someone, who is asking. Services take the parts they use
// explicitly; they know nothing of tRPC or HTTP (routers and the REST table adapt them).
import type { DB } from './db/client';
import type { TEnv } from './env';
import type { BlobStore } from './integrations/blobs/types';
import type { Mailer } from './integrations/mailer/types';
import type { PaymentsGateway } from './integrations/payments/types';
import type { JobRunner } from './jobs/runner';

/** The signed-in user as the server sees it: an explicit field list, never a hash or token. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
}

export interface Clock {
  // A property, not a method: callers may pass `clock.now` on by itself.
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  db: DB;
  env: TEnv;
  mailer: Mailer;
  payments: PaymentsGateway;
  /** Runs the jobs table; kick it after committing a transaction that enqueued work. */
  jobs: Pick<JobRunner, 'kick'> & Partial<Pick<JobRunner, 'claimHere' | 'runClaimed'>>;
  /** Uploaded files (blog images): a local folder or an S3 bucket. */
  blobs: BlobStore;
  clock: Clock;
}

/**
 * Cookies a call asks the response to carry. Services return the session or token; routers (and the context,
 * for a session it extended) note it here; the tRPC layer, the REST adapter and the page renderer each write
 * it as Set-Cookie in one place (response-headers.ts).
 */
export interface ResponseEffects {
  /** Set the session cookie to this session, or clear it (null). */
  session?: { token: string; expiresAt: Date } | null;
  /** Set the guest cookie to this newly minted token. */
  guestToken?: string;
}

/** Who is asking, and what of the request a service may use. */
export interface Caller {
  user: SessionUser | null;
  /** The current session (its id only), when signed in. */
  session: { id: number; expiresAt: Date } | null;
  /** Client address, for rate limits. */
  ip: string;
  /** This browser's guest cookie (set when a guest pays for detail access), never a session. */
  guestToken?: string | null;
  /** What the response carries beyond its body (cookies), set by routers and written by the transport. */
  response: ResponseEffects;
  /** What analytics may know of the request: no address, no cookies. */
  request?: { userAgent?: string; doNotTrack: boolean; country: string | null; host: string };
  /** Fetches one of our own pages in-process (for page-speed measurements). */
  selfFetch?: (path: string) => Promise<Response>;
}

/** A service call's whole context: dependencies and caller. */
export type Context = Services & Caller;
