// What each kind of job does. Handlers are idempotent where they can be (a refund carries its own
// idempotency key; a booking e-mail re-reads the booking) because a job may run again after a crash.
import type { Services } from '../deps';
import { sendPasswordResetMail, sendSetPasswordMail, sendVerificationMail } from '../modules/auth/auth.service';
import { sendBookingCancelled, sendBookingChanged, sendBookingConfirmation, sendManageLink } from '../modules/bookings/booking-mail';
import { sendOverstayDue } from '../modules/bookings/overstay-mail';
import { sendPartnerInvitation } from '../modules/partners/invitations.service';
import { sendReviewInvitation } from '../modules/reviews/invitations';
import { sendArrivalReminder, sendDepartureReminder } from '../modules/reminders/reminder-mail';
import { sendOccupancyAlert } from '../modules/bookings/occupancy-alerts';
import { JOB_KINDS, periodicKind, type JobKind, type JobPayload, type PeriodicTaskName } from './kinds';
import { periodicTasks } from './periodic';
import type { Job } from './queue';
import type { JobDefinition } from './runner';

type JobRuns = { [K in JobKind]: (payload: JobPayload<K>, job: Job) => Promise<void> };
type PeriodicKind = ReturnType<typeof periodicKind<PeriodicTaskName>>;

export function jobHandlers(services: Omit<Services, 'jobs'>): Record<JobKind, JobDefinition> {
  // Jobs a job queues need no kick: the runner running it claims due jobs until none is left.
  const periodic = periodicTasks({ ...services, jobs: { kick: () => undefined } });
  const periodicRuns = {} as Pick<JobRuns, PeriodicKind>;
  for (const name of Object.keys(periodic) as PeriodicTaskName[]) periodicRuns[periodicKind(name)] = async () => void (await periodic[name].run());
  const runs: JobRuns = {
    'mail.send': (p) => services.mailer.send(p.message),
    'mail.booking-confirmation': (p) => sendBookingConfirmation(services, p, p.note),
    'mail.booking-changed': (p) => sendBookingChanged(services, p),
    'mail.booking-link': (p) => sendManageLink(services, p),
    'mail.overstay-due': (p) => sendOverstayDue(services, p),
    'mail.booking-cancelled': (p) => sendBookingCancelled(services, p),
    'mail.verify-email': (p) => sendVerificationMail(services, p),
    'mail.set-password': (p) => sendSetPasswordMail(services, p),
    'mail.password-reset': (p) => sendPasswordResetMail(services, p),
    'mail.partner-invitation': (p) => sendPartnerInvitation(services, p),
    'mail.review-invitation': (p) => sendReviewInvitation(services, p),
    'mail.occupancy-alert': (p) => sendOccupancyAlert(services, p),
    'mail.arrival-reminder': (p) => sendArrivalReminder(services, p),
    'mail.departure-reminder': (p) => sendDepartureReminder(services, p),
    'blobs.delete': async (p) => {
      for (const key of p.keys) await services.blobs.delete(key);
    },
    'payments.refund': async (p) => {
      await services.payments.refund(p);
    },
    ...periodicRuns,
  };
  // Each kind's schema beside its run; the runner checks the payload before the run sees it.
  return Object.fromEntries((Object.keys(JOB_KINDS) as JobKind[]).map((kind) => [kind, { schema: JOB_KINDS[kind], run: runs[kind] as JobDefinition['run'] }])) as unknown as Record<
    JobKind,
    JobDefinition
  >;
}
