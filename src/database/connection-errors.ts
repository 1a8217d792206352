/** Thrown without trying when the database is known to be away (see guardPool). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';
  constructor() {
    super('The database cannot be reached');
  }
}

/** What the pool says when no connection came free in time (all busy, or the database silent). */
export const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'DB_UNAVAILABLE']);
/**
 * SQLSTATEs that say the server, not the statement, failed: class 08 (connection exception),
 * 57P01..57P03 (terminated by an administrator, crash shutdown, starting up or in recovery) and
 * 53300 (too many connections). A database closed to connections says so only in its message.
 */
const SERVER_STATES = /^(08...|57P0[123]|53300)$/;
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'not currently accepting connections',
  POOL_WAIT_TIMEOUT,
];

/** True when `err` says the database (or the way to it) is away, not that a statement was wrong. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SERVER_STATES.test(e.code))) return true;
  return typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m));
}
