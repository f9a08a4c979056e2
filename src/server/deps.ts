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
  jobs: Pick<JobRunner, 'kick'>;
  /** Uploaded files (blog images): a local folder or an S3 bucket. */
  blobs: BlobStore;
  clock: Clock;
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
  /** Headers to add to the HTTP response (cookies, Retry-After). */
  resHeaders: Headers;
  /** What analytics may know of the request: no address, no cookies. */
  request?: { userAgent?: string; doNotTrack: boolean; country: string | null; host: string };
  /** Fetches one of our own pages in-process (for page-speed measurements). */
  selfFetch?: (path: string) => Promise<Response>;
}

/** A service call's whole context: dependencies and caller. */
export type Context = Services & Caller;
