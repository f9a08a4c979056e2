// What each kind of job does. Handlers are idempotent where they can be (a refund carries its own
// idempotency key; a booking e-mail re-reads the booking) because a job may run again after a crash.
import type { MailMessage } from '../integrations/mailer/types';
import type { Services } from '../deps';
import { sendPasswordResetMail, sendSetPasswordMail, sendVerificationMail } from '../modules/auth/auth.service';
import { sendBookingCancelled, sendBookingChanged, sendBookingConfirmation, sendManageLink } from '../modules/bookings/booking-mail';
import type { JobHandler } from './runner';

type P<T> = Record<string, unknown> & T;

export function jobHandlers(services: Omit<Services, 'jobs'>): Record<string, JobHandler> {
  return {
    'mail.send': (p) => services.mailer.send((p as P<{ message: MailMessage }>).message),
    'mail.booking-confirmation': (p) => sendBookingConfirmation(services, p as P<{ bookingId: number }>),
    'mail.booking-changed': (p) => sendBookingChanged(services, p as P<{ bookingId: number; changeId: number }>),
    'mail.booking-link': (p) => sendManageLink(services, p as P<{ bookingId: number }>),
    'mail.booking-cancelled': (p) => sendBookingCancelled(services, p as P<{ bookingId: number; refund: number; credit: number }>),
    'mail.verify-email': (p) => sendVerificationMail(services, p as P<{ userId: number }>),
    'mail.set-password': (p) => sendSetPasswordMail(services, p as P<{ userId: number; reason?: 'access' | 'booking' }>),
    'mail.password-reset': (p) => sendPasswordResetMail(services, p as P<{ userId: number }>),
    'blobs.delete': async (p) => {
      for (const key of (p as P<{ keys: string[] }>).keys) await services.blobs.delete(key);
    },
    'payments.refund': async (p) => {
      await services.payments.refund(p as P<{ paymentIntentId: string; amount: number; idempotencyKey: string }>);
    },
  };
}
