// The few SQL expressions that differ between SQLite and PostgreSQL, in one place. Everything else is written
// once with Drizzle's builders and operators (which encode values per column: a Date compared with a
// timestamp column becomes milliseconds on SQLite and a timestamptz on PostgreSQL).
import { cents, type Cents } from '@/shared/money';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ENGINE } from './schema/_kit';

const isPg = ENGINE === 'postgres';

/** A JSON column's top-level text field ('$.key'), or null. */
export function jsonText(column: SQLWrapper, key: string): SQL<string | null> {
  if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(key)) throw new Error(`Unsafe JSON key: ${key}`);
  return isPg ? sql<string | null>`(${column} ->> ${sql.raw(`'${key}'`)})` : sql<string | null>`json_extract(${column}, ${sql.raw(`'$.${key}'`)})`;
}

/** Rounds a numeric expression to cents (PostgreSQL's round(x, 2) takes numeric, not double precision). */
/** The sum of an integer-cents expression, 0 for no rows (PostgreSQL answers bigint as a string: read as a number). */
export function sumCents(expression: SQLWrapper): SQL<Cents> {
  return sql<Cents>`coalesce(sum(${expression}), 0)`.mapWith((v) => cents(Number(v)));
}

/** Milliseconds from one timestamp column (or aggregate of one) to another. */
export function millisBetween(from: SQLWrapper, to: SQLWrapper): SQL<number> {
  return (isPg ? sql<number>`(extract(epoch from (${to} - ${from})) * 1000)` : sql<number>`(${to} - ${from})`).mapWith(Number);
}

/**
 * The row lock of a claim's inner select: PostgreSQL locks the row it picks and skips rows other claimers hold
 * (so concurrent servers take different jobs without waiting on each other); SQLite has one writer at a time
 * and no row locks, so nothing.
 */
export function forUpdateSkipLocked(): SQL {
  return isPg ? sql`for update skip locked` : sql``;
}

/** A case-insensitive LIKE over text (the pattern already lower-cased, with \ escaping % and _). */
export function likeLower(expression: SQLWrapper, pattern: string): SQL {
  return sql`lower(coalesce(${expression}, '')) like ${pattern} escape '\\'`;
}

/** A JSON array column (text on SQLite, jsonb on PostgreSQL) as text, for LIKE over its items. */
export function jsonAsText(column: SQLWrapper): SQL<string> {
  return isPg ? sql<string>`(${column})::text` : sql<string>`${column}`;
}

/**
 * Whether a database error is a unique-index violation, on either engine (PostgreSQL's 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY), anywhere in its cause chain (drizzle wraps the driver's error).
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}
