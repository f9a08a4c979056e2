// Today's lot staff become gate staff of a partner: when the administrator creates a partner with lots the
// platform ran, the people granted those lots' gates join the partner as gate staff of those lots (audited),
// and keep working them. On a partner's lot the lot editor's Staff list is the partner's members who work it;
// adding or removing staff there changes the partner's members.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, lotStaff, partnerMembers } from '@/server/db/schema';
import { createLot, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { name: 'Staff Admin', role: 'admin' });
const as = (cookie?: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
  del: (path: string) => call(t.request, path, undefined, { cookie, method: 'DELETE' }),
});
const api = as(admin.cookie);

let seq = 0;
async function newPartner(lotIds: number[]) {
  const name = `Gate Partner ${++seq}`;
  const res = await api.post('/api/admin/partners', {
    tradingName: name,
    legalName: `${name} LLC`,
    contactName: 'Pat Owner',
    contactEmail: `gate-contact-${seq}@partner.example`,
    commissionPercent: 15,
    lotIds,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}
const membersOf = (partnerId: number) => t.db.select().from(partnerMembers).where(eq(partnerMembers.partnerId, partnerId));
const gateLots = async (cookie: string) => ((await as(cookie).get('/api/gate/lots')).json as { id: number }[]).map((l) => l.id).sort((a, b) => a - b);

describe('lot staff when a partner takes the lots over', () => {
  it('become the partner’s gate staff of those lots, audited, and keep working them; other lots keep their staff', async () => {
    const [lotA, lotB, lotC] = [await createLot(t), await createLot(t), await createLot(t)];
    const sam = await createUser(t, { name: 'Sam Gate' });
    const kim = await createUser(t, { name: 'Kim Gate' });
    for (const [who, lot] of [
      [sam, lotA],
      [sam, lotB],
      [kim, lotA],
      [kim, lotC],
    ] as const) {
      expect((await api.post(`/api/admin/lots/${lot.id}/staff`, { email: who.user.email })).status).toBe(201);
    }

    const partnerId = await newPartner([lotA.id, lotB.id]);

    const members = await membersOf(partnerId);
    expect(members.map((m) => ({ userId: m.userId, role: m.role, allLots: m.allLots, lotIds: m.lotIds })).sort((a, b) => a.userId - b.userId)).toEqual(
      [
        { userId: sam.user.id, role: 'gate', allLots: 0, lotIds: [lotA.id, lotB.id].sort((a, b) => a - b) },
        { userId: kim.user.id, role: 'gate', allLots: 0, lotIds: [lotA.id] },
      ].sort((a, b) => a.userId - b.userId),
    );
    // lot_staff keeps only the lot no partner owns.
    const left = await t.db.select().from(lotStaff);
    expect(left.filter((r) => [lotA.id, lotB.id].includes(r.providerId))).toEqual([]);
    expect(left.filter((r) => r.providerId === lotC.id).map((r) => r.userId)).toEqual([kim.user.id]);
    // Nobody lost a gate.
    expect(await gateLots(sam.cookie)).toEqual([lotA.id, lotB.id].sort((a, b) => a - b));
    expect(await gateLots(kim.cookie)).toEqual([lotA.id, lotC.id].sort((a, b) => a - b));
    // Audited as the partner's new members.
    const adopted = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'partner_member'), eq(auditLog.action, 'adopt')));
    expect(adopted.filter((e) => (e.changes as { partnerId: number }).partnerId === partnerId)).toHaveLength(3);
    // The lot editor lists the partner's gate staff of the lot.
    const list = await api.get(`/api/admin/lots/${lotA.id}/staff`);
    expect(list.json.map((s: { email: string; role: string }) => [s.email, s.role]).sort()).toEqual(
      [
        [kim.user.email, 'gate'],
        [sam.user.email, 'gate'],
      ].sort(),
    );
  });

  it('on a partner’s lot, adding staff makes a gate member of that lot and removing takes the lot away', async () => {
    const [lotA, lotB] = [await createLot(t), await createLot(t)];
    const partnerId = await newPartner([lotA.id, lotB.id]);
    const lee = await createUser(t, { name: 'Lee Gate' });

    expect((await api.post(`/api/admin/lots/${lotA.id}/staff`, { email: lee.user.email })).status).toBe(201);
    expect((await api.post(`/api/admin/lots/${lotB.id}/staff`, { email: lee.user.email })).status).toBe(201);
    const again = await api.post(`/api/admin/lots/${lotA.id}/staff`, { email: lee.user.email });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(`${lee.user.email} already works this lot.`);
    expect((await membersOf(partnerId)).map((m) => [m.userId, m.role, m.lotIds])).toEqual([[lee.user.id, 'gate', [lotA.id, lotB.id]]]);
    expect(await t.db.select().from(lotStaff).where(eq(lotStaff.userId, lee.user.id))).toEqual([]);
    expect(await gateLots(lee.cookie)).toEqual([lotA.id, lotB.id]);

    expect((await api.del(`/api/admin/lots/${lotA.id}/staff/${lee.user.id}`)).status).toBe(200);
    expect(await gateLots(lee.cookie)).toEqual([lotB.id]);
    expect((await api.del(`/api/admin/lots/${lotA.id}/staff/${lee.user.id}`)).status).toBe(404);
    expect((await api.del(`/api/admin/lots/${lotB.id}/staff/${lee.user.id}`)).status).toBe(200);
    // A gate member with no lot left is no longer a member.
    expect(await membersOf(partnerId)).toEqual([]);
    expect((await as(lee.cookie).get('/api/gate/lots')).status).toBe(403);
  });

  it('refuses to take one lot from someone who works every lot of the partner', async () => {
    const lot = await createLot(t);
    const partnerId = await newPartner([lot.id]);
    const boss = await createUser(t, { name: 'Boss Manager' });
    await t.db.insert(partnerMembers).values({ partnerId, userId: boss.user.id, role: 'manager', allLots: 1, lotIds: [] });
    const refused = await api.del(`/api/admin/lots/${lot.id}/staff/${boss.user.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/every lot of this partner/);
    expect(await membersOf(partnerId)).toHaveLength(1);
  });
});
