import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { redactFields, scrubText } from './log-redaction';

/**
 * The product's logger: JSON lines (pino) in production or with LOG_FORMAT=json, readable text
 * otherwise. Callers log ids and counts; field names that hold secrets or contact details are
 * redacted whatever a caller passes (log-redaction.ts), and the request being served adds its
 * reqId to every line written while handling it.
 */
type Level = 'error' | 'warn' | 'info' | 'debug';
export type LogFormat = 'json' | 'text';
const order: Record<Level, number> = { error: 0, warn: 1, info: 2, debug: 3 };
let threshold: Level = 'info';
let format: LogFormat = 'text';

/** Where each line goes; tests capture it (see setLogSink). */
type Sink = (line: string, level: Level) => void;
const standardSink: Sink = (line, level) => (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
let sink: Sink = standardSink;

/**
 * The time field of a JSON line, formatted once a millisecond: a busy server writes a line an
 * answer, many to the millisecond, and the date's formatting was a visible part of each.
 */
let stampedAt = -1;
let stamp = '';
function jsonTime(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

// pino serialises and escapes; writing through our own sink keeps one place that decides where
// a line goes (stdout, or stderr for warnings and errors, as in text).
let json = makeJson();
function makeJson() {
  let target: Level = 'info';
  const out = pino(
    {
      level: 'debug',
      base: undefined,
      messageKey: 'msg',
      timestamp: jsonTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => sink(line, target) },
  );
  return (level: Level, fields: Record<string, unknown>, message: string) => {
    target = level;
    out[level](fields, message);
  };
}

const context = new AsyncLocalStorage<{ readonly reqId: string }>();

/** Runs `fn` so that every line logged inside it (and in what it starts) carries this reqId. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

/** The reqId of the request being handled here, if any. */
export const currentRequestId = (): string | undefined => context.getStore()?.reqId;

export function setLogLevel(level: Level): void {
  threshold = level;
}

export function setLogFormat(next: LogFormat): void {
  format = next;
}

/** Sends every line to `next` instead of stdout/stderr (undefined: back to them). */
export function setLogSink(next: Sink | undefined): void {
  sink = next ?? standardSink;
  json = makeJson();
}

function write(level: Level, scope: string, message: string, fields?: Record<string, unknown>): void {
  if (order[level] > order[threshold]) return;
  const reqId = currentRequestId();
  const safe = { ...(fields ? (redactFields(fields) as Record<string, unknown>) : {}) };
  const msg = scrubText(message);
  if (format === 'json') {
    json(level, { scope, ...(reqId ? { reqId } : {}), ...safe }, msg);
    return;
  }
  const all = reqId ? { reqId, ...safe } : safe;
  const extra = Object.keys(all).length ? ' ' + JSON.stringify(all, bigintSafe) : '';
  sink(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${scope}] ${msg}${extra}\n`, level);
}

const bigintSafe = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

export type Logger = {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
};

export function logger(scope: string): Logger {
  return {
    error: (m, f) => write('error', scope, m, f),
    warn: (m, f) => write('warn', scope, m, f),
    info: (m, f) => write('info', scope, m, f),
    debug: (m, f) => write('debug', scope, m, f),
  };
}
