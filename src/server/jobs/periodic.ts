// The periodic work of the product: how often each task runs and what it does. Each due run is one job
// `periodic.<name>` (kinds.ts), queued once across all servers (./scheduler.ts) and run by the job runner
// (./handlers.ts) with its retries and dead state.
import type { Services } from '../deps';
import { pruneEvents } from '../modules/analytics/analytics.service';
import { pruneRateLimits } from '../modules/auth/rate-limit';
import { deleteExpiredSessions } from '../modules/auth/session';
import { schedulerTick } from '../modules/blog/blog.service';
import { settleExpiredHolds } from '../modules/bookings/checkout';
import { settleExpiredChanges } from '../modules/bookings/change-dates';
import { settleExpiredOverstays } from '../modules/bookings/overstay';
import { runPayouts } from '../modules/partners/payouts';
import { inviteEndedStays } from '../modules/reviews/invitations';
import { pushChangedPasses } from '../modules/wallet/push';
import type { PeriodicTaskName } from './kinds';
import { pruneJobs } from './queue';
import type { PeriodicTask } from './scheduler';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function periodicTasks(services: Services): Record<PeriodicTaskName, PeriodicTask> {
  const { db, env, clock } = services;
  return {
    // The blog scheduler's own state (frequency, next post) is in the database; this looks whether a post is due.
    'blog-scheduler': { everyMs: MINUTE, run: () => schedulerTick(db, clock.now()) },
    // Payment holds whose checkout request never came back: confirmed if the gateway has the charge, else released.
    'settle-expired-holds': { everyMs: MINUTE, run: () => settleExpiredHolds(services, clock.now()) },
    'settle-expired-changes': { everyMs: MINUTE, run: () => settleExpiredChanges(services, clock.now()) },
    'settle-expired-overstays': { everyMs: MINUTE, run: () => settleExpiredOverstays(services, clock.now()) },
    // Sessions are removed when presented expired; this sweeps the ones never presented again.
    'sweep-sessions': { everyMs: HOUR, run: () => deleteExpiredSessions(db, clock.now().getTime()) },
    // Daily work gets the usual eight attempts (about 20 minutes of backoff): the next run is a day away.
    // First-party analytics keep events for ANALYTICS_RETENTION_DAYS only.
    'prune-analytics': { everyMs: 24 * HOUR, attempts: 8, run: () => pruneEvents(db, env.ANALYTICS_RETENTION_DAYS, clock.now().getTime()) },
    // Abuse counters whose window has ended.
    'prune-rate-limits': { everyMs: 24 * HOUR, attempts: 8, run: () => pruneRateLimits(db, clock.now().getTime()) },
    // Finished jobs (periodic runs among them) are kept a week for the record.
    'prune-jobs': { everyMs: 24 * HOUR, attempts: 8, run: () => pruneJobs(db, undefined, clock.now().getTime()) },
    // Partners are paid weekly for their ended stays (one payout per partner per ISO week, however often it runs).
    'partner-payouts': { everyMs: 7 * 24 * HOUR, attempts: 8, run: () => runPayouts(services) },
    // Stays whose departure passed without a check-out are invited to a review (once each; the gate invites at check-out).
    'review-invitations': { everyMs: 15 * MINUTE, run: () => inviteEndedStays(services) },
    // Devices holding a changed Apple Wallet pass are told to fetch it (nothing, and no network, without Apple Wallet keys).
    'wallet-push': { everyMs: MINUTE, run: () => pushChangedPasses(services) },
  };
}
