// Copying an SQLite database into an empty PostgreSQL database with the same schema (db:copy-to-postgres):
// tables in foreign-key order, rows in batches, values converted by the PostgreSQL column's type, all in one
// transaction; identity sequences are moved past the copied ids at the end.
import type Database from 'better-sqlite3';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import type pg from 'pg';
import * as schema from './schema';

export interface CopyReport {
  tables: { table: string; rows: number }[];
  rows: number;
}

const BATCH = 500;

/** Every table of the schema, parents before children. */
export function tablesInOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (table: PgTable) => {
    const { name, foreignKeys } = getTableConfig(table);
    if (seen.has(name)) return;
    seen.add(name);
    for (const fk of foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== name) visit(byName.get(parent)!);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/** An SQLite value as the PostgreSQL column takes it. */
function convert(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.columnType) {
    case 'PgTimestamp':
      return new Date(Number(value));
    case 'PgJsonb':
      // Stored as JSON text: PostgreSQL parses it into jsonb (a JS array would be sent as an SQL array).
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return value;
  }
}

export async function copyTables(sqlite: Database.Database, pool: pg.Pool): Promise<CopyReport> {
  const client = await pool.connect();
  const report: CopyReport = { tables: [], rows: 0 };
  try {
    await client.query('begin');
    const tables = tablesInOrder();
    for (const table of tables) {
      const { name } = getTableConfig(table);
      const { rows } = await client.query(`select exists (select 1 from "${name}") as used`);
      if (rows[0].used) throw new Error(`the PostgreSQL table ${name} already has rows: copy into an empty database`);
    }
    for (const table of tables) {
      const { name, columns } = getTableConfig(table);
      const names = columns.map((c) => c.name);
      const read = sqlite.prepare(`select ${names.map((n) => `"${n}"`).join(', ')} from "${name}" order by rowid limit ? offset ?`);
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const batch = read.all(BATCH, offset) as Record<string, unknown>[];
        if (!batch.length) break;
        const params: unknown[] = [];
        const tuples = batch.map((row) => `(${columns.map((c) => (params.push(convert(c, row[c.name])), `$${params.length}`)).join(', ')})`);
        // Ids are copied as they are (identity columns are "by default", so an explicit value is taken).
        await client.query(`insert into "${name}" (${names.map((n) => `"${n}"`).join(', ')}) values ${tuples.join(', ')}`, params);
        copied += batch.length;
      }
      if (columns.some((c) => c.name === 'id' && c.columnType === 'PgInteger')) {
        await client.query(`select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`);
      }
      report.tables.push({ table: name, rows: copied });
      report.rows += copied;
    }
    await client.query('commit');
    return report;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
