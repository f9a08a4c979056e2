// Opens the database: the embedded SQLite file (better-sqlite3, WAL) by default, or PostgreSQL (node-postgres
// pool) for a postgres:// DATABASE_URL. Both are handed out as one async Drizzle handle (`DB`); see
// docs/decisions/002-two-engines.md for the transaction model.
//
// SQLite: one write connection and one read-only connection. Statements outside a transaction that only read
// run on the read connection; writes run on the write connection one at a time (an async mutex); a
// transaction holds the mutex from its start to its end, and every statement of its async body (found
// through AsyncLocalStorage) runs on the write connection. So an async transaction never sees another
// request's statements interleaved into it, and readers never see uncommitted rows.
// Writes commit in groups (decision 013): the first write opens a BEGIN IMMEDIATE, each transaction is a
// SAVEPOINT in it (a failed one is rolled back alone), and the group commits once on the next turn of the event
// loop. A transaction or a write resolves only after that COMMIT, so nothing is answered before it is durable;
// the pages that concurrent bookings share (a table's last leaf, an index's) are written once per group.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Param, sql, type Column, type SQL } from 'drizzle-orm';
import { drizzle as drizzleSqliteSync } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy';
import pg from 'pg';
import { beginWithFirstStatement, TRIP_CONNECTION } from './pg-trips';
import { ENGINE, isPostgresUrl, type Engine } from './schema/_kit';
import { inSpan, tracingEnabled } from '../observability/tracing';

/** The database handle every service takes: the root handle or a transaction, on either engine. */
export type DB = PgDatabase<NodePgQueryResultHKT>;

export { ENGINE, type Engine };

interface Opened {
  engine: Engine;
  close(): Promise<void>;
  migrate(): Promise<void>;
  /** SQLite only: the write connection (backups, maintenance). */
  sqlite?: Database.Database;
  /** PostgreSQL only: the pool (advisory locks need one connection). */
  pool?: pg.Pool;
}

const opened = new WeakMap<object, Opened>();

function handle(db: DB): Opened {
  const found = opened.get(db);
  if (!found) throw new Error('Not a database opened with openDatabase() (a transaction cannot be closed or migrated)');
  return found;
}

/**
 * Opens `target`: a postgres:// URL, a file path or ':memory:'. The engine must be the one the schema was
 * built for at start (DATABASE_URL decides it, see schema/_kit.ts).
 */
export function openDatabase(target: string, options: { poolSize?: number; preparedStatements?: boolean } = {}): DB {
  const wantsPostgres = isPostgresUrl(target);
  if (wantsPostgres !== (ENGINE === 'postgres')) {
    throw new Error(
      wantsPostgres
        ? 'This process was started for SQLite: set DATABASE_URL=postgres://... in the environment before it starts.'
        : 'This process was started for PostgreSQL (DATABASE_URL): it cannot open an SQLite file.',
    );
  }
  return wantsPostgres ? openPostgres(target, options.poolSize ?? 10, options.preparedStatements ?? true) : openSqlite(target);
}

export async function migrateDatabase(db: DB): Promise<void> {
  await handle(db).migrate();
}

export async function closeDatabase(db: DB): Promise<void> {
  await handle(db).close();
}

/** The SQLite write connection behind a handle (backups, tests), or null on PostgreSQL. */
export function sqliteConnection(db: DB): Database.Database | null {
  return handle(db).sqlite ?? null;
}

/** The PostgreSQL pool behind a handle, or null on SQLite. */
export function postgresPool(db: DB): pg.Pool | null {
  return handle(db).pool ?? null;
}

/** A migrations folder (db/migrations or db/migrations-pg), found from the source tree or the built server. */
export function migrationsFolder(engine: Engine = ENGINE): string {
  const name = engine === 'postgres' ? 'migrations-pg' : 'migrations';
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../db', name), path.resolve(here, '../../db', name), path.resolve(process.cwd(), 'db', name)];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Prepared queries

/** On a transaction's handle: the database it belongs to (see `prepared`). */
const ROOT = Symbol('root database');
/** On a PostgreSQL transaction's handle: the pool connection it runs on (see `prepared`, and pg-trips.ts). */
const CONNECTION = TRIP_CONNECTION;

/**
 * A query built once per database handle, for statements on the hottest paths: Drizzle otherwise builds the
 * SQL text from the query builder on every run, which costs more than running it (0.05-0.35 ms a statement;
 * a select of three joined tables' columns 0.35). `build` returns `query.prepare(name)` with a placeholder for
 * every value (`bound()` in conditions, `sql.placeholder()` in values and sets); run it with `.execute({...})`.
 * A transaction runs the database's prepared queries: on SQLite its statements reach the transaction's
 * connection through AsyncLocalStorage; on PostgreSQL the query is run on the transaction's own connection
 * (a view of the built query with that connection, so nothing is rebuilt per transaction). Values Drizzle fills
 * in when it builds a query ($defaultFn, $onUpdateFn: created_at, updated_at) would be those of the first run:
 * give them as placeholders.
 */
export function prepared<Q>(build: (db: DB) => Q): (db: object) => Q {
  const built = new WeakMap<object, Q>();
  return (db) => {
    const owner = (db as { [ROOT]?: DB })[ROOT] ?? (db as DB);
    let query = built.get(owner);
    if (!query) built.set(owner, (query = build(owner)));
    const connection = (db as { [CONNECTION]?: pg.PoolClient })[CONNECTION];
    // node-postgres's prepared query runs on `this.client`: the pool, or here the transaction's connection.
    return connection ? (Object.create(query as object, { client: { value: connection } }) as Q) : query;
  };
}

/** A placeholder compared with a column (eq, lte, ...), encoded as that column stores it (a Date as milliseconds on SQLite). */
export const bound = (name: string, column: Column): SQL => sql`${new Param(sql.placeholder(name), column)}`;

/** `bound`, for a nullable column given null in some runs (Drizzle encodes a placeholder's null as a value: a Date's getTime()). */
export const boundOrNull = (name: string, column: Column): SQL =>
  sql`${new Param(sql.placeholder(name), { mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)) })}`;

// ---------------------------------------------------------------------------------------------------------
// SQLite

const STATEMENT_CACHE_SIZE = 500;

/**
 * Drizzle prepares a new statement for every query it runs; compiling the same SQL again is a tenth of the
 * server's time under load. The connection keeps its compiled statements by SQL text (least recently used out
 * first).
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (stmt) cache.delete(source);
    else {
      stmt = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  }) as typeof sqlite.prepare;
}

type Method = 'run' | 'all' | 'values' | 'get';

function execute(conn: Database.Database, source: string, params: unknown[], method: Method): { rows: any[]; changes?: number } {
  return inSpan(spanName(source), 'client', { 'db.system': 'sqlite', 'db.statement': source }, () => executeStatement(conn, source, params, method));
}

function executeStatement(conn: Database.Database, source: string, params: unknown[], method: Method): { rows: any[]; changes?: number } {
  const stmt = conn.prepare(source);
  if (method === 'run' || !stmt.reader) {
    const result = stmt.run(...params);
    return { rows: [], changes: result.changes };
  }
  stmt.raw(true);
  // drizzle's proxy wants raw rows (arrays); 'get' answers the one row itself.
  return { rows: (method === 'get' ? stmt.get(...params) : stmt.all(...params)) as any[] };
}

/** One holder at a time, in arrival order. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => T | Promise<T>): Promise<T> => {
    const result = tail.then(fn);
    tail = result.catch(() => undefined);
    return result;
  };
}

interface Group {
  /** Settles when the group's COMMIT has run: rejected, with its error, if it failed (nothing of it was written). */
  committed: Promise<void>;
}

/** A group SQLite rolled back on its own (a full disk): what each of its members is told. */
const rolledBack = () => new Error('The database rolled back this write (see the error before it).');

/**
 * How often the write-ahead log is copied into the database file (a checkpoint), at most: the first commit this
 * long after the last checkpoint runs one. SQLite's own rule (every 1,000 pages of log) ran one every 30
 * bookings under load, each reading and writing the same hot index pages again and syncing both files, which
 * was 40 % of what a commit cost; and under little load none for hours. By time, a busy minute checkpoints 120
 * times instead of 600 and a quiet one after each commit, so what was committed is on disk within a second.
 */
export const CHECKPOINT_EVERY_MS = 500;
/** SQLite's page-count rule, kept as a backstop well above what half a second of the busiest load writes. */
const CHECKPOINT_BACKSTOP_PAGES = 20_000;

/**
 * The write connection's open group: `join` opens one (BEGIN IMMEDIATE) if none is open, and schedules its
 * COMMIT for the next turn of the event loop, behind whatever holds the mutex then. `commit` commits it now.
 * Called only while holding the mutex.
 */
function groupCommit(writer: Database.Database, exclusive: <T>(fn: () => T | Promise<T>) => Promise<T>) {
  let open: (Group & { resolve(): void; reject(err: unknown): void }) | null = null;
  let checkpointed = Date.now();
  const checkpoint = writer.prepare('pragma wal_checkpoint(PASSIVE)');
  const commit = () => {
    const group = open;
    if (!group) return;
    open = null;
    try {
      if (!writer.inTransaction) throw rolledBack();
      writer.exec('commit');
      if (Date.now() - checkpointed >= CHECKPOINT_EVERY_MS) {
        checkpointed = Date.now();
        // PASSIVE: copies what no reader still needs, waits for nobody; the log is reused once all of it is copied.
        checkpoint.get();
      }
      group.resolve();
    } catch (err) {
      if (writer.inTransaction) writer.exec('rollback');
      group.reject(err);
    }
  };
  const join = (): Group => {
    if (open && writer.inTransaction) return open;
    // A group SQLite rolled back (see the ROLLBACK above): its members are told when its turn comes.
    if (open) {
      open.reject(rolledBack());
      open = null;
    }
    writer.exec('begin immediate');
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const committed = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    committed.catch(() => undefined); // each member awaits it: no unhandled rejection when none is left
    open = { committed, resolve, reject };
    nextTurn(() => void exclusive(commit));
    return open;
  };
  return { join, commit };
}

function openSqlite(file: string): DB {
  const memory = file === ':memory:';
  if (!memory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('busy_timeout = 5000');
  writer.pragma('foreign_keys = ON');
  writer.pragma('synchronous = NORMAL');
  // A group's savepoints keep the pages they change in a journal of their own: in memory, not a temporary file.
  writer.pragma('temp_store = MEMORY');
  // Checkpoints are run by time (groupCommit); the log file is cut back to 64 MB when it is reused.
  writer.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`);
  writer.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  cacheStatements(writer);
  // An in-memory database is private to its connection: it reads through the writer.
  const reader = memory ? writer : new Database(file, { readonly: true, fileMustExist: true });
  if (reader !== writer) {
    reader.pragma('busy_timeout = 5000');
    cacheStatements(reader);
  }
  const exclusive = createMutex();
  const commits = groupCommit(writer, exclusive);
  /** Inside a transaction: its savepoint's name, and the group it joined. */
  const inTransaction = new AsyncLocalStorage<{ savepoint: string; group?: Group }>();
  let savepoints = 0;

  const route = <T>(source: string, run: (conn: Database.Database) => T): T | Promise<T> => {
    const tx = inTransaction.getStore();
    if (tx) {
      // Drizzle's BEGIN, COMMIT and ROLLBACK of a transaction become its savepoint in the open group.
      if (source.startsWith('begin')) {
        tx.group = commits.join();
        writer.exec(`savepoint ${tx.savepoint}`);
        return { rows: [] } as T;
      }
      if (source === 'commit') {
        writer.exec(`release ${tx.savepoint}`);
        return { rows: [] } as T;
      }
      if (source === 'rollback') {
        // An error SQLite answers by rolling back the whole transaction (a full disk) ends the group with it.
        if (!writer.inTransaction) return { rows: [] } as T;
        writer.exec(`rollback to ${tx.savepoint}`);
        writer.exec(`release ${tx.savepoint}`);
        return { rows: [] } as T;
      }
      return run(writer);
    }
    if (reader !== writer && reader.prepare(source).readonly) return run(reader);
    // In memory the writer reads too, between transactions, joining no group.
    if (reader === writer && writer.prepare(source).readonly) return exclusive(() => run(writer));
    // A write of its own joins the open group, and is answered once the group has committed.
    return exclusive(() => {
      const group = commits.join();
      return { result: run(writer), group };
    }).then(({ result, group }) => group.committed.then(() => result));
  };
  const proxy = drizzleProxy(async (source, params, method) => route(source, (conn) => execute(conn, source, params, method)));
  const db = proxy as unknown as DB;

  // db.execute(sql`...`) as on PostgreSQL: rows as objects.
  const executeRaw = async (query: SQL) => {
    const { sql: source, params } = (proxy as unknown as { dialect: SQLiteAsyncDialect }).dialect.sqlToQuery(query);
    return route(source, (conn) => {
      const stmt = conn.prepare(source);
      if (!stmt.reader) return { rows: [], rowCount: stmt.run(...params).changes };
      const rows = stmt.raw(false).all(...params) as Record<string, unknown>[];
      return { rows, rowCount: rows.length };
    });
  };
  Object.assign(db, { execute: executeRaw });

  const begin = proxy.transaction.bind(proxy) as (fn: (tx: object) => Promise<unknown>, config?: object) => Promise<unknown>;
  Object.assign(db, {
    transaction: (fn: (tx: object) => Promise<unknown>) => {
      if (inTransaction.getStore()) {
        throw new Error('db.transaction() inside a transaction: pass the transaction down (tx.transaction() nests)');
      }
      const body = (tx: object) => fn(Object.assign(tx, { execute: executeRaw, [ROOT]: db }));
      const store: { savepoint: string; group?: Group } = { savepoint: `tx${++savepoints}` };
      // The mutex is held until the savepoint is released; the caller is answered once its group has committed.
      return exclusive(() => inTransaction.run(store, () => begin(body, { behavior: 'immediate' }))).then((result) => store.group!.committed.then(() => result));
    },
  });

  opened.set(db, {
    engine: 'sqlite',
    sqlite: writer,
    async close() {
      await exclusive(commits.commit);
      if (reader !== writer) reader.close();
      writer.close();
    },
    async migrate() {
      await exclusive(() => {
        commits.commit();
        // SQLite changes a column's constraints by copying the table (drizzle-kit writes `__new_<table>`, then
        // drops the old one). With foreign keys on, that DROP would cascade to every child row, and the
        // migration's own `PRAGMA foreign_keys=OFF` does nothing inside the migrator's transaction: so they are
        // off around it (SQLite's documented way), and checked before they are on again.
        writer.pragma('foreign_keys = OFF');
        try {
          migrateSqlite(drizzleSqliteSync(writer), { migrationsFolder: migrationsFolder('sqlite') });
          const broken = writer.pragma('foreign_key_check') as { table: string; parent: string }[];
          if (broken.length) throw new Error(`Migration left ${broken.length} rows with broken foreign keys (first: ${broken[0]!.table} → ${broken[0]!.parent})`);
        } finally {
          writer.pragma('foreign_keys = ON');
        }
      });
    },
  });
  return db;
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

// bigint (count(*), sum of integers) and numeric (round(x::numeric, 2)) arrive as strings by default; every
// value we read fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * A span per statement (tracing on): its SQL text with placeholders, never the values. Both call styles: a
 * promise (transactions use the client directly) and a callback (pool.query, which is how Drizzle runs a
 * statement outside a transaction, hands the client its callback).
 */
function traceQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
    if (!text) return query(config, ...rest);
    const attributes = { 'db.system': 'postgresql', 'db.statement': text };
    const callback = rest.at(-1);
    if (typeof callback !== 'function') return inSpan(spanName(text), 'client', attributes, () => query(config, ...rest));
    const args = rest.slice(0, -1);
    const done = callback as (err: unknown, result?: unknown) => void;
    inSpan(
      spanName(text),
      'client',
      attributes,
      () => new Promise((resolve, reject) => void query(config, ...args, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)))),
    ).then(
      (result) => done(null, result),
      (err: unknown) => done(err),
    );
    return undefined;
  };
}

const spanName = (source: string) => `db ${/^\s*(\w+)/.exec(source)?.[1]?.toLowerCase() ?? 'query'}`;

/** Held while migrating: servers booting at once migrate one after the other. */
const MIGRATION_LOCK = 7_280_001;

/**
 * Names every parameterised statement after its text, so each connection parses and plans it once and then
 * only binds and executes it (node-postgres keeps named statements per connection). Our SQL comes from Drizzle,
 * so there are a few hundred distinct texts. (Behind PgBouncer in transaction mode, PgBouncer 1.21+ with
 * max_prepared_statements set handles this; with older poolers set PG_PREPARED_STATEMENTS=false.)
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name && rest.length && Array.isArray(rest[0]) && rest[0].length) {
      const text = (config as { text: string }).text;
      let name = names.get(text);
      if (!name) names.set(text, (name = `pp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
      return query({ ...(config as object), name }, ...rest);
    }
    return query(config, ...rest);
  };
}

function openPostgres(url: string, max: number, prepared: boolean): DB {
  // Pipelined connections, each transaction's BEGIN written with its first statement (pg-trips.ts).
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, pipeline: true });
  pool.on('connect', beginWithFirstStatement);
  // A connection that breaks (the server restarted) fails the statements it carries, and the pool drops it. Its
  // 'error' event is logged here: node-postgres emits it on a connection a transaction holds too, where the pool
  // listens no more, and an 'error' event nobody listens to ends the process.
  pool.on('error', () => undefined); // the connection's own listener below logged it
  pool.on('connect', (client) => client.on('error', (err) => console.error('PostgreSQL connection error:', err.message)));
  if (prepared) pool.on('connect', prepareStatements);
  if (tracingEnabled()) pool.on('connect', traceQueries);
  const db = drizzlePg(pool) as unknown as DB;
  // A transaction's handle names its database and its connection, for the prepared queries (`prepared`).
  const begin = db.transaction.bind(db);
  Object.assign(db, {
    transaction: (fn: (tx: object) => Promise<unknown>, config?: Parameters<DB['transaction']>[1]) =>
      begin((tx) => fn(Object.assign(tx, { [ROOT]: db, [CONNECTION]: (tx as unknown as { session: { client: pg.PoolClient } }).session.client })), config),
  });
  opened.set(db, {
    engine: 'postgres',
    pool,
    close: () => pool.end(),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder('postgres') });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
  });
  return db;
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock (on its own connection), so servers booting at once take
 * turns; on SQLite it just runs `fn` (its writers are serialised already).
 */
export async function withAdvisoryLock<T>(db: DB, key: number, fn: () => Promise<T>): Promise<T> {
  const pool = handle(db).pool;
  if (!pool) return fn();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

/**
 * How many committed migrations this database has not applied (readiness: a server whose schema is behind its
 * code must not take traffic). drizzle's migrator applies every journal entry newer than the last applied one.
 */
export async function pendingMigrations(db: DB): Promise<number> {
  const journal = journalOf(ENGINE);
  const table = ENGINE === 'postgres' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
  const { rows } = await db.execute<{ last: string | number | null }>(sql`select max(created_at) as last from ${table}`);
  const last = Number(rows[0]?.last ?? 0);
  return journal.filter((when) => when > last).length;
}

const journals = new Map<Engine, number[]>();
function journalOf(engine: Engine): number[] {
  let when = journals.get(engine);
  if (!when) {
    const file = path.join(migrationsFolder(engine), 'meta/_journal.json');
    when = (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when);
    journals.set(engine, when);
  }
  return when;
}

/** A trivial round trip (readiness). */
export async function pingDatabase(db: DB): Promise<void> {
  await db.execute(sql`select 1`);
}
