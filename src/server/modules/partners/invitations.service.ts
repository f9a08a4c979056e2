// Invitations to join a partner: by e-mail, single use, valid INVITATION_DAYS. The administrator invites a
// partner's first owner; owners invite their own members. The e-mail job mints the link's token when it runs
// (only its hash is kept, never in the job). Opening the link proves the e-mail: it links the account that
// has that e-mail (signed in as it), or creates one (name and password) already verified.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { parkingProviders, partnerInvitations, partnerMembers, partners, userPreferences, users } from '../../db/schema';
import type { Context, Services } from '../../deps';
import { AppError } from '../../errors';
import { partnerInvitationEmail } from '../../integrations/mailer';
import { enqueueJob } from '../../jobs/queue';
import { INVITATION_DAYS, PARTNER_ROLE_LABEL, type TPartnerRole } from '@/shared/schemas/partners';
import { hashPassword } from '../auth/password';
import { generateToken, hashToken } from '../auth/session';
import { startSession, toPublicUser } from '../auth/auth.service';
import { recordAudit, type Actor } from '../catalogue-admin/audit';
import type { Membership } from './access';

export const INVITATION_INVALID = 'This invitation link is not valid.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask for a new one.';
const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

type Invitee = { email: string; role: TPartnerRole; lotIds: number[] };

/** Lots named in a member's scope must be the partner's. */
async function checkLots(db: Pick<DB, 'select'>, partnerId: number, lotIds: number[]) {
  if (!lotIds.length) return;
  const owned = await db
    .select({ id: parkingProviders.id })
    .from(parkingProviders)
    .where(and(eq(parkingProviders.partnerId, partnerId), inArray(parkingProviders.id, lotIds)));
  if (owned.length !== new Set(lotIds).size) throw new AppError('BAD_REQUEST', 'Choose lots of this partner');
}

/** Invites `who` to the partner (the administrator, or an owner for their own partner); the e-mail follows as a job. */
export async function invite(ctx: Pick<Context, 'db' | 'clock' | 'jobs'>, actor: Actor, partnerId: number, who: Invitee) {
  const now = ctx.clock.now();
  const invitation = await ctx.db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId));
    if (!partner) throw new AppError('NOT_FOUND', 'Partner not found.');
    await checkLots(tx, partnerId, who.lotIds);
    const [row] = await tx
      .insert(partnerInvitations)
      .values({
        partnerId,
        email: who.email,
        role: who.role,
        allLots: who.lotIds.length ? 0 : 1,
        lotIds: who.lotIds,
        // No link works until the e-mail job mints one (this hash matches no token).
        tokenHash: hashToken(generateToken()),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        invitedBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: 'partner_invitation',
      entityId: row!.id,
      action: 'invite',
      changes: { partnerId, email: who.email, role: who.role, lotIds: who.lotIds },
    });
    await enqueueJob(tx, 'mail.partner-invitation', { invitationId: row!.id });
    return row!;
  });
  ctx.jobs.kick();
  return { id: invitation.id, partnerId, email: invitation.email, role: invitation.role, lotIds: invitation.lotIds, expiresAt: invitation.expiresAt };
}

/** Job 'mail.partner-invitation': a fresh link (earlier ones of this invitation stop working), unless it is used or expired. */
export async function sendPartnerInvitation(services: Pick<Services, 'db' | 'env' | 'mailer'>, payload: { invitationId: number }) {
  const [row] = await services.db
    .select({ invitation: partnerInvitations, partner: partners.tradingName })
    .from(partnerInvitations)
    .innerJoin(partners, eq(partners.id, partnerInvitations.partnerId))
    .where(eq(partnerInvitations.id, payload.invitationId));
  if (!row || row.invitation.acceptedAt || row.invitation.expiresAt.getTime() <= Date.now()) return;
  const token = generateToken();
  await services.db
    .update(partnerInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(eq(partnerInvitations.id, row.invitation.id));
  const url = `${services.env.APP_URL}/partner/invitation?token=${encodeURIComponent(token)}`;
  const mail = partnerInvitationEmail({ brand: services.env.BRAND_NAME, partner: row.partner, role: PARTNER_ROLE_LABEL[row.invitation.role], url, days: INVITATION_DAYS });
  await services.mailer.send({ to: row.invitation.email, ...mail, kind: 'partner-invitation' });
}

async function openInvitation(db: Pick<DB, 'select'>, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: partnerInvitations, partner: partners.tradingName })
    .from(partnerInvitations)
    .innerJoin(partners, eq(partners.id, partnerInvitations.partnerId))
    .where(eq(partnerInvitations.tokenHash, hashToken(token)));
  if (!row) throw new AppError('NOT_FOUND', INVITATION_INVALID);
  if (row.invitation.acceptedAt) throw new AppError('CONFLICT', INVITATION_USED);
  if (row.invitation.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', INVITATION_EXPIRED);
  return row;
}

/** What the invitation page shows before accepting: who invites whom, as what, and whether that account exists. */
export async function invitationInfo(ctx: Pick<Context, 'db' | 'clock' | 'user'>, token: string) {
  const { invitation, partner } = await openInvitation(ctx.db, token, ctx.clock.now());
  const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  return { partner, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, accountExists: Boolean(account), signedInAs: ctx.user?.email ?? null };
}

/**
 * Accepts an invitation, once: signed in as the invited e-mail, or (no account has it yet) creating the account
 * from `name` and `password`, verified by the link itself, and signing it in. Returns the membership and, for a
 * new account, its session (for the transport's cookie).
 */
export async function acceptInvitation(ctx: Pick<Context, 'db' | 'clock' | 'user'>, input: { token: string; name?: string; password?: string }) {
  const now = ctx.clock.now();
  const { invitation } = await openInvitation(ctx.db, input.token, now);
  let userId: number;
  let created = false;
  if (ctx.user) {
    if (ctx.user.email !== invitation.email) throw new AppError('FORBIDDEN', `This invitation is for ${invitation.email}. Sign out, then open the link again.`);
    userId = ctx.user.id;
  } else {
    const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    if (account) throw new AppError('UNAUTHORIZED', `Sign in as ${invitation.email} to accept this invitation.`);
    if (!input.name) throw new AppError('BAD_REQUEST', 'Full name is required');
    if (!input.password) throw new AppError('BAD_REQUEST', 'Password must be at least 8 characters');
    const passwordHash = await hashPassword(input.password);
    const [user] = await ctx.db.insert(users).values({ name: input.name, email: invitation.email, password: passwordHash, emailVerified: 1 }).onConflictDoNothing().returning();
    if (!user) throw new AppError('UNAUTHORIZED', `Sign in as ${invitation.email} to accept this invitation.`);
    await ctx.db.insert(userPreferences).values({ userId: user.id });
    userId = user.id;
    created = true;
  }
  const member = await ctx.db.transaction(async (tx) => {
    // The claim: of two uses at once, one gets the row; the other is told it is used.
    const [claimed] = await tx
      .update(partnerInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(partnerInvitations.id, invitation.id), isNull(partnerInvitations.acceptedAt), gt(partnerInvitations.expiresAt, now)))
      .returning();
    if (!claimed) throw new AppError('CONFLICT', INVITATION_USED);
    // Opening the e-mailed link proved the address.
    await tx.update(users).set({ emailVerified: 1 }).where(eq(users.id, userId));
    const scope = { role: claimed.role, allLots: claimed.allLots, lotIds: claimed.lotIds };
    const [row] = await tx
      .insert(partnerMembers)
      .values({ partnerId: claimed.partnerId, userId, ...scope, createdBy: claimed.invitedBy })
      .onConflictDoUpdate({ target: [partnerMembers.partnerId, partnerMembers.userId], set: scope })
      .returning();
    await recordAudit(
      tx,
      { id: userId, email: invitation.email },
      { entity: 'partner_member', entityId: row!.id, action: 'join', changes: { partnerId: claimed.partnerId, invitationId: claimed.id, ...scope } },
    );
    return row!;
  });
  const session = created ? await startSession(ctx.db, userId) : null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return { member: { id: member.id, partnerId: member.partnerId, role: member.role }, user: toPublicUser(user!), session };
}

/** A partner's members and open invitations (owners and managers see them; owners change them). */
export async function listMembers(db: DB, m: Membership, now: Date) {
  const members = await db
    .select({
      id: partnerMembers.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: partnerMembers.role,
      allLots: partnerMembers.allLots,
      lotIds: partnerMembers.lotIds,
      since: partnerMembers.createdAt,
    })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, m.partnerId))
    .orderBy(partnerMembers.id);
  const invitations = await db
    .select({
      id: partnerInvitations.id,
      email: partnerInvitations.email,
      role: partnerInvitations.role,
      lotIds: partnerInvitations.lotIds,
      expiresAt: partnerInvitations.expiresAt,
    })
    .from(partnerInvitations)
    .where(and(eq(partnerInvitations.partnerId, m.partnerId), isNull(partnerInvitations.acceptedAt), gt(partnerInvitations.expiresAt, now)))
    .orderBy(partnerInvitations.id);
  return { members: members.map((r) => ({ ...r, allLots: r.allLots === 1 })), invitations };
}

/** Removes a member (an owner, or the administrator); the partner's last owner stays. */
export async function removeMember(db: DB, actor: Actor, m: Membership, memberId: number) {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(partnerMembers)
      .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, m.partnerId)));
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    if (member.role === 'owner') {
      const owners = await tx
        .select({ id: partnerMembers.id })
        .from(partnerMembers)
        .where(and(eq(partnerMembers.partnerId, m.partnerId), eq(partnerMembers.role, 'owner')));
      if (owners.length <= 1) throw new AppError('CONFLICT', 'A partner keeps at least one owner. Invite another owner first.');
    }
    await tx.delete(partnerMembers).where(eq(partnerMembers.id, member.id));
    await recordAudit(tx, actor, {
      entity: 'partner_member',
      entityId: member.id,
      action: 'remove',
      changes: { partnerId: m.partnerId, userId: member.userId, role: member.role },
    });
    return { removed: member.id };
  });
}
