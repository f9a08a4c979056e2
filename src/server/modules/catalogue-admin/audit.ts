// The audit log of catalogue changes: who (id and e-mail as they were), when, what, and field by field what
// changed. Written in the transaction of the change it records, so the log and the catalogue never disagree.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../../deps';

export type AuditEntity = (typeof auditLog.$inferInsert)['entity'];
export type Actor = Pick<SessionUser, 'id' | 'email'>;
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
  actor: Actor,
  entry: { entity: AuditEntity; entityId: string | number; action: string; changes: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, entity: entry.entity, entityId: String(entry.entityId), action: entry.action, changes: entry.changes });
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
