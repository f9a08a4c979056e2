// The gate staff of a partner's lots are the partner's members. When a partner takes over lots the platform ran,
// the people granted those lots' gates (lot_staff) become the partner's gate staff for those lots; and when the
// administrator adds or removes gate staff of a partner's lot (the lot editor's Staff tab), the change is made
// to the partner's members. lot_staff keeps only the lots no partner owns. Every change is audited.
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { lotStaff, partnerMembers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../catalogue-admin/audit';

type Tx = Pick<DB, 'select' | 'insert' | 'update' | 'delete'>;
type MemberRow = typeof partnerMembers.$inferSelect;

const worksLot = (m: Pick<MemberRow, 'allLots' | 'lotIds'>, lotId: number) => m.allLots === 1 || m.lotIds.includes(lotId);

/** Gives `userId` the gate of `lotId` as a member of `partnerId`: a new gate member, or one lot more in a member's scope. */
async function addGateLot(tx: Tx, actor: Actor, partnerId: number, userId: number, lotId: number, how: 'grant' | 'adopt'): Promise<'added' | 'already'> {
  const [member] = await tx
    .select()
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)));
  if (member && worksLot(member, lotId)) return 'already';
  if (member) {
    const lotIds = [...member.lotIds, lotId].sort((a, b) => a - b);
    await tx.update(partnerMembers).set({ lotIds }).where(eq(partnerMembers.id, member.id));
    await recordAudit(tx, actor, {
      entity: 'partner_member',
      entityId: member.id,
      action: how,
      changes: { partnerId, userId, role: member.role, lotIds: { from: member.lotIds, to: lotIds } },
    });
    return 'added';
  }
  const [row] = await tx
    .insert(partnerMembers)
    .values({ partnerId, userId, role: 'gate', allLots: 0, lotIds: [lotId], createdBy: actor.id })
    .returning();
  await recordAudit(tx, actor, { entity: 'partner_member', entityId: row!.id, action: how, changes: { partnerId, userId, role: 'gate', lotIds: [lotId] } });
  return 'added';
}

/** A partner took these lots over: their lot staff become its gate staff for them (inside the taking-over transaction). */
export async function adoptLotStaff(tx: Tx, actor: Actor, partnerId: number, lotIds: number[]): Promise<number> {
  if (!lotIds.length) return 0;
  const rows = await tx.select().from(lotStaff).where(inArray(lotStaff.providerId, lotIds)).orderBy(lotStaff.userId, lotStaff.providerId);
  for (const r of rows) await addGateLot(tx, actor, partnerId, r.userId, r.providerId, 'adopt');
  if (rows.length) await tx.delete(lotStaff).where(inArray(lotStaff.providerId, lotIds));
  return rows.length;
}

/** The partner's members who work a lot's gate (the lot editor's Staff list for a partner's lot). */
export async function partnerLotStaff(db: Pick<DB, 'select'>, partnerId: number, lotId: number) {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      grantedAt: partnerMembers.createdAt,
      role: partnerMembers.role,
      allLots: partnerMembers.allLots,
      lotIds: partnerMembers.lotIds,
    })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partnerId));
  return rows
    .filter((r) => worksLot(r, lotId))
    .map(({ allLots: _a, lotIds: _l, ...r }) => r)
    .sort((a, b) => a.email.localeCompare(b.email) || a.userId - b.userId);
}

/** The administrator adds gate staff to a partner's lot: they join the partner as gate staff of that lot. */
export async function grantPartnerGate(tx: Tx, actor: Actor, partnerId: number, lotId: number, user: { id: number; email: string }) {
  if ((await addGateLot(tx, actor, partnerId, user.id, lotId, 'grant')) === 'already') throw new AppError('CONFLICT', `${user.email} already works this lot.`);
}

/** The administrator removes someone from a partner's lot gate: the lot leaves their scope (a gate member with no lot left goes). */
export async function revokePartnerGate(tx: Tx, actor: Actor, partnerId: number, lotId: number, userId: number) {
  const [member] = await tx
    .select()
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)));
  if (!member || !worksLot(member, lotId)) throw new AppError('NOT_FOUND', 'That person is not staff of this lot.');
  if (member.allLots === 1) throw new AppError('CONFLICT', 'They work every lot of this partner. Change their access under the partner’s members instead.');
  const lotIds = member.lotIds.filter((id) => id !== lotId);
  if (lotIds.length === 0 && member.role === 'gate') {
    await tx.delete(partnerMembers).where(eq(partnerMembers.id, member.id));
    await recordAudit(tx, actor, { entity: 'partner_member', entityId: member.id, action: 'remove', changes: { partnerId, userId, role: member.role, lotId } });
    return;
  }
  await tx.update(partnerMembers).set({ lotIds }).where(eq(partnerMembers.id, member.id));
  await recordAudit(tx, actor, {
    entity: 'partner_member',
    entityId: member.id,
    action: 'revoke',
    changes: { partnerId, userId, role: member.role, lotIds: { from: member.lotIds, to: lotIds } },
  });
}
