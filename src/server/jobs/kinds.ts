// Every kind of job, defined once: its name and the zod schema of its payload. Enqueueing is typed from these
// (enqueueJob('mail.booking-changed', { bookingId, changeId })), and the runner checks a payload against its
// schema before the handler sees it: one that fails (written by an older release, or edited by hand) becomes
// a dead job at once with the schema's complaint, never a handler crash retried eight times.
import { z } from 'zod';
import { toCents, type Cents } from '@/shared/money';

const id = z.number().int().positive();
/** Whole cents (money.ts), at most $1,000,000. */
const cents = z
  .number()
  .int()
  .nonnegative()
  .max(100_000_000)
  .transform((n) => n as Cents);
const dollars = z.number().nonnegative().max(1_000_000);
/** One due run of a periodic task (./periodic.ts): the time it was due, which is also in its dedupe key. */
/** A lot-local wall-clock time as bookings store it. */
const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const periodicRun = z.object({ due: z.iso.datetime() });

export const JOB_KINDS = {
  /** A rendered e-mail that carries no secret (welcome, password changed, a relay to a lot). */
  'mail.send': z.object({
    message: z.object({ to: z.string().min(3), subject: z.string().min(1), html: z.string(), text: z.string(), kind: z.string().min(1) }),
  }),
  /** `note`: why this confirmation (a move under the parking guarantee), shown above the pass. */
  'mail.booking-confirmation': z.object({ bookingId: id, note: z.string().max(500).optional() }),
  'mail.booking-changed': z.object({ bookingId: id, changeId: id }),
  'mail.booking-link': z.object({ bookingId: id }),
  /** A late check-out no card paid: the pay link (bookings/overstay-mail.ts). */
  'mail.overstay-due': z.object({ bookingId: id, changeId: id }),
  'mail.booking-cancelled': z.union([
    z.object({ bookingId: id, refundCents: cents, creditCents: cents }),
    // Queued before amounts were cents (migration 0015): read as cents.
    z.object({ bookingId: id, refund: dollars, credit: dollars }).transform((p) => ({ bookingId: p.bookingId, refundCents: toCents(p.refund), creditCents: toCents(p.credit) })),
  ]),
  'mail.verify-email': z.object({ userId: id }),
  'mail.set-password': z.object({ userId: id, reason: z.enum(['access', 'booking']).optional() }),
  'mail.password-reset': z.object({ userId: id }),
  /** A lot's day passed 90 % of its online spaces: the administrators and the partner's owners and managers are told. */
  'mail.occupancy-alert': z.object({ alertId: id }),
  /** An invitation to a partner: the job mints the link's token. */
  'mail.partner-invitation': z.object({ invitationId: id }),
  /** The invitation to review a finished stay: the job mints the single-use review link. */
  'mail.review-invitation': z.object({ bookingId: id }),
  /** The day-before-arrival reminder for the arrival it was planned for ('YYYY-MM-DDTHH:mm' at the lot; modules/reminders). */
  'mail.arrival-reminder': z.object({ bookingId: id, arrival: wallClock }),
  /** The departure-day reminder ("running late? extend here") for the departure it was planned for. */
  'mail.departure-reminder': z.object({ bookingId: id, departure: wallClock }),
  /** Blob keys of a removed photo, deleted after the grace period. */
  'blobs.delete': z.object({ keys: z.array(z.string().min(1)).min(1) }),
  /** One refund of one charge, with its own idempotency key (the gateway refunds it once however often it runs). */
  'payments.refund': z.object({ paymentIntentId: z.string().min(1), amount: cents.refine((n) => n > 0), idempotencyKey: z.string().min(1) }),
  // Periodic work, one job per due run (./scheduler.ts); what each does and how often is in ./periodic.ts.
  'periodic.blog-scheduler': periodicRun,
  'periodic.settle-expired-holds': periodicRun,
  'periodic.settle-expired-changes': periodicRun,
  'periodic.settle-expired-overstays': periodicRun,
  'periodic.sweep-sessions': periodicRun,
  'periodic.prune-analytics': periodicRun,
  'periodic.prune-rate-limits': periodicRun,
  'periodic.prune-jobs': periodicRun,
  'periodic.partner-payouts': periodicRun,
  'periodic.review-invitations': periodicRun,
  'periodic.wallet-push': periodicRun,
} satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]>;

/** The periodic tasks, by the name after `periodic.` in their job kind ('prune-jobs' runs as 'periodic.prune-jobs'). */
export type PeriodicTaskName = JobKind extends infer K ? (K extends `periodic.${infer N}` ? N : never) : never;
export const periodicKind = <N extends PeriodicTaskName>(name: N) => `periodic.${name}` as const;
