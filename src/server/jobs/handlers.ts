// What each kind of job does. Handlers are idempotent where they can be (a refund carries its own
// idempotency key; a booking e-mail re-reads the booking) because a job may run again after a crash.
import type { Services } from '../deps';
import { sendPasswordResetMail, sendSetPasswordMail, sendVerificationMail } from '../modules/auth/auth.service';
import { sendBookingCancelled, sendBookingChanged, sendBookingConfirmation, sendManageLink } from '../modules/bookings/booking-mail';
import { JOB_KINDS, type JobKind, type JobPayload } from './kinds';
import type { Job } from './queue';
import type { JobDefinition } from './runner';

type JobRuns = { [K in JobKind]: (payload: JobPayload<K>, job: Job) => Promise<void> };

export function jobHandlers(services: Omit<Services, 'jobs'>): Record<JobKind, JobDefinition> {
  const runs: JobRuns = {
    'mail.send': (p) => services.mailer.send(p.message),
    'mail.booking-confirmation': (p) => sendBookingConfirmation(services, p),
    'mail.booking-changed': (p) => sendBookingChanged(services, p),
    'mail.booking-link': (p) => sendManageLink(services, p),
    'mail.booking-cancelled': (p) => sendBookingCancelled(services, p),
    'mail.verify-email': (p) => sendVerificationMail(services, p),
    'mail.set-password': (p) => sendSetPasswordMail(services, p),
    'mail.password-reset': (p) => sendPasswordResetMail(services, p),
    'blobs.delete': async (p) => {
      for (const key of p.keys) await services.blobs.delete(key);
    },
    'payments.refund': async (p) => {
      await services.payments.refund(p);
    },
  };
  // Each kind's schema beside its run; the runner checks the payload before the run sees it.
  return Object.fromEntries(
    (Object.keys(JOB_KINDS) as JobKind[]).map((kind) => [kind, { schema: JOB_KINDS[kind], run: runs[kind] as JobDefinition['run'] }]),
  ) as unknown as Record<JobKind, JobDefinition>;
}
