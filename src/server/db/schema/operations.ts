// Running the catalogue: lot staff (who may work a lot's gate) and the audit log of catalogue changes.
import { k } from './_kit';
import { createdAt, id } from './_columns';
import { parkingProviders } from './catalogue';
import { users } from './users';

/** Lot staff: a user who may see and check in the bookings of these lots at the gate (granted by an admin). */
export const lotStaff = k.table(
  'lot_staff',
  {
    userId: k
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: k
      .integer('provider_id')
      .notNull()
      .references(() => parkingProviders.id, { onDelete: 'cascade' }),
    grantedBy: k.integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [k.primaryKey({ columns: [t.userId, t.providerId] }), k.index('lot_staff_provider_idx').on(t.providerId)],
);

/** Who changed what in the catalogue and when (lots, places, days, photos, staff, imports). */
export const auditLog = k.table(
  'audit_log',
  {
    id: id(),
    actorId: k.integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was when the change was made (the account may change or go). */
    actorEmail: k.text('actor_email').notNull(),
    entity: k
      .text('entity', { enum: ['lot', 'location', 'lot_day', 'photo', 'lot_staff', 'import', 'partner', 'partner_member', 'partner_invitation', 'review', 'guarantee'] })
      .notNull(),
    entityId: k.text('entity_id').notNull(),
    action: k.text('action').notNull(),
    /** Field by field: { price: { from: 10.95, to: 12.95 } }; or a summary for imports. */
    changes: k.json<Record<string, unknown>>('changes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt), k.index('audit_log_created_idx').on(t.createdAt)],
);
