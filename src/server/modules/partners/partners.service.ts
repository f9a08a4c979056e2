// Partners in the back office: the administrator creates one (with its commission and the lots it owns),
// changes its commission from a date on, suspends or reinstates it, and approves a partner's new lot. Every
// change is in the audit log, written in the transaction that makes it.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, partnerCommissionRates, partnerMembers, partners } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { adoptLotStaff } from './gate-staff';
import { recordAudit, type Actor } from '../catalogue-admin/audit';
import type { TPartnerInput } from '@/shared/schemas/partners';
import { PARTNER_NOT_FOUND } from './access';

type Deps = Pick<Context, 'db' | 'clock'>;
export type PartnerRow = typeof partners.$inferSelect;

/** The commission (basis points) in force for a partner at `at`: the latest rate effective by then (0 if none). */
export async function commissionRateAt(db: Pick<DB, 'select'>, partnerId: number, at: Date): Promise<number> {
  const [rate] = await db
    .select({ bps: partnerCommissionRates.rateBps })
    .from(partnerCommissionRates)
    .where(and(eq(partnerCommissionRates.partnerId, partnerId), lte(partnerCommissionRates.effectiveFrom, at)))
    .orderBy(desc(partnerCommissionRates.effectiveFrom), desc(partnerCommissionRates.id))
    .limit(1);
  return rate?.bps ?? 0;
}

async function partnerOrThrow(db: Pick<DB, 'select'>, id: number): Promise<PartnerRow> {
  const [p] = await db.select().from(partners).where(eq(partners.id, id));
  if (!p) throw new AppError('NOT_FOUND', PARTNER_NOT_FOUND);
  return p;
}

/** The administrator's new partner: its details, its commission from now on, and the lots it owns (of no partner yet). */
export async function createPartner({ db, clock }: Deps, actor: Actor, input: TPartnerInput) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { commissionPercent: rateBps, lotIds, ...details } = input;
    const [partner] = await tx.insert(partners).values(details).returning();
    await tx.insert(partnerCommissionRates).values({ partnerId: partner!.id, rateBps, effectiveFrom: now, createdBy: actor.id });
    if (lotIds.length) {
      const owned = await tx
        .update(parkingProviders)
        .set({ partnerId: partner!.id })
        .where(and(inArray(parkingProviders.id, lotIds), isNull(parkingProviders.partnerId)))
        .returning({ id: parkingProviders.id });
      if (owned.length !== new Set(lotIds).size) throw new AppError('BAD_REQUEST', 'A lot listed does not exist or already belongs to a partner');
      // Lots the platform already listed need no approval when a partner takes them over.
      await tx
        .update(parkingProviders)
        .set({ approvedAt: now })
        .where(and(inArray(parkingProviders.id, lotIds), isNull(parkingProviders.approvedAt)));
      // Their lot staff become the partner's gate staff for those lots.
      await adoptLotStaff(tx, actor, partner!.id, lotIds);
      // Checkout reads a lot's partner from the catalogue snapshot: the next booking must be the partner's.
      await bumpContentVersion(tx);
    }
    await recordAudit(tx, actor, { entity: 'partner', entityId: partner!.id, action: 'create', changes: { ...details, commissionBps: rateBps, lotIds } });
    return { ...partner!, commissionBps: rateBps, lotIds };
  });
}

/** Every partner with its current commission, lot and member counts (the Partners tab). */
export async function listPartners(db: DB, now: Date) {
  const rows = await db.select().from(partners).orderBy(asc(partners.tradingName), asc(partners.id));
  const lots = await db
    .select({ partnerId: parkingProviders.partnerId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(parkingProviders)
    .where(sql`${parkingProviders.partnerId} is not null`)
    .groupBy(parkingProviders.partnerId);
  const members = await db
    .select({ partnerId: partnerMembers.partnerId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(partnerMembers)
    .groupBy(partnerMembers.partnerId);
  const count = (list: { partnerId: number | null; count: number }[], id: number) => list.find((r) => r.partnerId === id)?.count ?? 0;
  return Promise.all(rows.map(async (p) => ({ ...p, commissionBps: await commissionRateAt(db, p.id, now), lots: count(lots, p.id), members: count(members, p.id) })));
}

/** A new commission rate from `effectiveFrom` (now if not given): bookings made before keep theirs. */
export async function setCommission({ db, clock }: Deps, actor: Actor, input: { partnerId: number; commissionPercent: number; effectiveFrom?: string }) {
  const from = input.effectiveFrom ? new Date(input.effectiveFrom) : clock.now();
  return db.transaction(async (tx) => {
    const partner = await partnerOrThrow(tx, input.partnerId);
    const before = await commissionRateAt(tx, partner.id, from);
    await tx.insert(partnerCommissionRates).values({ partnerId: partner.id, rateBps: input.commissionPercent, effectiveFrom: from, createdBy: actor.id });
    await recordAudit(tx, actor, {
      entity: 'partner',
      entityId: partner.id,
      action: 'commission',
      changes: { commissionBps: { from: before, to: input.commissionPercent }, effectiveFrom: from.toISOString() },
    });
    return { partnerId: partner.id, commissionBps: input.commissionPercent, effectiveFrom: from };
  });
}

/**
 * Suspends a partner (its listed lots stop selling: unlisted, remembered as unlisted by the suspension) or
 * reinstates it (those lots are listed again). Existing bookings stay as they are.
 */
export async function setPartnerStatus({ db }: Deps, actor: Actor, input: { partnerId: number; status: 'active' | 'suspended' }) {
  return db.transaction(async (tx) => {
    const partner = await partnerOrThrow(tx, input.partnerId);
    if (partner.status === input.status) return partner;
    const [row] = await tx.update(partners).set({ status: input.status }).where(eq(partners.id, partner.id)).returning();
    const lots =
      input.status === 'suspended'
        ? await tx
            .update(parkingProviders)
            .set({ published: 0, suspendedListing: 1 })
            .where(and(eq(parkingProviders.partnerId, partner.id), eq(parkingProviders.published, 1)))
            .returning({ id: parkingProviders.id })
        : await tx
            .update(parkingProviders)
            .set({ published: 1, suspendedListing: 0 })
            .where(and(eq(parkingProviders.partnerId, partner.id), eq(parkingProviders.suspendedListing, 1)))
            .returning({ id: parkingProviders.id });
    await recordAudit(tx, actor, {
      entity: 'partner',
      entityId: partner.id,
      action: input.status === 'suspended' ? 'suspend' : 'reinstate',
      changes: { lots: lots.map((l) => l.id) },
    });
    if (lots.length) await bumpContentVersion(tx);
    return row!;
  });
}

/** Approves the first publication of a partner's draft lot: listed from now on (later edits need no approval). */
export async function approveLot({ db, clock }: Deps, actor: Actor, lotId: number) {
  return db.transaction(async (tx) => {
    const [lot] = await tx.select().from(parkingProviders).where(eq(parkingProviders.id, lotId));
    if (!lot) throw new AppError('NOT_FOUND', 'Lot not found');
    if (lot.approvedAt) throw new AppError('CONFLICT', 'This lot is already approved.');
    const partner = lot.partnerId ? await partnerOrThrow(tx, lot.partnerId) : null;
    const suspended = partner?.status === 'suspended';
    const [row] = await tx
      .update(parkingProviders)
      .set({ approvedAt: clock.now(), published: suspended ? 0 : 1, suspendedListing: suspended ? 1 : 0 })
      .where(eq(parkingProviders.id, lotId))
      .returning();
    await recordAudit(tx, actor, { entity: 'lot', entityId: lotId, action: 'approve', changes: { published: { from: false, to: !suspended } } });
    await bumpContentVersion(tx);
    return { id: row!.id, name: row!.name, approvedAt: row!.approvedAt, published: row!.published === 1 };
  });
}

/** Lots waiting for their first approval (the Partners tab's queue). */
export async function draftLots(db: DB) {
  return db
    .select({
      id: parkingProviders.id,
      name: parkingProviders.name,
      location: parkingProviders.location,
      partnerId: parkingProviders.partnerId,
      partner: partners.tradingName,
      createdAt: parkingProviders.createdAt,
    })
    .from(parkingProviders)
    .innerJoin(partners, eq(partners.id, parkingProviders.partnerId))
    .where(isNull(parkingProviders.approvedAt))
    .orderBy(asc(parkingProviders.createdAt));
}

/** Lots of no partner (by name, address or place when `q` is given), at most 50, by place then name. */
export async function lotsWithoutPartner(db: DB, q?: string) {
  const term = q ? `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({ id: parkingProviders.id, name: parkingProviders.name, location: parkingProviders.location, address: parkingProviders.address })
    .from(parkingProviders)
    .where(
      and(
        isNull(parkingProviders.partnerId),
        term
          ? sql`(lower(${parkingProviders.name}) like ${term} escape '\\' or lower(${parkingProviders.address}) like ${term} escape '\\' or lower(${parkingProviders.location}) like ${term} escape '\\')`
          : undefined,
      ),
    )
    .orderBy(asc(parkingProviders.location), asc(parkingProviders.name))
    .limit(50);
}
