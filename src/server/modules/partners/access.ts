// Who may see what of a partner. A member sees their own partner only: anything of another partner (its lots,
// bookings, statements, payouts, members) is 404, never 403, so ids cannot be probed. Gate staff use the gate
// only; owners and managers use the portal; only owners manage members. Administrators see every partner.
import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, partnerMembers, partners } from '../../db/schema';
import type { SessionUser } from '../../deps';
import { AppError } from '../../errors';
import type { TPartnerRole } from '@/shared/schemas/partners';

export const PARTNER_NOT_FOUND = 'Partner not found.';

/** A caller's place in one partner: the partner, their role and the lots they may see (all: every lot of it). */
export interface Membership {
  partnerId: number;
  partnerName: string;
  status: 'active' | 'suspended';
  role: TPartnerRole | 'admin';
  memberId: number | null;
  lots: { all: true } | { all: false; ids: number[] };
}

/** Every partner the user belongs to, oldest membership first. */
export async function membershipsOf(db: Pick<DB, 'select'>, userId: number): Promise<Membership[]> {
  const rows = await db
    .select({ member: partnerMembers, name: partners.tradingName, status: partners.status })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(eq(partnerMembers.userId, userId))
    .orderBy(asc(partnerMembers.id));
  return rows.map(({ member, name, status }) => ({
    partnerId: member.partnerId,
    partnerName: name,
    status,
    role: member.role,
    memberId: member.id,
    lots: member.allLots ? { all: true } : { all: false, ids: member.lotIds },
  }));
}

/**
 * The caller's membership of `partnerId` (or of their first partner when none is named), if their role is one
 * of `roles`; 404 otherwise, the same as for a partner that does not exist. Administrators pass for any partner.
 */
export async function requireMembership(
  db: Pick<DB, 'select'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  partnerId: number | undefined,
  roles: readonly TPartnerRole[],
): Promise<Membership> {
  if (user.role === 'admin' && partnerId !== undefined) {
    const [p] = await db.select().from(partners).where(eq(partners.id, partnerId));
    if (!p) throw new AppError('NOT_FOUND', PARTNER_NOT_FOUND);
    return { partnerId: p.id, partnerName: p.tradingName, status: p.status, role: 'admin', memberId: null, lots: { all: true } };
  }
  const mine = await membershipsOf(db, user.id);
  const found = partnerId === undefined ? mine[0] : mine.find((m) => m.partnerId === partnerId);
  if (!found || (found.role !== 'admin' && !roles.includes(found.role))) throw new AppError('NOT_FOUND', PARTNER_NOT_FOUND);
  return found;
}

export const PORTAL_ROLES = ['owner', 'manager'] as const satisfies readonly TPartnerRole[];

/** Whether a membership covers a lot (which must be the partner's). */
export const coversLot = (m: Membership, lotId: number) => m.lots.all || m.lots.ids.includes(lotId);

/** The partner's lot `lotId`, if the membership covers it; 404 otherwise (another partner's lot, or none). */
export async function requireLot(db: Pick<DB, 'select'>, m: Membership, lotId: number) {
  const [lot] = await db
    .select()
    .from(parkingProviders)
    .where(and(eq(parkingProviders.id, lotId), eq(parkingProviders.partnerId, m.partnerId)));
  if (!lot || !coversLot(m, lotId)) throw new AppError('NOT_FOUND', 'Lot not found');
  return lot;
}
