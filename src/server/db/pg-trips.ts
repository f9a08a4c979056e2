// Fewer round trips to PostgreSQL. Each statement costs the app server a write to PostgreSQL's socket and a
// wake-up of its process on another core, more CPU than most of our statements take to build and read back
// (docs/decisions/014-postgres-round-trips.md). The pool's connections run in
// node-postgres's pipeline mode: a statement is written at once, without waiting for the one before it to be
// answered (each still has its own Sync, so one failing does not swallow the others' answers). On top of it:
// - a transaction's BEGIN is held back and written with its first statement, in one write: PostgreSQL answers
//   both in one wake-up. Every transaction saves a round trip.
// - `inOneTrip` writes statements that do not depend on each other's answers together (see below).
// - `lastTrip` does the same with a transaction's last statements, and writes its COMMIT with them.
import type pg from 'pg';
import type { Socket } from 'node:net';

type Query = (config: unknown, ...rest: unknown[]) => unknown;
/** What node-postgres answers a BEGIN with (Drizzle does not read it). */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);
/** What a connection is asked for to write its transaction's COMMIT now, in the write being corked (`lastTrip`). */
const COMMIT_NOW = Object.freeze({ text: 'commit' });
type Answer = { command?: string };
/** On a pipelined connection: how many statements it was asked for so far (`lastTrip` checks its runs by it). */
const ASKED = Symbol('statements asked');
const askedOf = (client: pg.PoolClient) => (client as unknown as { [ASKED]: number })[ASKED];
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
  /** The COMMIT written with the transaction's last trip, until Drizzle's COMMIT (or ROLLBACK) reads it. */
  let ended: Promise<Answer> | null = null;
  const flush = () => {
    if (!corked) return;
    corked = false;
    streamOf(client).uncork();
  };
  const counted = client as unknown as { [ASKED]: number };
  counted[ASKED] = 0;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    counted[ASKED]++;
    if (config === COMMIT_NOW) {
      const began = begun;
      begun = null;
      const answer = query('commit') as Promise<Answer>;
      ended = began ? Promise.all([began, answer]).then(([err, a]) => (err ? Promise.reject(err as Error) : a)) : answer;
      ended.catch(() => undefined); // read when Drizzle commits or rolls back: no unhandled rejection meanwhile
      return ended;
    }
    if (ended) return afterLastTrip(config);
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

  /**
   * Drizzle's COMMIT after `lastTrip` answers what the COMMIT written with that trip answered (PostgreSQL answers
   * a COMMIT of a transaction that a failed statement aborted with ROLLBACK: a failure). Its ROLLBACK (a
   * statement of the trip failed) sends nothing: the transaction is over. Anything else would run outside the
   * transaction, so it is refused, as is a ROLLBACK of a transaction that did commit.
   */
  function afterLastTrip(config: unknown): Promise<Answer> {
    const text = textOf(config);
    const answer = ended!;
    if (text === 'commit' || text === 'rollback') ended = null;
    if (text === 'commit') return answer.then((a) => (a.command === 'COMMIT' ? a : Promise.reject(new Error('PostgreSQL rolled the transaction back at its COMMIT.'))));
    if (text === 'rollback')
      return answer.then(
        (a) => (a.command === 'COMMIT' ? Promise.reject(new Error('The transaction was committed with its last trip: it cannot be rolled back.')) : a),
        () => ({ command: 'ROLLBACK' }),
      );
    return Promise.reject(new Error("A statement after a transaction's last trip would run outside the transaction."));
  }
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

/**
 * A transaction's last statements (none may read another's answer), and its COMMIT, in one round trip on
 * PostgreSQL: written together, run in order there, then the transaction commits. Must be the last thing the
 * transaction does: a statement after it is refused (it would run outside the transaction); a failure among them
 * fails the transaction as `inOneTrip`'s do, and nothing of it is written. Each run must start its statement at
 * once (as `inOneTrip` asks) or have none; the COMMIT is not written otherwise. On SQLite, and in a transaction
 * nested in another (its handle names no connection: its end is a savepoint's), `inOneTrip`.
 */
export async function lastTrip<T extends readonly unknown[]>(tx: object, runs: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const connection = (tx as { [TRIP_CONNECTION]?: pg.PoolClient })[TRIP_CONNECTION];
  if (!connection) return inOneTrip<T>(tx, runs);
  const stream = streamOf(connection);
  stream.cork();
  let started: Promise<unknown>[] = [];
  try {
    const before = askedOf(connection);
    started = runs.map((run) => run());
    const asked = askedOf(connection) - before;
    // The COMMIT goes out only if every run started its statement by now, or has none (already answered): a
    // statement started later would miss the transaction it belongs to, and one that failed before starting
    // must fail the transaction. (A microtask or two, the socket still corked.)
    const states = await Promise.all(started.map(stateOf));
    if (states.includes('rejected')) await Promise.all(started); // throws that run's failure
    if (states.filter((state) => state === 'pending').length > asked) {
      throw new Error("A statement of a transaction's last trip did not start at once: the transaction is not committed.");
    }
    void (connection.query as unknown as Query)(COMMIT_NOW);
  } finally {
    stream.uncork();
  }
  return (await Promise.all(started)) as unknown as T;
}

/** Whether a run's promise is answered already (it had no statement to run), failed already, or waits for its statement. */
async function stateOf(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let tick = 0; tick < 3; tick++) await Promise.resolve(); // an answered promise's handlers run within these
  return state;
}
