// Structured logs (pino): JSON lines on stdout in production, readable lines in development (pino-pretty, a
// development dependency, when it is installed), the level from LOG_LEVEL. Every unit of work has an id: a
// request's (an incoming X-Request-Id when well formed, else a new one), a job's (the id of the request that
// queued it), a periodic task's run, the server's start. It is on every line written while that work runs,
// including lines written through console.* by our code or a library, which the server routes here. Every
// line passes the one redaction list (../redact.ts) on its way out.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { redactText, redactValue } from '../redact';

interface WorkContext {
  requestId: string;
  userId?: number;
}

const work = new AsyncLocalStorage<WorkContext>();

/** A well-formed request id: 1-64 letters, digits, '-', '_' or '.' (anything else is replaced, never logged). */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const newRequestId = () => randomUUID();

/** The id of the work running now (a request, a job, a task), if any. */
export const currentRequestId = (): string | undefined => work.getStore()?.requestId;

/** Runs `fn` as one unit of work with this id: every line it writes carries it. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return work.run({ requestId }, fn);
}

/** Makes the rest of this async flow (the server's start, say) one unit of work with this id. */
export function enterWork(requestId: string): void {
  work.enterWith({ requestId });
}

/** Notes the signed-in user of the running request (for its log lines). */
export function noteUser(userId: number | undefined): void {
  const store = work.getStore();
  if (store && userId !== undefined) store.userId = userId;
}

export interface LogConfig {
  LOG_LEVEL: pino.LevelWithSilent;
  NODE_ENV: string;
}

/** Readable output in development when pino-pretty is installed (it is a development dependency). */
function prettyTransport(): pino.TransportSingleOptions | undefined {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } };
  } catch {
    return undefined;
  }
}

/** pino's isoTime, formatted once per millisecond (a busy server writes several lines in one). */
let lastMs = -1;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) [lastMs, lastTime] = [now, `,"time":"${new Date(now).toISOString()}"`];
  return lastTime;
}

export function createLogger(config: LogConfig, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: isoTime,
    messageKey: 'msg',
    // The work's id and user on every line.
    mixin: () => {
      const store = work.getStore();
      return store ? { requestId: store.requestId, ...(store.userId !== undefined ? { userId: store.userId } : {}) } : {};
    },
    formatters: {
      level: (label) => ({ level: label }),
      // Fields by secret name, and secrets hidden in any string field, never leave the process.
      log: (object) => redactValue(object) as Record<string, unknown>,
    },
    hooks: {
      // The message itself (with printf-style arguments applied) goes through the same redaction.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (typeof first === 'string') return method.call(this, redactText(format(first, ...rest)));
        if (rest.length && typeof rest[0] === 'string') return method.call(this, first as object, redactText(format(...(rest as [string, ...unknown[]]))));
        return method.apply(this, args);
      },
    },
  };
  if (destination) return pino(options, destination);
  const pretty = config.NODE_ENV === 'development' ? prettyTransport() : undefined;
  return pretty ? pino({ ...options, transport: pretty }) : pino(options);
}

/** Sends console.* of this process to the logger (redacted, with the running work's id), as one JSON line each. */
export function routeConsoleTo(logger: Logger, target: Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'> = console): void {
  const levels = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' } as const;
  for (const name of Object.keys(levels) as (keyof typeof levels)[]) {
    const level = levels[name];
    target[name] = (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      if (err)
        logger[level]({ err: { type: err.name, message: redactText(err.message), stack: redactText(err.stack ?? '') } }, format(...args.filter((a) => a !== err)) || err.message);
      else logger[level](format(...args));
    };
  }
}
