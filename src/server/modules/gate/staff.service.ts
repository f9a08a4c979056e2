// Lot staff: who may work which lot's gate. An administrator grants a lot to an existing account by its
// e-mail and revokes it; each change is audited in its own transaction. Administrators work every lot. A
// partner's lot is worked by the partner's members: granting or revoking its gate changes them
// (partners/gate-staff.ts); lot_staff holds the lots no partner owns.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, lotStaff, parkingProviders, partnerMembers, users } from '../../db/schema';
import type { SessionUser } from '../../deps';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../catalogue-admin/audit';
import { grantPartnerGate, partnerLotStaff, revokePartnerGate } from '../partners/gate-staff';

/** The lots a caller may work at the gate: every lot (an administrator) or the ones granted to them. */
export type GateScope = { all: true } | { all: false; lotIds: number[] };

export const NOT_STAFF = 'Only lot staff can use the gate. Ask an administrator to add you to your lot.';

export async function gateScope(db: Pick<DB, 'select'>, user: Pick<SessionUser, 'id' | 'role'>): Promise<GateScope> {
  if (user.role === 'admin') return { all: true };
  const rows = await db.select({ lotId: lotStaff.providerId }).from(lotStaff).where(eq(lotStaff.userId, user.id)).orderBy(asc(lotStaff.providerId));
  // Every member of a partner (owner, manager, gate staff) works the gates of the partner's lots in their scope.
  const members = await db.select().from(partnerMembers).where(eq(partnerMembers.userId, user.id));
  const whole = members.filter((m) => m.allLots).map((m) => m.partnerId);
  const ofPartners = whole.length ? await db.select({ lotId: parkingProviders.id }).from(parkingProviders).where(inArray(parkingProviders.partnerId, whole)) : [];
  const ids = new Set([...rows.map((r) => r.lotId), ...ofPartners.map((r) => r.lotId), ...members.filter((m) => !m.allLots).flatMap((m) => m.lotIds)]);
  return { all: false, lotIds: [...ids].sort((a, b) => a - b) };
}

export const inScope = (scope: GateScope, lotId: number) => scope.all || scope.lotIds.includes(lotId);

/** Whether an account works at least one lot (the account menu shows the gate then). */
export async function worksAnyLot(db: Pick<DB, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db.select({ lotId: lotStaff.providerId }).from(lotStaff).where(eq(lotStaff.userId, userId)).limit(1);
  if (row) return true;
  const scope = await gateScope(db, { id: userId, role: 'user' });
  return scope.all || scope.lotIds.length > 0;
}

/** The lots a caller works, with their place, by place then name. */
export async function lotsWorked(db: DB, scope: GateScope) {
  if (!scope.all && scope.lotIds.length === 0) return [];
  return db
    .select({ id: parkingProviders.id, name: parkingProviders.name, address: parkingProviders.address, location: locations.name, locationCode: locations.code })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(scope.all ? undefined : inArray(parkingProviders.id, scope.lotIds))
    .orderBy(asc(locations.name), asc(parkingProviders.name), asc(parkingProviders.id));
}

async function lotOrThrow(db: Pick<DB, 'select'>, lotId: number) {
  const [lot] = await db
    .select({ id: parkingProviders.id, name: parkingProviders.name, partnerId: parkingProviders.partnerId })
    .from(parkingProviders)
    .where(eq(parkingProviders.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', 'Lot not found.');
  return lot;
}

/** A lot's staff, by e-mail (admin): its lot staff, or the members of its partner who work it. */
export async function lotStaffList(db: DB, lotId: number) {
  const lot = await lotOrThrow(db, lotId);
  if (lot.partnerId) return partnerLotStaff(db, lot.partnerId, lot.id);
  return db
    .select({ userId: users.id, name: users.name, email: users.email, grantedAt: lotStaff.createdAt, role: sql<null>`null` })
    .from(lotStaff)
    .innerJoin(users, eq(users.id, lotStaff.userId))
    .where(eq(lotStaff.providerId, lotId))
    .orderBy(asc(users.email), asc(users.id));
}

/** Grants a lot's gate to the account with this e-mail (admin); audited in the same transaction. */
export async function grantStaff(db: DB, actor: Actor, input: { lotId: number; email: string }) {
  return db.transaction(async (tx) => {
    const lot = await lotOrThrow(tx, input.lotId);
    const [user] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, input.email));
    if (!user) throw new AppError('BAD_REQUEST', `No account uses ${input.email}. Ask them to sign up first, then add them here.`);
    if (lot.partnerId) {
      // A partner's lot: they join the partner as gate staff of this lot.
      await grantPartnerGate(tx, actor, lot.partnerId, lot.id, user);
      await recordAudit(tx, actor, {
        entity: 'lot_staff',
        entityId: lot.id,
        action: 'grant',
        changes: { userId: user.id, email: user.email, lot: lot.name, partnerId: lot.partnerId },
      });
      return { userId: user.id, name: user.name, email: user.email };
    }
    const [granted] = await tx.insert(lotStaff).values({ userId: user.id, providerId: lot.id, grantedBy: actor.id }).onConflictDoNothing().returning({ userId: lotStaff.userId });
    if (!granted) throw new AppError('CONFLICT', `${user.email} already works this lot.`);
    await recordAudit(tx, actor, { entity: 'lot_staff', entityId: lot.id, action: 'grant', changes: { userId: user.id, email: user.email, lot: lot.name } });
    return { userId: user.id, name: user.name, email: user.email };
  });
}

/** Takes a lot's gate away from someone (admin); audited in the same transaction. */
export async function revokeStaff(db: DB, actor: Actor, input: { lotId: number; userId: number }) {
  return db.transaction(async (tx) => {
    const lot = await lotOrThrow(tx, input.lotId);
    if (lot.partnerId) {
      await revokePartnerGate(tx, actor, lot.partnerId, lot.id, input.userId);
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
      await recordAudit(tx, actor, {
        entity: 'lot_staff',
        entityId: lot.id,
        action: 'revoke',
        changes: { userId: input.userId, email: user?.email ?? null, lot: lot.name, partnerId: lot.partnerId },
      });
      return { success: true as const };
    }
    const [revoked] = await tx
      .delete(lotStaff)
      .where(and(eq(lotStaff.providerId, lot.id), eq(lotStaff.userId, input.userId)))
      .returning({ userId: lotStaff.userId });
    if (!revoked) throw new AppError('NOT_FOUND', 'That person is not staff of this lot.');
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await recordAudit(tx, actor, { entity: 'lot_staff', entityId: lot.id, action: 'revoke', changes: { userId: input.userId, email: user?.email ?? null, lot: lot.name } });
    return { success: true as const };
  });
}
