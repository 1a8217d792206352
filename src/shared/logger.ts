/**
 * A small structured logger. It never receives request bodies, e-mail addresses, passwords or
 * tokens: callers log ids and counts only.
 */
type Level = 'error' | 'warn' | 'info' | 'debug';
const order: Record<Level, number> = { error: 0, warn: 1, info: 2, debug: 3 };
let threshold: Level = 'info';

export function setLogLevel(level: Level): void {
  threshold = level;
}

function write(level: Level, scope: string, message: string, fields?: Record<string, unknown>): void {
  if (order[level] > order[threshold]) return;
  const extra = fields && Object.keys(fields).length ? ' ' + JSON.stringify(fields, bigintSafe) : '';
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${scope}] ${message}${extra}\n`;
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
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
