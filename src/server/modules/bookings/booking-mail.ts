// The booking e-mails, composed when their job runs (never inside a request): the confirmation with the QR
// pass (PNG, rendered once here) and the calendar file, and the cancellation notice.
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { bound, prepared } from '../../db/client';
import { bookingChanges, bookings, locations, parkingProviders } from '../../db/schema';
import { bookingCancelledEmail, bookingConfirmationEmail, manageLinkEmail } from '../../integrations/mailer/templates';
import type { Services } from '../../deps';
import { appliedCancellationPolicy } from '@/shared/cancellation';
import { cardLabel, formatStay } from '@/shared/format';
import { bookingIcs } from '@/shared/ics';
import { formatCents, ZERO, type Cents } from '@/shared/money';
import { wallClockToInstant, zoneForState } from '@/shared/time-zones';
import {
  bookedPriceLines,
  EMAIL_LINK_AFTER_STAY_MS,
  guaranteeCoverColumn,
  instantAt,
  mintBookingLink,
  providerWithLocation,
  REQUESTED_LINK_TTL_MS,
  type BookingRow,
} from './booking-view';
import { qrPng } from './qr-png';
import { planReminders } from '../reminders/plan';
import { travelText } from '@/shared/travel-text';
import { vehicleText } from '@/shared/vehicle-text';

type MailServices = Pick<Services, 'db' | 'env' | 'mailer' | 'clock'>;

/** The QR pass as SVG, for pages (cheap to render, scales for print). */
export function passSvg(confirmationNumber: string): Promise<string> {
  return QRCode.toString(confirmationNumber, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/**
 * A booking with its lot, the lot's state and what the guarantee paid towards it: built once (db/client.ts,
 * prepared), as its SQL names every column of both.
 */
const bookingWithLot = prepared((db) =>
  db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state, covered: guaranteeCoverColumn })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.id, bound('id', bookings.id)))
    .prepare('mail_booking'),
);

const bookingById = prepared((db) =>
  db
    .select({ booking: bookings, covered: guaranteeCoverColumn })
    .from(bookings)
    .where(eq(bookings.id, bound('id', bookings.id)))
    .prepare('mail_booking_alone'),
);

/**
 * The booking, and its lot and state from the in-memory catalogue (current with the content version); a lot
 * no longer published is read with the booking. (On SQLite the joined read is planned again on every run, ten
 * times the cost of the two reads.)
 */
async function loadBooking(services: MailServices, bookingId: number) {
  const [found] = await bookingById(services.db).execute({ id: bookingId });
  if (!found) return undefined;
  const { booking, covered } = found;
  const lot = await providerWithLocation(services.db, booking.providerId);
  if (lot) return { booking, covered, provider: lot.provider, state: lot.location.state };
  const [row] = await bookingWithLot(services.db).execute({ id: bookingId });
  return row;
}

/** The page that manages a booking, opened by a signed link (works on any device, no sign-in). */
export const manageUrl = (appUrl: string | undefined, confirmationNumber: string, token: string) =>
  `${appUrl ?? ''}/manage/${encodeURIComponent(confirmationNumber)}?token=${token}`;

/** A new manage link for an e-mail about the booking: it works until some time after the stay. */
export async function emailedManageUrl(services: Pick<MailServices, 'db' | 'env'>, b: Pick<BookingRow, 'id' | 'confirmationNumber' | 'departureDate'>, state: string) {
  const token = await mintBookingLink(services.db, b.id, new Date(instantAt(b.departureDate, state).getTime() + EMAIL_LINK_AFTER_STAY_MS), 'manage');
  return manageUrl(services.env.APP_URL, b.confirmationNumber, token);
}

/** What every e-mail about a stay names: the traveller, the booking, the lot, the dates and the car. */
export function stayMailFields(
  b: Pick<BookingRow, 'firstName' | 'confirmationNumber' | 'arrivalDate' | 'departureDate' | 'vehicleMake' | 'vehicleModel' | 'licensePlate'>,
  lot: { name: string; address: string },
) {
  return {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: lot.name,
    address: lot.address,
    arrival: formatStay(b.arrivalDate),
    departure: formatStay(b.departureDate),
    vehicle: vehicleText(b),
  };
}

/**
 * Job 'mail.booking-confirmation': the pass, the calendar file and a signed link to manage the booking. A
 * confirmed booking's trip reminders are planned first, for its dates now (reminders/plan.ts: the same dates
 * plan the same jobs, so a retry or a second send plans nothing more); this keeps them out of the checkout's
 * answer, and a mail server that is down does not stop them being planned.
 */
export async function sendBookingConfirmation(services: MailServices, payload: { bookingId: number }, change?: string) {
  const row = await loadBooking(services, payload.bookingId);
  if (!row || row.booking.status === 'pending') return; // released before the job ran: nothing to confirm
  const { booking: b, provider, state } = row;
  if (b.status === 'confirmed') await planReminders(services.db, b, services.clock.now(), state);
  const covered = row.covered ?? ZERO;
  const { env } = services;
  const viewUrl = await emailedManageUrl(services, b, state);
  const mail = bookingConfirmationEmail(env.BRAND_NAME, {
    guest: b.userId === null,
    ...stayMailFields(b, provider),
    travel: travelText(b),
    lines: [
      ...bookedPriceLines(b).map((l) => ({ label: `Parking, ${l.label}`, amount: formatCents(l.cents) })),
      { label: 'Service fee', amount: formatCents(b.serviceFeeCents) },
      ...(b.creditAppliedCents > 0 ? [{ label: 'Credit applied', amount: `−${formatCents(b.creditAppliedCents)}` }] : []),
      ...(covered > 0 ? [{ label: 'Paid by our parking guarantee', amount: `−${formatCents(covered)}` }] : []),
    ],
    total: formatCents(b.totalFeeCents),
    card: b.cardLast4 ? cardLabel(b.cardBrand, b.cardLast4) : null,
    shuttleInfo: provider.shuttleInfo,
    phone: provider.phoneNumber,
    cancellationPolicy: appliedCancellationPolicy(provider.cancellationPolicy),
    manageUrl: viewUrl,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    change,
  });
  const zone = zoneForState(state);
  const ics = bookingIcs({
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    address: provider.address,
    start: wallClockToInstant(b.arrivalDate, zone)!,
    end: wallClockToInstant(b.departureDate, zone)!,
    url: viewUrl,
    brand: env.BRAND_NAME,
    phone: provider.phoneNumber,
  });
  const png = qrPng(b.confirmationNumber);
  await services.mailer.send({
    to: b.email,
    kind: change ? 'booking-changed' : 'booking-confirmation',
    ...mail,
    attachments: [
      { filename: 'parking-pass.png', content: png, contentType: 'image/png', cid: 'pass' },
      { filename: `${b.confirmationNumber}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  });
}

/** Job 'mail.booking-cancelled': what came back to the card and to credit. */
export async function sendBookingCancelled(services: MailServices, payload: { bookingId: number; refundCents: Cents; creditCents: Cents }) {
  const row = await loadBooking(services, payload.bookingId);
  if (!row) return;
  const { booking: b, provider } = row;
  const mail = bookingCancelledEmail(services.env.BRAND_NAME, {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    arrival: formatStay(b.arrivalDate),
    refund: payload.refundCents > 0 ? formatCents(payload.refundCents) : null,
    credit: payload.creditCents > 0 ? formatCents(payload.creditCents) : null,
    supportEmail: services.env.SUPPORT_EMAIL,
  });
  await services.mailer.send({ to: b.email, kind: 'booking-cancelled', ...mail });
}

/** Job 'mail.booking-changed': the new pass, calendar file and link, with what changed (dates or vehicle) and the money that moved. */
export async function sendBookingChanged(services: MailServices, payload: { bookingId: number; changeId: number }) {
  const [c] = await services.db.select().from(bookingChanges).where(eq(bookingChanges.id, payload.changeId));
  if (!c || c.status !== 'applied') return;
  const money = [
    c.chargedCents > 0 ? `We charged ${formatCents(c.chargedCents)}${c.cardLast4 ? ` to ${cardLabel(c.cardBrand, c.cardLast4)}` : ''}.` : '',
    c.refundedCents > 0 ? `We refunded ${formatCents(c.refundedCents)} to your card.` : '',
    c.creditReturnedCents > 0 ? `${formatCents(c.creditReturnedCents)} went back to your credit balance.` : '',
  ].filter(Boolean);
  const what =
    c.kind === 'overstay'
      ? `Your car left on ${formatStay(c.toDeparture!)}, after the booked departure (${formatStay(c.fromDeparture!)}) and the lot's grace period: ${(c.priceLines ?? []).map((l) => l.label).join(', ')}, at the rate you booked.`
      : c.kind === 'vehicle'
        ? `Your vehicle changed from ${c.fromVehicle || 'none'} to ${c.toVehicle}: the pass below shows it at the gate.`
        : c.kind === 'travel'
          ? `Your travel details changed (before: ${c.fromTravel ?? 'none given'}; now: ${c.toTravel ?? 'none given'}): the pass below shows them at the gate.`
          : `Your dates changed from ${formatStay(c.fromArrival!)} – ${formatStay(c.fromDeparture!)} to ${formatStay(c.toArrival!)} – ${formatStay(c.toDeparture!)}.`;
  const summary = `${what} ${money.join(' ')}`.trim();
  await sendBookingConfirmation(services, payload, summary);
}

/** Job 'mail.booking-link': a fresh manage link, minted here and sent only to the booking's own e-mail. */
export async function sendManageLink(services: MailServices, payload: { bookingId: number }) {
  const row = await loadBooking(services, payload.bookingId);
  if (!row || row.booking.status === 'pending' || row.booking.status === 'failed') return;
  const { booking: b, provider } = row;
  const token = await mintBookingLink(services.db, b.id, new Date(services.clock.now().getTime() + REQUESTED_LINK_TTL_MS), 'manage');
  const mail = manageLinkEmail(services.env.BRAND_NAME, {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: provider.name,
    arrival: formatStay(b.arrivalDate),
    url: manageUrl(services.env.APP_URL, b.confirmationNumber, token),
    days: Math.round(REQUESTED_LINK_TTL_MS / 86_400_000),
  });
  await services.mailer.send({ to: b.email, kind: 'booking-link', ...mail });
}
