// Fewer round trips to PostgreSQL. Each statement costs the app server a write to PostgreSQL's socket and a
// wake-up of its process on another core, more CPU than most of our statements take to build and read back
// (docs/decisions/014-postgres-round-trips.md). The pool's connections run in
// node-postgres's pipeline mode: a statement is written at once, without waiting for the one before it to be
// answered (each still has its own Sync, so one failing does not swallow the others' answers). On top of it:
// - a transaction's BEGIN is held back and written with its first statement, in one write: PostgreSQL answers
//   both in one wake-up. Every transaction saves a round trip.
// - `inOneTrip` writes statements that do not depend on each other's answers together (see below).
import type pg from 'pg';
import type { Socket } from 'node:net';

type Query = (config: unknown, ...rest: unknown[]) => unknown;
/** What node-postgres answers a BEGIN with (Drizzle does not read it). */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);
const streamOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Socket } }).connection.stream;

/**
 * On a pipelined connection: BEGIN is corked and answered at once; the statement after it is written with it.
 * A BEGIN that failed (the connection broke) fails the COMMIT, so a transaction never reports success without
 * one; its statements have failed already on the same connection.
 */
export function beginWithFirstStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  let corked = false;
  let begun: Promise<unknown> | null = null;
  const flush = () => {
    if (!corked) return;
    corked = false;
    streamOf(client).uncork();
  };
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const text = textOf(config);
    if (text === 'begin' && typeof rest.at(-1) !== 'function' && !corked) {
      streamOf(client).cork();
      corked = true;
      begun = (query(config, ...rest) as Promise<unknown>).then(
        () => null,
        (err: unknown) => err,
      );
      // A transaction whose body waits for something else first: BEGIN goes out on the next turn of the loop.
      setImmediate(flush);
      return Promise.resolve(BEGUN);
    }
    if (corked) {
      const result = query(config, ...rest);
      flush();
      return result;
    }
    if (begun && (text === 'commit' || text === 'rollback')) {
      const began = begun;
      begun = null;
      if (text === 'rollback') return query(config, ...rest);
      return began.then((err) => (err ? Promise.reject(err as Error) : query(config, ...rest)));
    }
    return query(config, ...rest);
  };
}

/** A transaction's connection (db/client.ts sets it on the handle), for `inOneTrip`. */
export const TRIP_CONNECTION = Symbol('transaction connection');

/**
 * Runs statements that do not read each other's answers, in order: on PostgreSQL written to its socket in one
 * write (they run in that order there, in the transaction), so they cost one round trip; on SQLite one after
 * the other (no round trips to save). Each `run` must start its statement synchronously (a prepared query's
 * `execute()`, a builder's `.execute()`: awaiting a builder starts it a microtask later, outside the write) and
 * return its promise. If one fails, the transaction fails: PostgreSQL
 * refuses the statements after it, and the first failure is thrown.
 */
export async function inOneTrip<T extends readonly unknown[]>(tx: object, runs: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const connection = (tx as { [TRIP_CONNECTION]?: pg.PoolClient })[TRIP_CONNECTION];
  if (!connection) {
    const results: unknown[] = [];
    for (const run of runs) results.push(await run());
    return results as unknown as T;
  }
  const stream = streamOf(connection);
  stream.cork();
  let started: Promise<unknown>[];
  try {
    started = runs.map((run) => run());
  } finally {
    stream.uncork();
  }
  return (await Promise.all(started)) as unknown as T;
}
