// What a wallet pass says about a booking, for Apple's and Google's formats alike: the QR the gate scans (the
// confirmation number, as on the page and in the e-mail), the lot, its address and place, the stay in the
// lot's own time, the plate, and when any of it last changed (a pass's Last-Modified).
import { and, eq, max } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingChanges, bookings, locations, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { formatStay } from '@/shared/format';
import type { TManageRef } from '@/shared/schemas/manage';
import { instantAt, type BookingRow } from '../bookings/booking-view';
import { loadManaged } from '../bookings/manage';
import { vehicleName } from '@/shared/vehicle-text';

type ProviderRow = typeof parkingProviders.$inferSelect;
type Reader = Pick<DB, 'select'>;

export const CANCELLED_PASS_MESSAGE = 'This booking was cancelled, so it has no wallet pass.';

export interface WalletPassContent {
  bookingId: number;
  /** The pass's serial number: the confirmation number. */
  serial: string;
  /** What the QR holds: what the lot's gate scans. */
  qr: string;
  lotName: string;
  address: string;
  phone: string | null;
  shuttleInfo: string | null;
  latitude: number;
  longitude: number;
  /** Lot-local wall clock ('YYYY-MM-DDTHH:mm'), shown as written: the pass reads the lot's time wherever the phone is. */
  arrival: string;
  departure: string;
  arrivalText: string;
  departureText: string;
  /** The instants of arrival and departure (the lot's zone applied). */
  arrivesAt: Date;
  departsAt: Date;
  plate: string;
  vehicle: string;
  cancelled: boolean;
  lastModified: Date;
}

/** When the pass last changed: the booking made, a change of dates or vehicle applied, the booking cancelled. */
async function lastModifiedOf(db: Reader, b: BookingRow): Promise<Date> {
  const [row] = await db
    .select({ at: max(bookingChanges.createdAt) })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, b.id), eq(bookingChanges.status, 'applied')));
  const times = [b.createdAt, b.cancelledAt, row?.at ? new Date(row.at) : null].filter((d): d is Date => d instanceof Date);
  return new Date(Math.max(...times.map((d) => d.getTime())));
}

export async function passContent(db: Reader, m: { booking: BookingRow; provider: ProviderRow; state: string }): Promise<WalletPassContent> {
  const { booking: b, provider: p, state } = m;
  return {
    bookingId: b.id,
    serial: b.confirmationNumber,
    qr: b.confirmationNumber,
    lotName: p.name,
    address: p.address,
    phone: p.phoneNumber ?? null,
    shuttleInfo: p.shuttleInfo ?? null,
    latitude: p.latitude,
    longitude: p.longitude,
    arrival: b.arrivalDate,
    departure: b.departureDate,
    arrivalText: formatStay(b.arrivalDate),
    departureText: formatStay(b.departureDate),
    arrivesAt: instantAt(b.arrivalDate, state),
    departsAt: instantAt(b.departureDate, state),
    plate: b.licensePlate,
    vehicle: vehicleName(b),
    cancelled: b.status === 'cancelled',
    lastModified: await lastModifiedOf(db, b),
  };
}

/** The pass of a booking its caller may manage (owner signed in, or its manage link): 404 otherwise; none once cancelled. */
export async function managedPassContent(ctx: Pick<Context, 'db' | 'user' | 'clock'>, ref: TManageRef): Promise<WalletPassContent> {
  const m = await loadManaged(ctx, ref);
  if (m.booking.status === 'cancelled') throw new AppError('CONFLICT', CANCELLED_PASS_MESSAGE);
  return passContent(ctx.db, m);
}

/** The pass by its serial (the web service, authorised by the pass's own token): null for no such booking. */
export async function passContentBySerial(db: Reader, serial: string): Promise<WalletPassContent | null> {
  const [row] = await db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.confirmationNumber, serial));
  if (!row || row.booking.status === 'pending' || row.booking.status === 'failed') return null;
  return passContent(db, row);
}
