// The periodic work of the product, each run once per due time across all servers (./scheduler.ts).
import type { Services } from '../deps';
import { pruneEvents } from '../modules/analytics/analytics.service';
import { pruneRateLimits } from '../modules/auth/rate-limit';
import { deleteExpiredSessions } from '../modules/auth/session';
import { schedulerTick } from '../modules/blog/blog.service';
import { settleExpiredHolds } from '../modules/bookings/checkout';
import { settleExpiredChanges } from '../modules/bookings/change-dates';
import { pruneJobs } from './queue';
import type { PeriodicTask } from './scheduler';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function periodicTasks(services: Services): PeriodicTask[] {
  const { db, env, clock } = services;
  return [
    // The blog scheduler's own state (frequency, next post) is in the database; this looks whether a post is due.
    { name: 'blog-scheduler', everyMs: MINUTE, leaseMs: 5 * MINUTE, run: () => schedulerTick(db, clock.now()) },
    // Payment holds whose checkout request never came back: confirmed if the gateway has the charge, else released.
    { name: 'settle-expired-holds', everyMs: MINUTE, leaseMs: 5 * MINUTE, run: () => settleExpiredHolds(services, clock.now()) },
    { name: 'settle-expired-changes', everyMs: MINUTE, leaseMs: 5 * MINUTE, run: () => settleExpiredChanges(services, clock.now()) },
    // Sessions are removed when presented expired; this sweeps the ones never presented again.
    { name: 'sweep-sessions', everyMs: HOUR, run: () => deleteExpiredSessions(db, clock.now().getTime()) },
    // First-party analytics keep events for ANALYTICS_RETENTION_DAYS only.
    { name: 'prune-analytics', everyMs: 24 * HOUR, leaseMs: HOUR, run: () => pruneEvents(db, env.ANALYTICS_RETENTION_DAYS, clock.now().getTime()) },
    // Abuse counters whose window has ended.
    { name: 'prune-rate-limits', everyMs: 24 * HOUR, leaseMs: HOUR, run: () => pruneRateLimits(db, clock.now().getTime()) },
    // Finished jobs are kept a week for the record.
    { name: 'prune-jobs', everyMs: 24 * HOUR, leaseMs: HOUR, run: () => pruneJobs(db, undefined, clock.now().getTime()) },
  ];
}
