// Periodic reads stay cheap however long the history: each reads an index of the few rows it wants, never the
// whole bookings table (a year of bookings made the hold reaper's scan 0.1-0.4 s, every minute).
import { describe, expect, it } from 'vitest';
import { ENGINE, sqliteConnection } from '@/server/db/client';
import { expiredHolds } from '@/server/modules/bookings/settle';
import { createTestApp } from '../support/test-app';

describe.skipIf(ENGINE !== 'sqlite')('query plans (SQLite, with no table statistics)', () => {
  it('the hold reaper reads the pending holds index', async () => {
    const t = await createTestApp();
    try {
      const query = expiredHolds(t.db, new Date()).toSQL();
      const plan = sqliteConnection(t.db)!
        .prepare(`explain query plan ${query.sql}`)
        .all(...query.params) as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX bookings_pending_hold_idx/);
    } finally {
      await t.close();
    }
  });
});
