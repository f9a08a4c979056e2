// How a booking is shown: the public fields (never payment ids), the checkout result, and signed links that
// let whoever holds them see one booking without signing in (the guest's thank-you page, the e-mail's link).
import { travelText } from '@/shared/travel-text';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { bound, prepared, type DB } from '../../db/client';
import { bookingLinks, bookings, guaranteeClaims, locations, parkingProviders } from '../../db/schema';
import { AppError } from '../../errors';
import { toDollars, ZERO, type Cents } from '@/shared/money';
import { billableDays, linesInDollars, netPaid, type StayLine } from '@/shared/pricing';
import { LINK_INVALID_MESSAGE } from '@/shared/schemas/bookings';
import { wallClockToInstant, zoneForState } from '@/shared/time-zones';
import { generateToken, hashToken } from '../auth/session';
import { catalogueSnapshot } from '../catalogue/snapshot';

export type BookingRow = typeof bookings.$inferSelect;
type ProviderRow = typeof parkingProviders.$inferSelect;
type Reader = Pick<DB, 'select'>;

/** The instant a booking's lot-local wall-clock time happens. */
export function instantAt(wallClock: string, state: string): Date {
  return wallClockToInstant(wallClock, zoneForState(state)) ?? new Date(`${wallClock}:00Z`);
}

/** A lot and its place, from the in-memory catalogue (current with the content version). Takes the root handle. */
export async function providerWithLocation(db: DB, providerId: number) {
  const snapshot = await catalogueSnapshot(db);
  const provider = snapshot.lotById.get(providerId);
  const location = provider && snapshot.locationById.get(provider.locationId);
  if (provider && location) return { provider, location };
  // Not in this server's catalogue: a lot listed a moment ago elsewhere (another server, the admin CLI) is
  // seen here once this server next reads the content version (within a second). Until then, ask the database,
  // so a traveller sent to a new lot can book it at once. The rule is the catalogue's own: listed lots only.
  const [row] = await db
    .select({ provider: parkingProviders, location: locations })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(parkingProviders.id, providerId), eq(parkingProviders.published, 1)));
  return row;
}

/** The stay as the traveller and the lot's staff both see it: the vehicle, the flights or sailing, the dates. */
export function stayOf(b: BookingRow) {
  return {
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    licensePlate: b.licensePlate,
    outboundFlight: b.outboundFlight,
    returnFlight: b.returnFlight,
    shipName: b.shipName,
    sailingDate: b.sailingDate,
    /** The flights or sailing in one line ('Flights: UA 1234 out, DL 88 back'), or null. */
    travel: travelText(b),
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
  };
}

export function publicBooking(b: BookingRow) {
  return {
    id: b.id,
    confirmationNumber: b.confirmationNumber,
    status: b.status,
    providerId: b.providerId,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    ...stayOf(b),
    // Dollars: the API shows dollars (the database keeps cents).
    parkingFee: toDollars(b.parkingFeeCents),
    priceLines: linesInDollars(bookedPriceLines(b)),
    serviceFee: toDollars(b.serviceFeeCents),
    creditApplied: toDollars(b.creditAppliedCents),
    totalFee: toDollars(b.totalFeeCents),
    cardBrand: b.cardBrand,
    cardLast4: b.cardLast4,
    refundedAmount: toDollars(b.refundedCents),
    /** Card money kept after refunds. */
    netPaid: toDollars(netPaid(b)),
    createdAt: b.createdAt,
  };
}

/** How a booking's parking fee was made up, as booked (older bookings: the days and the total). */
export function bookedPriceLines(b: Pick<BookingRow, 'priceLines' | 'parkingFeeCents' | 'arrivalDate' | 'departureDate'>): StayLine[] {
  if (b.priceLines?.length) return b.priceLines;
  const days = billableDays(b.arrivalDate, b.departureDate);
  return [{ label: `${days} day${days === 1 ? '' : 's'}`, cents: b.parkingFeeCents }];
}

/** What a booking shows of its lot (history, checkout, the manage page). */
export function lotOfBooking(provider: ProviderRow) {
  return { providerName: provider.name, providerSlug: provider.slug, address: provider.address, providerPhone: provider.phoneNumber, shuttleInfo: provider.shuttleInfo };
}

/** A booking with its lot, as checkout answers and a signed link shows it. */
export function bookingWithLot(b: BookingRow, provider: ProviderRow, state: string) {
  return {
    ...publicBooking(b),
    ...lotOfBooking(provider),
    location: provider.location,
    startsAt: instantAt(b.arrivalDate, state),
    endsAt: instantAt(b.departureDate, state),
  };
}

/** What checkout answers once a booking is confirmed (stored against the Idempotency-Key and replayed). */
export async function checkoutResult(db: Reader, bookingId: number) {
  const [row] = await db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookings)
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(bookings.id, bookingId));
  return checkoutResultOf(row!.booking, row!.provider, row!.state);
}

export function checkoutResultOf(booking: BookingRow, provider: ProviderRow, state: string) {
  return {
    success: true as const,
    confirmationNumber: booking.confirmationNumber,
    booking: bookingWithLot(booking, provider, state),
    /** A signed link token to see this booking without signing in (set for guests, per response). */
    viewToken: null as string | null,
  };
}
export type TCheckoutResult = ReturnType<typeof checkoutResultOf>;

// ---------------------------------------------------------------------------------------------------------
// Signed links

export const GUEST_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** The e-mail's link works until some time after the stay, for receipts and questions. */
export const EMAIL_LINK_AFTER_STAY_MS = 90 * 24 * 60 * 60_000;

/** A requested link (by confirmation number and e-mail) works this long. */
export const REQUESTED_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** Mints a link token for one booking; only its SHA-256 is stored. 'manage' links may also change it. */
export async function mintBookingLink(db: Pick<DB, 'insert'>, bookingId: number, expiresAt: Date, purpose: 'view' | 'manage' = 'view'): Promise<string> {
  const token = generateToken();
  await insertLink(db).execute({ bookingId, tokenHash: hashToken(token), purpose, expiresAt, now: new Date() });
  return token;
}

/** Built once (db/client.ts, prepared): every confirmation e-mail mints a link. */
const insertLink = prepared((db) =>
  db
    .insert(bookingLinks)
    .values({
      bookingId: sql.placeholder('bookingId'),
      tokenHash: sql.placeholder('tokenHash'),
      purpose: sql.placeholder('purpose'),
      expiresAt: sql.placeholder('expiresAt'),
      createdAt: sql.placeholder('now'),
    })
    .prepare('booking_link_insert'),
);

/** True when the token is a live link to this booking (any purpose when `purpose` is 'view'). */
export async function linkOpens(db: Reader, bookingId: number, token: string, purpose: 'view' | 'manage', now = new Date()): Promise<boolean> {
  const purposes = purpose === 'view' ? (['view', 'manage'] as const) : (['manage'] as const);
  const [row] = await db
    .select({ id: bookingLinks.id })
    .from(bookingLinks)
    .where(
      and(
        eq(bookingLinks.tokenHash, hashToken(token)),
        eq(bookingLinks.bookingId, bookingId),
        inArray(bookingLinks.purpose, [...purposes]),
        isNull(bookingLinks.revokedAt),
        gt(bookingLinks.expiresAt, now),
      ),
    );
  return Boolean(row);
}

/** The words of a link that does not open (one text with the link's schema). */
export { LINK_INVALID_MESSAGE };

/** The booking a link opens: its confirmation number must match, and the link must be live. */
export async function bookingByLink(db: Reader, confirmationNumber: string, token: string, now = new Date()) {
  const [row] = await db
    .select({ booking: bookings, provider: parkingProviders, state: locations.state })
    .from(bookingLinks)
    .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(and(eq(bookingLinks.tokenHash, hashToken(token)), inArray(bookingLinks.purpose, ['view', 'manage']), isNull(bookingLinks.revokedAt), gt(bookingLinks.expiresAt, now)));
  if (!row || row.booking.confirmationNumber !== confirmationNumber.trim().toUpperCase() || row.booking.status === 'pending') {
    throw new AppError('NOT_FOUND', LINK_INVALID_MESSAGE);
  }
  return bookingWithLot(row.booking, row.provider, row.state);
}

/** True once the traveller ended the booking's links: nothing (a replayed checkout included) mints one for a browser again. */
export async function linksEnded(db: Reader, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingLinks.id })
    .from(bookingLinks)
    .where(and(eq(bookingLinks.bookingId, bookingId), isNotNull(bookingLinks.revokedAt)))
    .limit(1);
  return Boolean(row);
}

/** Ends every link to a booking (e.g. when the traveller asks, or the booking changes hands). */
export async function revokeBookingLinks(db: Pick<DB, 'update'>, bookingId: number): Promise<void> {
  await db
    .update(bookingLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(bookingLinks.bookingId, bookingId), isNull(bookingLinks.revokedAt)));
}

/** Built once (db/client.ts, prepared): every confirmation e-mail and manage page asks. */
const guaranteeClaimFor = prepared((db) =>
  db
    .select({ paid: guaranteeClaims.platformPaidCents })
    .from(guaranteeClaims)
    .where(eq(guaranteeClaims.newBookingId, bound('bookingId', guaranteeClaims.newBookingId)))
    .limit(1)
    .prepare('guarantee_cover'),
);

/**
 * guaranteeCover as a column of a read of the booking itself (the e-mail's): one statement, not two. Null: none.
 * The booking's id is named with its table (Drizzle writes a column in a select's field unqualified, which inside
 * the subquery would be the claim's own id).
 */
const column = (table: typeof bookings | typeof guaranteeClaims, name: string) => sql`${table}.${sql.identifier(name)}`;
export const guaranteeCoverColumn = sql<Cents | null>`(select ${column(guaranteeClaims, guaranteeClaims.platformPaidCents.name)} from ${guaranteeClaims} where ${column(guaranteeClaims, guaranteeClaims.newBookingId.name)} = ${column(bookings, bookings.id.name)} limit 1)`;

/** What the platform paid towards this booking when the guarantee moved a traveller to a dearer lot (a receipt line). */
export async function guaranteeCover(db: Pick<DB, 'select'>, bookingId: number): Promise<Cents> {
  const [claim] = await guaranteeClaimFor(db).execute({ bookingId });
  return claim?.paid ?? ZERO;
}
