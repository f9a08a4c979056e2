// The audit log of catalogue changes: who (id and e-mail as they were), when, what, and field by field what
// changed. Written in the transaction of the change it records, so the log and the catalogue never disagree.
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { auditLog, locations, parkingProviders } from '../../db/schema';
import type { SessionUser } from '../../deps';

export type AuditEntity = (typeof auditLog.$inferInsert)['entity'];
export type Actor = Pick<SessionUser, 'id' | 'email'>;
/** Who a log entry names: a person, or no account at all for what a provider told us (Stripe's webhook). */
export type AuditActor = Pick<SessionUser, 'email'> & { id: number | null };
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs between `before` and `after` (compared as JSON), as { from, to }. */
export function diffFields<T extends Record<string, unknown>>(before: Partial<T> | null, after: Partial<T>, fields: readonly (keyof T & string)[]): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before ? (before[field] ?? null) : null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** Records one change; call it with the transaction that makes the change. */
export async function recordAudit(
  tx: Pick<DB, 'insert'>,
  actor: AuditActor,
  entry: { entity: AuditEntity; entityId: string | number; action: string; changes: Record<string, unknown> },
): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ actorId: actor.id, actorEmail: actor.email, entity: entry.entity, entityId: String(entry.entityId), action: entry.action, changes: entry.changes });
}

type AuditEntry = { entity: AuditEntity; entityId: string | number; action: string; changes: Record<string, unknown> };

/** Records many changes in one statement (a CSV import's lots). */
export async function recordAudits(tx: Pick<DB, 'insert'>, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx
    .insert(auditLog)
    .values(entries.map((e) => ({ actorId: actor.id, actorEmail: actor.email, entity: e.entity, entityId: String(e.entityId), action: e.action, changes: e.changes })));
}

/** The latest entries, newest first, optionally for one entity; `before` (an entry id) pages further back. */
export async function auditEntries(db: DB, opts: { entity?: AuditEntity; entityId?: string | number; limit?: number; before?: number } = {}) {
  const where = and(
    opts.entity ? eq(auditLog.entity, opts.entity) : undefined,
    opts.entityId !== undefined ? eq(auditLog.entityId, String(opts.entityId)) : undefined,
    opts.before ? lt(auditLog.id, opts.before) : undefined,
  );
  return db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(Math.min(opts.limit ?? 50, 200));
}

/** A page of the log for the back office, each entry with a readable name for what it is about. */
export async function auditPage(db: DB, opts: { entity?: AuditEntity; entityId?: string; limit: number; before?: number }) {
  const entries = await auditEntries(db, opts);
  const numeric = (entity: AuditEntity) => [...new Set(entries.filter((e) => e.entity === entity && /^\d{1,9}$/.test(e.entityId)).map((e) => Number(e.entityId)))];
  const lotIds = numeric('lot');
  const placeIds = numeric('location');
  const lots = lotIds.length ? await db.select({ id: parkingProviders.id, name: parkingProviders.name }).from(parkingProviders).where(inArray(parkingProviders.id, lotIds)) : [];
  const places = placeIds.length ? await db.select({ id: locations.id, code: locations.code, name: locations.name }).from(locations).where(inArray(locations.id, placeIds)) : [];
  const label = new Map<string, string>([...lots.map((l) => [`lot:${l.id}`, l.name] as const), ...places.map((p) => [`location:${p.id}`, `${p.name} (${p.code})`] as const)]);
  return {
    entries: entries.map((e) => ({ ...e, label: label.get(`${e.entity}:${e.entityId}`) ?? null })),
    nextBefore: entries.length === opts.limit ? entries[entries.length - 1]!.id : null,
  };
}
