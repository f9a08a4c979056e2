// Jobs 'mail.arrival-reminder' and 'mail.departure-reminder' (planned by ./plan.ts). Each checks at run time
// that it still applies: the booking confirmed and not finished, the date it was planned for still the
// booking's (after a change of dates a newer job has the new one; this one ends without sending), the moment
// not passed, and, for a traveller with an account, e-mail notifications on in their settings (guests always
// get them). The manage link is minted here, never carried in the payload.
import { eq } from 'drizzle-orm';
import { bookings, locations, parkingProviders, userPreferences } from '../../db/schema';
import type { Services } from '../../deps';
import { DEFAULT_SHUTTLE_INFO } from '@/shared/constants';
import { formatDayDate } from '@/shared/format';
import { formatCents } from '@/shared/money';
import { instantToWallClock, zoneForState } from '@/shared/time-zones';
import { parseWallClock, toWallClock } from '@/shared/wall-clock';
import { emailedManageUrl, stayMailFields } from '../bookings/booking-mail';
import { instantAt } from '../bookings/booking-view';
import { overstayOf } from '../bookings/overstay';
import { qrPng } from '../bookings/qr-png';
import { arrivalReminderEmail, departureReminderEmail } from './templates';

type MailServices = Pick<Services, 'db' | 'env' | 'mailer' | 'clock'>;
type Row = NonNullable<Awaited<ReturnType<typeof loadStay>>>;

async function loadStay(services: MailServices, bookingId: number) {
  const [row] = await services.db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Whether a reminder may go to this booking's traveller: always for a guest, else per their e-mail setting. */
async function remindersOn(services: MailServices, userId: number | null): Promise<boolean> {
  if (userId === null) return true;
  const [prefs] = await services.db.select({ on: userPreferences.emailNotifications }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return (prefs?.on ?? 1) === 1;
}

/** The booking still as planned, and the reminder still worth sending; undefined when it ends unsent. */
async function stillDue(services: MailServices, bookingId: number, field: 'arrivalDate' | 'departureDate', planned: string) {
  const row = await loadStay(services, bookingId);
  if (!row) return undefined;
  const b = row.booking;
  if (b.status !== 'confirmed' || b.checkedOutAt !== null) return undefined;
  if (toWallClock(b[field]) !== planned) return undefined; // re-planned: the job for the new date sends
  if (services.clock.now() >= instantAt(b[field], row.state)) return undefined; // the moment has passed
  if (!(await remindersOn(services, b.userId))) return undefined;
  return row;
}

async function common(services: MailServices, row: Row) {
  const { booking: b, provider, state } = row;
  const { env } = services;
  const url = await emailedManageUrl(services, b, state);
  return {
    ...stayMailFields(b, provider),
    phone: provider.phoneNumber,
    manageUrl: url,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    guest: b.userId === null,
  };
}

/** 'today', 'tomorrow' or 'on Wed, Mar 3, 2027': the arrival day seen from the lot's today. */
function whenAtLot(arrival: string, state: string, now: Date): string {
  const today = instantToWallClock(now, zoneForState(state)).slice(0, 10);
  const days = Math.round((parseWallClock(arrival.slice(0, 10))! - parseWallClock(today)!) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `on ${formatDayDate(arrival)}`;
}

export async function sendArrivalReminder(services: MailServices, payload: { bookingId: number; arrival: string }) {
  const row = await stillDue(services, payload.bookingId, 'arrivalDate', payload.arrival);
  if (!row || row.booking.checkedInAt !== null) return;
  const { booking: b, provider } = row;
  const appUrl = services.env.APP_URL ?? '';
  const mail = arrivalReminderEmail(services.env.BRAND_NAME, {
    ...(await common(services, row)),
    when: whenAtLot(b.arrivalDate, row.state, services.clock.now()),
    shuttleInfo: provider.shuttleInfo || DEFAULT_SHUTTLE_INFO,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${provider.latitude},${provider.longitude}`,
    guideUrl: `${appUrl}/ar-parking/${encodeURIComponent(provider.slug)}`,
  });
  await services.mailer.send({
    to: b.email,
    kind: 'arrival-reminder',
    ...mail,
    attachments: [{ filename: 'parking-pass.png', content: qrPng(b.confirmationNumber), contentType: 'image/png', cid: 'pass' }],
  });
}

export async function sendDepartureReminder(services: MailServices, payload: { bookingId: number; departure: string }) {
  const row = await stillDue(services, payload.bookingId, 'departureDate', payload.departure);
  if (!row) return;
  const { booking: b, provider, state } = row;
  // What the gate would charge for one late day: priced as a check-out just past the grace (money module only).
  const graceHours = provider.delayGraceHours;
  const oneDay = overstayOf(b, { state, graceHours }, new Date(instantAt(b.departureDate, state).getTime() + graceHours * 3_600_000 + 60_000));
  const delay = oneDay.days === 1 && oneDay.amount > 0 ? { graceHours, dayRate: formatCents(oneDay.amount) } : undefined;
  const mail = departureReminderEmail(services.env.BRAND_NAME, { ...(await common(services, row)), delay });
  await services.mailer.send({ to: row.booking.email, kind: 'departure-reminder', ...mail });
}
