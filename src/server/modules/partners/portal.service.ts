// What a partner's owners and managers run from the portal: their lots (the admin catalogue's editing, a new
// lot a draft until the administrator approves it) and their lots' bookings. Everything is scoped to the
// caller's membership (access.ts): another partner's lot or booking is 404.
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings, parkingProviders } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { toDollars } from '@/shared/money';
import type { TLotInput, TUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import type { Actor } from '../catalogue-admin/audit';
import { createLot, getLot, updateLot } from '../catalogue-admin/lots.service';
import { lotPrices } from '../catalogue/lot-prices';
import { requireLot, type Membership } from './access';

/** A lot's state as its partner sees it. */
export function lotStatus(lot: Pick<typeof parkingProviders.$inferSelect, 'approvedAt' | 'published' | 'suspendedListing'>) {
  if (!lot.approvedAt) return 'draft' as const;
  if (lot.suspendedListing) return 'suspended' as const;
  return lot.published ? ('listed' as const) : ('unlisted' as const);
}

/** The lots the member may see, with their status. */
export async function partnerLots(db: DB, m: Membership) {
  const rows = await db
    .select()
    .from(parkingProviders)
    .where(and(eq(parkingProviders.partnerId, m.partnerId), m.lots.all ? undefined : inArray(parkingProviders.id, m.lots.ids.length ? m.lots.ids : [0])))
    .orderBy(asc(parkingProviders.location), asc(parkingProviders.name));
  return rows.map((l) => ({ id: l.id, name: l.name, slug: l.slug, location: l.location, address: l.address, capacity: l.capacity, ...lotPrices(l), status: lotStatus(l) }));
}

/** One of the member's lots, every field (the editor). */
export async function partnerLot(db: DB, m: Membership, lotId: number) {
  const lot = await requireLot(db, m, lotId);
  return { ...(await getLot(db, lotId)), status: lotStatus(lot) };
}

/** A new lot of the partner: a draft, not listed until the administrator approves its first publication. */
export async function createPartnerLot(ctx: Pick<Context, 'db' | 'clock'>, actor: Actor, m: Membership, input: TLotInput) {
  if (!m.lots.all) throw new AppError('FORBIDDEN', 'Only members who work every lot of the partner can add one.');
  const lot = await createLot(ctx, actor, { ...input, published: false }, m.partnerId);
  return { ...lot, status: 'draft' as const };
}

/** An edit of one of the member's lots: live at once (a draft stays a draft until approved). */
export async function updatePartnerLot(ctx: Pick<Context, 'db' | 'clock'>, actor: Actor, m: Membership, input: TUpdateLotInput) {
  await requireLot(ctx.db, m, input.id);
  const out = await updateLot(ctx, actor, input);
  const [row] = await ctx.db.select().from(parkingProviders).where(eq(parkingProviders.id, input.id));
  return { ...out, status: lotStatus(row!) };
}

export interface PartnerBookingFilter {
  lotId?: number;
  from?: string;
  to?: string;
  status?: 'confirmed' | 'cancelled' | 'completed';
  limit: number;
  offset: number;
}

/** The bookings of the member's lots (filtered by lot, arrival dates and status), newest arrival first. */
export async function partnerBookings(db: DB, m: Membership, f: PartnerBookingFilter) {
  const lots = (await partnerLots(db, m)).map((l) => l.id);
  if (f.lotId !== undefined && !lots.includes(f.lotId)) throw new AppError('NOT_FOUND', 'Lot not found');
  const ids = f.lotId !== undefined ? [f.lotId] : lots;
  if (!ids.length) return { bookings: [] };
  const where: (SQL | undefined)[] = [inArray(bookings.providerId, ids), inArray(bookings.status, f.status ? [f.status] : ['confirmed', 'cancelled', 'completed'])];
  if (f.from) where.push(gte(bookings.arrivalDate, `${f.from}T00:00`));
  if (f.to) where.push(lte(bookings.arrivalDate, `${f.to}T23:59`));
  const rows = await db
    .select()
    .from(bookings)
    .where(and(...where))
    .orderBy(desc(bookings.arrivalDate), desc(bookings.id))
    .limit(f.limit)
    .offset(f.offset);
  const names = new Map((await partnerLots(db, m)).map((l) => [l.id, l.name]));
  return {
    bookings: rows.map((b) => ({
      id: b.id,
      confirmationNumber: b.confirmationNumber,
      lotId: b.providerId,
      lot: names.get(b.providerId) ?? '',
      status: b.status,
      name: `${b.firstName} ${b.lastName}`,
      licensePlate: b.licensePlate,
      arrivalDate: b.arrivalDate,
      departureDate: b.departureDate,
      checkedInAt: b.checkedInAt,
      checkedOutAt: b.checkedOutAt,
      /** Dollars, as the REST API shows them: the parking price (the partner's gross) of the booking now. */
      parkingFee: toDollars(b.parkingFeeCents),
      commissionBps: b.commissionBps,
    })),
  };
}
