// Bookings reads: the signed-in traveller's history (checkout and changes arrive with the bookings issue).
import { desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, parkingProviders } from '../../db/schema';

export function bookingHistory(db: DB, userId: number) {
  return db
    .select({
      id: bookings.id,
      confirmationNumber: bookings.confirmationNumber,
      status: bookings.status,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      email: bookings.email,
      vehicleMake: bookings.vehicleMake,
      vehicleModel: bookings.vehicleModel,
      licensePlate: bookings.licensePlate,
      arrivalDate: bookings.arrivalDate,
      departureDate: bookings.departureDate,
      totalFee: bookings.totalFee,
      createdAt: bookings.createdAt,
      providerId: bookings.providerId,
      providerName: parkingProviders.name,
      providerSlug: parkingProviders.slug,
      providerLocation: parkingProviders.location,
    })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .all();
}
