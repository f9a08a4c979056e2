// What a device keeps of one booking to open its pass with no network (the service worker, sw.js): the QR (the
// server's pass PNG, as a data URL), the plate, the dates, the lot's address and phone and how to arrive. Only
// for whoever may manage the booking (its owner signed in, or a live link), and only while it stands: a
// cancelled booking, an ended link or a stranger's guess is the same 404, and the worker then forgets the copy.
import { eq } from 'drizzle-orm';
import { bookings, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { formatStay } from '@/shared/format';
import type { TManageRef } from '@/shared/schemas/manage';
import { LINK_INVALID_MESSAGE, linkOpens } from '../bookings/booking-view';
import { qrPng } from '../bookings/qr-png';
import { vehicleName } from '@/shared/vehicle-text';

export const PASS_GONE_MESSAGE = 'This booking was cancelled, so its pass no longer opens.';

type Ctx = Pick<Context, 'db' | 'user' | 'clock'>;

/**
 * The booking and its lot, for its owner signed in or a live link: the manage page's, or the thank-you page's
 * view link (the pass is what that link shows anyway). Anything else is one 404, so nobody learns what exists.
 */
async function loadPassBooking(ctx: Ctx, ref: TManageRef) {
  const [row] = await ctx.db
    .select({ booking: bookings, provider: parkingProviders })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(eq(bookings.confirmationNumber, ref.confirmationNumber.trim().toUpperCase()));
  const live = row && row.booking.status !== 'pending' && row.booking.status !== 'failed';
  const owner = live && ctx.user?.id === row.booking.userId;
  const linked = live && !owner && ref.token ? await linkOpens(ctx.db, row.booking.id, ref.token, 'view', ctx.clock.now()) : false;
  if (!row || !(owner || linked)) throw new AppError('NOT_FOUND', ref.token ? LINK_INVALID_MESSAGE : 'Booking not found');
  return row;
}

export async function getOfflinePass(ctx: Ctx, ref: TManageRef) {
  const { booking: b, provider: p } = await loadPassBooking(ctx, ref);
  if (b.status === 'cancelled') throw new AppError('NOT_FOUND', PASS_GONE_MESSAGE);
  const arrival = [
    `Drive to ${p.name} at ${p.address} at check-in time.`,
    'Show this QR pass (on your phone or printed) at the entrance; the attendant can also find you by your plate.',
    p.shuttleInfo ? `Shuttle: ${p.shuttleInfo}` : 'Follow the lot staff’s directions to the terminal.',
    ...(p.operatingHours ? [`Lot hours: ${p.operatingHours}`] : []),
  ];
  return {
    confirmationNumber: b.confirmationNumber,
    status: b.status,
    providerName: p.name,
    location: p.location,
    address: p.address,
    providerPhone: p.phoneNumber,
    checkIn: formatStay(b.arrivalDate),
    checkOut: formatStay(b.departureDate),
    vehicle: vehicleName(b),
    licensePlate: b.licensePlate,
    arrival,
    /** The pass the lot scans: the same PNG as the e-mail's, inline so the copy needs nothing else. */
    qr: `data:image/png;base64,${qrPng(b.confirmationNumber, { scale: 8 }).toString('base64')}`,
    savedAt: ctx.clock.now().toISOString(),
  };
}
export type TOfflinePass = Awaited<ReturnType<typeof getOfflinePass>>;
